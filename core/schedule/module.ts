/**
 * The Schedule group (spec §4.2, §4.3; issue 6): appointments, blocks, settings, the wait list,
 * sharing and the receivable an appointment generates: the domain module (core/module.ts).
 */
import { healthData } from '#core/access/policy.js';
import { r, rw } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { appointmentFlowOperations } from './appointment-flow-ops.js';
import { generateFinanceRecord, setCopart, setPaymentMethod } from './appointment-money-ops.js';
import { createAppointment, editAppointment, editAppointmentNotes, getAppointment } from './appointment-ops.js';
import { appointments } from './appointment-record.js';
import { createSelfAppointment, getAvailability } from './availability-ops.js';
import { blockOperations } from './block-ops.js';
import { scheduleBlocks } from './block-record.js';
import { confirmAppointment, unconfirmAppointment } from './confirmation-ops.js';
import { notifyByEmail, notifyBySms, notifyByWhatsapp } from './notification-ops.js';
import {
  appointmentPush,
  receivablePush,
  scheduleBlockPush,
  scheduleSettingsPush,
  scheduleSharePush,
  waitListPush,
} from './push-contracts.js';
import { receivables } from './receivable-record.js';
import { validateReturn } from './return-check-ops.js';
import { scheduleReview } from './review.js';
import { listAppointments } from './schedule-view-ops.js';
import { getScheduleSettings, saveScheduleSettings } from './settings-ops.js';
import { scheduleSettings } from './settings-record.js';
import { scheduleShares, shareOperations } from './sharing-ops.js';
import { appointmentSyncRules, receivableSyncRules, scheduleBlockSyncRules, waitListSyncRules } from './sync-rules.js';
import { waitList, waitListOperations } from './wait-list-ops.js';

/** Installations hold the schedule from three months back onward. */
const RECENT_SCHEDULE = { since: 'startUtc', days: 90 } as const;

export const scheduleModule = domainModule({
  name: 'schedule',
  // The kiosk checks patients in (`attendance:write`): no appointment permission, so no list of them.
  access: {
    resources: ['appointment', 'attendance', 'waitList'],
    roles: {
      reception: rw('appointment', 'attendance', 'waitList'),
      professional: rw('appointment', 'attendance', 'waitList'),
      finance: r('appointment', 'attendance'),
      totem: rw('attendance'),
    },
  },
  collections: [
    {
      def: appointments,
      storageGroup: 'schedule',
      review: scheduleReview.appointments,
      push: appointmentPush,
      sync: appointmentSyncRules,
      policy: healthData('appointment'),
      // The totem check-in (core/ticket/totem-ops.ts) moves the patient's appointment to waiting.
      grants: [{ permission: 'attendance:write', access: 'write' }],
      patientFields: ['patient'],
      window: RECENT_SCHEDULE,
    },
    {
      def: scheduleBlocks,
      storageGroup: 'schedule',
      review: scheduleReview.schedule_blocks,
      push: scheduleBlockPush,
      sync: scheduleBlockSyncRules,
      window: RECENT_SCHEDULE,
    },
    { def: scheduleSettings, storageGroup: 'schedule', push: scheduleSettingsPush },
    {
      def: waitList,
      storageGroup: 'schedule',
      review: scheduleReview.wait_list,
      push: waitListPush,
      sync: waitListSyncRules,
      policy: healthData('waitList'),
      patientFields: ['patient'],
    },
    { def: scheduleShares, storageGroup: 'schedule', push: scheduleSharePush },
    {
      def: receivables,
      storageGroup: 'finance',
      review: scheduleReview.receivables,
      push: receivablePush,
      sync: receivableSyncRules,
      // Finance data about a patient: writes are audited; the schedule's operation decides who may create one.
      policy: { resource: 'finance', check: false, audit: 'writes' },
      patientFields: ['patient'],
    },
  ],
  operations: [
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
    notifyBySms,
    createSelfAppointment,
    getAvailability,
    getScheduleSettings,
    saveScheduleSettings,
    ...blockOperations,
    ...waitListOperations,
    ...shareOperations,
  ],
});
