/**
 * Appointment operations of spec §4.3: create, get, the schedule view, edit and edit notes. Every
 * write runs in a store transaction that checks the professional's slot first (issue 6: double
 * booking refused with 409 unless `overbooking`, the encaixe, is asked for).
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { users } from '#core/access/user.js';
import { patients } from '#core/patient/patient-record.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { events } from '#core/clinic/event-record.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase, nowIso } from '#core/common/records.js';
import { textInput } from '#core/br/schemas.js';
import { reaisInput } from '#core/price/money.js';
import { defineOperation } from '#core/operation.js';
import {
  appointmentOutput,
  appointments,
  PAYMENT_METHODS,
  scheduleIdInput,
  type Appointment,
} from './appointment-record.js';
import { checkRefs, loadAppointment, placeTimes, transition } from './appointment-write.js';
import { assertSlotFree, recheckAfterWrite } from './occupancy.js';
import { STATUS } from './status.js';
import { instantInput } from './time.js';

export const GROUP = 'Schedule';

/** Fields that place an appointment; shared by create and edit. */
const placement = {
  clinic: refInput(() => clinics),
  professional: refInput(() => users),
  patient: refInput(() => patients).describe('paciente ou paciente temporário'),
  start: instantInput,
  end: instantInput,
  specialty: refInput(() => specialties).optional(),
  events: z
    .array(refInput(() => events))
    .max(50)
    .default([]),
  insurance: refInput(() => insurances).optional(),
  insurancePlan: idInput.optional(),
  place: idInput.optional(),
  overbooking: z.boolean().default(false).describe('encaixe: marcar mesmo sobre horário ocupado ou bloqueado'),
};

const createInput = z.strictObject({
  ...placement,
  notes: textInput(4000).optional(),
  copart: reaisInput.optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  reservation: z.strictObject({ reason: textInput(500), until: instantInput.optional() }).optional(),
});

/** The fields a new appointment starts with, beyond what the caller gave. */
export function newAppointmentState(createdBy: string, at: string, reserved: boolean) {
  const status = reserved ? STATUS.reserved : STATUS.scheduled;
  return {
    status,
    patientConfirmation: { confirmed: false, at: null, channel: null, by: null },
    createdBy,
    history: [{ at, by: createdBy, from: null, to: status, action: 'create' }],
  };
}

/** `appointment.create`: `POST /appointment/` (201 `{ message, appointment }`). */
export const createAppointment = defineOperation({
  name: 'appointment.create',
  group: GROUP,
  summary: 'Cria um agendamento',
  description:
    'Só clínica, paciente, profissional, início e fim são obrigatórios. Horário ocupado ou bloqueado: 409, salvo com `overbooking: true` (encaixe).',
  permission: 'appointment:write',
  input: createInput,
  output: z.object({ message: z.string(), appointment: appointmentOutput }),
  http: { method: 'POST', path: '/appointment/', status: 201 },
  example: {
    clinic: EXAMPLE_ID,
    professional: EXAMPLE_ID,
    patient: EXAMPLE_ID,
    start: '2026-11-24T09:00:00-03:00',
    end: '2026-11-24T09:30:00-03:00',
  },
  async run(ctx, input) {
    const appointment = await ctx.store.transaction(async (tx) => {
      const clinic = await checkRefs(tx, input);
      const times = placeTimes(input.start, input.end, clinic.timeZone);
      if (!input.overbooking)
        await assertSlotFree(tx, { ...times, professional: input.professional, clinic: clinic.id });
      const base = newRecordBase({ ...ctx, store: tx });
      const record: Appointment = compact({
        ...base,
        ...input,
        ...times,
        selfBooked: false,
        ...newAppointmentState(ctx.actor.id, base.createdAt, input.reservation !== undefined),
        reservation: input.reservation,
      });
      const saved = await tx.collection(appointments).insert(record);
      if (!input.overbooking)
        await recheckAfterWrite(tx, { ...times, professional: input.professional, clinic: clinic.id }, saved.id);
      return saved;
    });
    return { message: 'Agendamento criado', appointment };
  },
});

/** `appointment.get`: `GET /appointment/{id}`, with `patientConfirmation`. */
export const getAppointment = defineOperation({
  name: 'appointment.get',
  group: GROUP,
  summary: 'Mostra um agendamento, com a confirmação do paciente',
  permission: 'appointment:read',
  input: z.strictObject({ id: scheduleIdInput }),
  output: appointmentOutput,
  http: { method: 'GET', path: '/appointment/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => loadAppointment(ctx.store, id),
});

/** `appointment.edit`: `PUT /appointment/{id}` replaces where, when and for what; moving checks the slot. */
export const editAppointment = defineOperation({
  name: 'appointment.edit',
  group: GROUP,
  summary: 'Edita um agendamento (horário, profissional, paciente, convênio, eventos)',
  description:
    'Substitui os campos de marcação (os omitidos são limpos); observações, coparticipação e forma de pagamento têm operações próprias. Só para agendados ou reservados.',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput, ...placement }),
  output: appointmentOutput,
  http: { method: 'PUT', path: '/appointment/{id}' },
  example: {
    id: EXAMPLE_ID,
    clinic: EXAMPLE_ID,
    professional: EXAMPLE_ID,
    patient: EXAMPLE_ID,
    start: '2026-11-24T10:00:00-03:00',
    end: '2026-11-24T10:30:00-03:00',
  },
  async run(ctx, { id, ...input }) {
    return transition(
      ctx,
      id,
      'edit',
      async (current, tx) => {
        const clinic = await checkRefs(tx, input);
        const times = placeTimes(input.start, input.end, clinic.timeZone);
        if (!input.overbooking)
          await assertSlotFree(tx, { ...times, professional: input.professional, clinic: clinic.id }, id);
        const moved =
          times.startUtc !== current.startUtc ||
          times.endUtc !== current.endUtc ||
          input.professional !== current.professional;
        const cleared = { specialty: undefined, insurance: undefined, insurancePlan: undefined, place: undefined };
        const history = moved
          ? [
              ...current.history,
              {
                at: nowIso(ctx),
                by: ctx.actor.id,
                from: current.status,
                to: current.status,
                action: 'move',
                reason: `de ${current.start} (${current.professional})`,
              },
            ]
          : current.history;
        return compact({ ...current, ...cleared, ...input, ...times, history });
      },
      undefined,
      (saved, tx) => (saved.overbooking ? Promise.resolve() : recheckAfterWrite(tx, saved, saved.id)),
    );
  },
});

/** `appointment.editNotes`: `PUT /appointment/{id}/notes`; empty text clears them. */
export const editAppointmentNotes = defineOperation({
  name: 'appointment.editNotes',
  group: GROUP,
  summary: 'Edita as observações de um agendamento',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput, notes: z.string().trim().max(4000) }),
  output: appointmentOutput,
  http: { method: 'PUT', path: '/appointment/{id}/notes' },
  example: { id: EXAMPLE_ID, notes: 'Trazer exames anteriores' },
  run: (ctx, { id, notes }) =>
    transition(ctx, id, 'editNotes', (current) => compact({ ...current, notes: notes || undefined })),
});
