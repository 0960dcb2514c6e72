/**
 * The Schedule group (spec §4.2, §4.3; issue 6): appointments and their status table, patient
 * confirmation, blocks, availability and self booking, the wait list, sharing, the receivable an
 * appointment generates, and confirmation notifications.
 */
export { scheduleModule } from './module.js';
export { appointments, type Appointment } from './appointment-record.js';
export { scheduleBlocks, type ScheduleBlock } from './block-record.js';
export { receivables, type Receivable } from './receivable-record.js';
export { scheduleSettings } from './settings-record.js';
export { scheduleShares } from './sharing-ops.js';
export { waitList } from './wait-list-ops.js';
export { CONFIRMATION_TEMPLATE } from './notification-ops.js';
export { STATUS, STATUS_LABELS, TRANSITIONS, type Status } from './status.js';
