/**
 * The tickets group (issue #9, first slice): service lines per clinic, tickets numbered per service per
 * clinic per day, calling rules, the panel's list. Attendance places are the clinic's
 * (`clinic.place.list`, spec Totem "list attendance places of the clinic").
 */
export { ticketModule } from './module.js';

export { firstName } from './totem-ops.js';
export { clinicDay, ticketSeries } from './ticket-day.js';
export { nextTicket, priorityStreak, type Candidate } from './calling-rules.js';
export { ticketControls, type TicketControl, type TicketService } from './ticket-control-record.js';
export { ticketCode, tickets, type Ticket, type TicketClass, type PriorityReason } from './ticket-record.js';
