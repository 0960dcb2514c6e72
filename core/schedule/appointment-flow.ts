/**
 * The appointment's life after booking (spec §4.3): remove (cancel with a reason), resolve a
 * reservation, attend (check-in), call, start, finish, regress to waiting, no-show. Each is one row
 * of the transition table in `status.ts`; a forbidden move is 409 `invalid_transition`.
 */
import { z } from 'zod';
import { textInput } from '../br/schemas.js';
import { EXAMPLE_ID, nowIso } from '../clinic/common/records.js';
import { DomainError } from '../errors.js';
import { defineOperation, type Operation } from '../operation.js';
import { appointmentOutput, scheduleIdInput } from './appointment-record.js';
import { GROUP } from './appointment-ops.js';
import { loadAppointment, transition } from './appointment-write.js';
import type { AppointmentAction } from './status.js';

const ID_EXAMPLE = { id: EXAMPLE_ID };

/** `appointment.remove`: `PATCH /appointment/{id}/cancellation`, with who cancelled and why. */
export const removeAppointment = defineOperation({
  name: 'appointment.remove',
  group: GROUP,
  summary: 'Desmarca um agendamento (pelo paciente, pela clínica, ou por remarcação) com o motivo',
  description:
    'Nada é apagado: o agendamento fica no histórico com o status de desmarcado e libera o horário. `rescheduledTo` aponta o novo agendamento (status remarcado).',
  permission: 'appointment:write',
  input: z.strictObject({
    id: scheduleIdInput,
    reason: textInput(500),
    cancelledBy: z.enum(['patient', 'clinic']).default('patient'),
    rescheduledTo: scheduleIdInput.optional(),
  }),
  output: appointmentOutput,
  http: { method: 'PATCH', path: '/appointment/{id}/cancellation' },
  example: { id: EXAMPLE_ID, reason: 'Paciente viajou', cancelledBy: 'patient' },
  async run(ctx, { id, reason, cancelledBy, rescheduledTo }) {
    if (rescheduledTo === id)
      throw new DomainError('validation', 'Requisição inválida', [
        { path: 'rescheduledTo', message: 'é o próprio agendamento' },
      ]);
    if (rescheduledTo)
      await loadAppointment(ctx.store, rescheduledTo).catch(() => {
        throw new DomainError('not_found', 'Agendamento não encontrado', [
          { path: 'rescheduledTo', message: `não existe: ${rescheduledTo}` },
        ]);
      });
    const action: AppointmentAction = rescheduledTo
      ? 'reschedule'
      : cancelledBy === 'clinic'
        ? 'cancelByClinic'
        : 'cancelByPatient';
    return transition(
      ctx,
      id,
      action,
      (current) => ({
        ...current,
        cancellation: { reason, at: nowIso(ctx), by: ctx.actor.id },
        ...(rescheduledTo ? { rescheduledTo } : {}),
      }),
      reason,
    );
  },
});

/** `appointment.resolveReservation`: `PATCH /appointment/{id}/reservation`: keep (scheduled) or release it. */
export const resolveReservation = defineOperation({
  name: 'appointment.resolveReservation',
  group: GROUP,
  summary: 'Resolve um agendamento reservado: confirma a reserva (vira agendado) ou a libera',
  permission: 'appointment:write',
  input: z.strictObject({
    id: scheduleIdInput,
    decision: z.enum(['keep', 'release']),
    reason: textInput(500).optional(),
  }),
  output: appointmentOutput,
  http: { method: 'PATCH', path: '/appointment/{id}/reservation' },
  example: { id: EXAMPLE_ID, decision: 'keep' },
  run: (ctx, { id, decision, reason }) =>
    transition(
      ctx,
      id,
      decision === 'keep' ? 'confirmReservation' : 'releaseReservation',
      (current) =>
        decision === 'keep'
          ? current
          : { ...current, cancellation: { reason: reason ?? 'reserva liberada', at: nowIso(ctx), by: ctx.actor.id } },
      reason,
    ),
});

/** An action on one appointment with no input beyond its id. */
function statusAction(name: string, action: AppointmentAction, summary: string, path: string): Operation {
  return defineOperation({
    name,
    group: GROUP,
    summary,
    // The appointment is the record written, and the guarded store checks `appointment:write` on it.
    permission: 'appointment:write',
    input: z.strictObject({ id: scheduleIdInput }),
    output: appointmentOutput,
    http: { method: 'POST', path },
    example: ID_EXAMPLE,
    run: (ctx, { id }) => transition(ctx, id, action),
  });
}

/** `appointment.attend`: `POST /appointment/{id}/attendance` — check-in, the attendance starts waiting. */
export const attendAppointment = statusAction(
  'appointment.attend',
  'checkIn',
  'Registra a chegada do paciente (check-in): o atendimento fica aguardando',
  '/appointment/{id}/attendance',
);
/** `appointment.call`: `POST /appointment/{id}/call`. */
export const callAppointment = statusAction(
  'appointment.call',
  'call',
  'Chama o paciente para o atendimento',
  '/appointment/{id}/call',
);
/** `appointment.startAttendance`: `POST /appointment/{id}/attendance/start`. */
export const startAttendance = statusAction(
  'appointment.startAttendance',
  'start',
  'Inicia o atendimento',
  '/appointment/{id}/attendance/start',
);
/** `appointment.finishAttendance`: `POST /appointment/{id}/attendance/end`. */
export const finishAttendance = statusAction(
  'appointment.finishAttendance',
  'finish',
  'Encerra o atendimento (atendido)',
  '/appointment/{id}/attendance/end',
);
/** `appointment.regressAttendance`: `POST /appointment/{id}/attendance/regression` — back to waiting. */
export const regressAttendance = statusAction(
  'appointment.regressAttendance',
  'regress',
  'Volta o atendimento para aguardando (chamado por engano, paciente saiu da sala)',
  '/appointment/{id}/attendance/regression',
);
/** `appointment.noShow`: `POST /appointment/{id}/noShow`. */
export const markNoShow = statusAction(
  'appointment.noShow',
  'noShow',
  'Marca falta do paciente',
  '/appointment/{id}/noShow',
);

/** The operations of this file. */
export const appointmentFlowOperations = [
  removeAppointment,
  resolveReservation,
  attendAppointment,
  callAppointment,
  startAttendance,
  finishAttendance,
  regressAttendance,
  markNoShow,
];
