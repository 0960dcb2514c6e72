/**
 * The tickets group (issue #9, first slice): service lines per clinic, tickets numbered per service per
 * clinic per day, calling rules, the panel's list. Attendance places are the clinic's
 * (`clinic.place.list`, spec Totem "list attendance places of the clinic").
 */
import { callTicket, getTicket, recallTicket, resetTicket, startTicket } from './call-ops.js';
import './push-contracts.js';
import { getTicketControl, saveTicketControl } from './control-ops.js';
import { createTicket, createTicketForPlace } from './issue-ops.js';
import { listPanelTickets } from './panel-ops.js';
import { ticketControls } from './ticket-control-record.js';
import { tickets } from './ticket-record.js';
import { totemCheckIn, totemLookup } from './totem-ops.js';
import './ticket-sync-rules.js';

export { firstName } from './totem-ops.js';
export { clinicDay, ticketSeries } from './ticket-day.js';
export { nextTicket, priorityStreak, type Candidate } from './calling-rules.js';
export { ticketControls, type TicketControl, type TicketService } from './ticket-control-record.js';
export { ticketCode, tickets, type Ticket, type TicketClass, type PriorityReason } from './ticket-record.js';

/** This group's collections, for `allCollections`. */
export const ticketCollections = [tickets, ticketControls];
/** This group's operations, for `allOperations`. */
export const ticketGroupOperations = [
  createTicket,
  createTicketForPlace,
  callTicket,
  recallTicket,
  resetTicket,
  startTicket,
  getTicket,
  getTicketControl,
  saveTicketControl,
  listPanelTickets,
  totemLookup,
  totemCheckIn,
];
