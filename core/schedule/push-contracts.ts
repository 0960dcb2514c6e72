/** Push contracts of the schedule group's collections (core/sync/push-contract.ts). */
import { z } from 'zod';
import { recordBaseShape, storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { appointmentOutput } from './appointment-record.js';
import { blockOutput } from './block-record.js';
import { shareOutput } from './sharing-ops.js';
import { receivablePushSchema, waitListPushSchema } from './sync-rules.js';
import { settingsOutput } from './settings-record.js';

/** A UTC query key (`…Z`), as operations store `startUtc`/`endUtc`. */
const utcKey = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/, {
  error: 'data e hora UTC (…Z)',
});

/** Push contract of `appointments` (core/sync/push-contract.ts). */
export const appointmentPush: PushContract = {
  record: storedRecord(appointmentOutput, { startUtc: utcKey, endUtc: utcKey }),
  deletes: { refuse: 'um agendamento não é apagado: cancele-o pela operação (o histórico fica)' },
  sample: (refs) => ({
    clinic: refs.clinic,
    professional: refs.professional,
    patient: refs.patient,
    events: [],
    start: '2026-11-24T09:00:00-03:00',
    end: '2026-11-24T09:30:00-03:00',
    startUtc: '2026-11-24T12:00:00.000Z',
    endUtc: '2026-11-24T12:30:00.000Z',
    timeZone: 'America/Sao_Paulo',
    status: 1,
    patientConfirmation: { confirmed: false, at: null, channel: null, by: null },
    selfBooked: false,
    overbooking: false,
    createdBy: refs.professional,
    history: [],
  }),
};

/** Push contract of `schedule_blocks` (core/sync/push-contract.ts). */
export const scheduleBlockPush: PushContract = {
  record: storedRecord(blockOutput, { startUtc: utcKey, endUtc: utcKey }),
  deletes: {
    allow: 'scheduleBlock.unlock removes blocks for good: a block only keeps a time free, it records no care',
  },
  sample: (refs) => ({
    professional: refs.professional,
    start: '2026-11-25T12:00:00-03:00',
    end: '2026-11-25T14:00:00-03:00',
    startUtc: '2026-11-25T15:00:00.000Z',
    endUtc: '2026-11-25T17:00:00.000Z',
    timeZone: 'America/Sao_Paulo',
    reason: 'Congresso',
    series: refs.idOf('schedule_blocks'),
    createdBy: refs.professional,
  }),
};

/** Push contract of `wait_list` (core/sync/push-contract.ts). */
export const waitListPush: PushContract = {
  record: z.object(recordBaseShape).and(waitListPushSchema),
  deletes: { refuse: 'uma entrada da lista de espera não é apagada: remova pela operação (fica no histórico)' },
  sample: (refs) => ({
    patient: refs.patient,
    professional: refs.professional,
    periods: [],
    priority: 'normal',
    active: true,
    createdBy: refs.professional,
  }),
};

/** Push contract of `receivables` (core/sync/push-contract.ts). */
export const receivablePush: PushContract = {
  record: receivablePushSchema.extend(recordBaseShape),
  deletes: { refuse: 'um recebível não é apagado: cancele-o pela operação (fica no histórico)' },
  sample: (refs) => ({
    appointment: refs.idOf('appointments'),
    patient: refs.patient,
    clinic: refs.clinic,
    amountCentavos: 25_000,
    dueDate: '2026-11-24',
    description: 'Consulta',
    status: 'open',
    createdBy: refs.professional,
  }),
};

/** Push contract of `schedule_settings` (core/sync/push-contract.ts). */
export const scheduleSettingsPush: PushContract = {
  record: storedRecord(settingsOutput.omit({ saved: true }), {}),
  deletes: { refuse: 'as configurações da agenda não são apagadas: edite-as pela operação' },
  sample: (refs) => ({ clinic: refs.clinic, slotMinutes: 30, returnWindowDays: 30, workingHours: [] }),
};

/** Push contract of `schedule_shares` (core/sync/push-contract.ts). */
export const scheduleSharePush: PushContract = {
  record: storedRecord(shareOutput, {}),
  deletes: { allow: 'scheduleShare.remove deletes a share for good: it only grants access, records no care' },
  sample: (refs) => ({
    professional: refs.professional,
    sharedWith: refs.professional,
    permission: 'read',
    status: 'pending',
    invitedBy: refs.professional,
  }),
};
