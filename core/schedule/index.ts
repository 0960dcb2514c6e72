/**
 * The Schedule group (spec §4.2, §4.3; issue 6): appointments and their status table, patient
 * confirmation, blocks, availability and self booking, the wait list, sharing, the receivable an
 * appointment generates, and confirmation notifications.
 */
import './sync-rules.js';
import './push-contracts.js';
import { appointmentFlowOperations } from './appointment-flow.js';
import { generateFinanceRecord, setCopart, setPaymentMethod } from './appointment-money.js';
import { createAppointment, editAppointment, editAppointmentNotes, getAppointment } from './appointment-ops.js';
import { appointments } from './appointment-record.js';
import { createSelfAppointment, getAvailability } from './availability.js';
import { blockOperations } from './block-ops.js';
import { scheduleBlocks } from './block-record.js';
import { confirmAppointment, unconfirmAppointment } from './confirmation.js';
import { notifyByEmail, notifyByWhatsapp } from './notification.js';
import { receivables } from './receivable-record.js';
import { validateReturn } from './return-check.js';
import { listAppointments } from './schedule-view.js';
import { getScheduleSettings, saveScheduleSettings } from './settings-ops.js';
import { scheduleSettings } from './settings-record.js';
import { scheduleShares, shareOperations } from './sharing.js';
import { waitList, waitListOperations } from './wait-list.js';

export { appointments, type Appointment } from './appointment-record.js';
export { scheduleBlocks, type ScheduleBlock } from './block-record.js';
export { receivables, type Receivable } from './receivable-record.js';
export { scheduleSettings } from './settings-record.js';
export { scheduleShares } from './sharing.js';
export { waitList } from './wait-list.js';
export { CONFIRMATION_TEMPLATE } from './notification.js';
export { STATUS, STATUS_LABELS, TRANSITIONS, type Status } from './status.js';

/** This group's collections, for `allCollections`. */
export const scheduleCollections = [
  appointments,
  scheduleBlocks,
  scheduleSettings,
  waitList,
  scheduleShares,
  receivables,
];

/** This group's operations, for `allOperations`. */
export const scheduleGroupOperations = [
  createAppointment,
  getAppointment,
  listAppointments,
  editAppointment,
  editAppointmentNotes,
  confirmAppointment,
  unconfirmAppointment,
  ...appointmentFlowOperations,
  setCopart,
  setPaymentMethod,
  generateFinanceRecord,
  validateReturn,
  notifyByEmail,
  notifyByWhatsapp,
  createSelfAppointment,
  getAvailability,
  getScheduleSettings,
  saveScheduleSettings,
  ...blockOperations,
  ...waitListOperations,
  ...shareOperations,
];
