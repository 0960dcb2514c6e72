/**
 * The appointment's life after booking (spec §4.3): remove (cancel with a reason), resolve a
 * reservation, attend (check-in), call, start, finish, regress to waiting, no-show. Each is one row
 * of the transition table in `status.ts`; a forbidden move is 409 `invalid_transition`. A call at a
 * place also calls the patient's totem ticket (`appointment.call`).
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { consumeAttendanceKits, reverseAttendanceKits } from '#core/inventory/attendance-kits.js';
import { appointments } from './appointment-record.js';
import { textInput } from '#core/br/schemas.js';
import { can } from '#core/actor.js';
import { EXAMPLE_ID, idInput, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type Operation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import {
  callAppointmentTicket,
  calledTicketOutput,
  startAppointmentTicket,
  type CalledTicket,
} from '#core/ticket/appointment-ticket.js';
import { checkInWithTicket } from '#core/ticket/arrival-ticket.js';
import { priorityReasonInput } from '#core/ticket/ticket-record.js';
import { appointmentOutput, scheduleIdInput, type Appointment } from './appointment-record.js';
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
    rescheduledTo: refInput(() => appointments).optional(),
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

/**
 * `appointment.attend`: `POST /appointment/{id}/attendance` — check-in, the attendance starts waiting.
 * It issues the arrival's ticket in the same transaction (issue 19: every arrival joins the one queue
 * the panel counts and calls), as the totem's check-in does (core/ticket/arrival-ticket.ts).
 */
export const attendAppointment = defineOperation({
  name: 'appointment.attend',
  group: GROUP,
  summary: 'Registra a chegada do paciente (check-in): o atendimento fica aguardando, com a senha na fila',
  description:
    'Gera também, na mesma transação, a senha do paciente na fila da clínica (a que o painel conta e chama), ' +
    'como o check-in do totem: prioritária quando o cadastro comprova 60+ ou 80+ (80+ antes das demais, ' +
    'Lei 13.466/2017) ou quando a recepção informa outro motivo legal em `priorityReason`. Sem serviço de ' +
    'senhas ativo na clínica, registra só a chegada.',
  permission: 'appointment:write',
  input: z.strictObject({
    id: scheduleIdInput,
    priorityReason: priorityReasonInput
      .optional()
      .describe('prioridade legal informada na recepção (gestante, PcD…); a idade vem do cadastro'),
  }),
  output: appointmentOutput.extend({
    ticket: z
      .object({ id: z.string(), code: z.string().describe('o código mostrado no painel (`N001`)') })
      .optional()
      .describe('a senha da chegada; ausente quando a clínica não usa senhas'),
  }),
  http: { method: 'POST', path: '/appointment/{id}/attendance' },
  example: ID_EXAMPLE,
  async run(ctx, { id, priorityReason }) {
    const { appointment, ticket } = await checkInWithTicket(ctx, id, { declared: priorityReason });
    return ticket ? { ...appointment, ticket: { id: ticket.id, code: ticket.code } } : appointment;
  },
});
/**
 * `appointment.call`: `POST /appointment/{id}/call`. With `placeId` it also calls, in the same
 * transaction, the ticket the patient took at the totem's check-in, so the hall's panel shows the
 * patient the agenda called (docs/decisions/tickets.md). That part is a ticket call: it needs
 * `ticket:write` and follows the ticket rules (`callAtPlace`).
 */
export const callAppointment = defineOperation({
  name: 'appointment.call',
  group: GROUP,
  summary: 'Chama o paciente para o atendimento',
  description:
    'Com `placeId` (o guichê ou a sala que chama), chama também, na mesma transação, a senha que o paciente ' +
    'tirou no check-in do totem, se ela ainda aguarda: o painel mostra a senha e o local. Essa parte exige ' +
    'também a permissão ticket:write. A resposta traz `ticket` só quando uma senha foi chamada; sem senha ' +
    'aguardando, chama só o agendamento.',
  permission: 'appointment:write',
  input: z.strictObject({
    id: scheduleIdInput,
    placeId: idInput
      .optional()
      .describe('o local que chama (guichê, sala): chama também a senha do check-in do paciente no painel'),
  }),
  output: appointmentOutput.extend({ ticket: calledTicketOutput.optional() }),
  http: { method: 'POST', path: '/appointment/{id}/call' },
  example: ID_EXAMPLE,
  async run(ctx, { id, placeId }) {
    if (placeId === undefined) return transition(ctx, id, 'call');
    // Checked before anything is read or written: without it the call would be half done.
    if (!can(ctx.actor, 'ticket:write'))
      throw new DomainError('forbidden', 'Sem permissão para chamar a senha do paciente', [
        { path: 'placeId', message: 'chamar a senha no painel exige ticket:write' },
      ]);
    let ticket: CalledTicket | undefined;
    const saved = await transition(ctx, id, 'call', undefined, undefined, async (appointment, tx) => {
      ticket = await callAppointmentTicket({ ...ctx, store: tx }, appointment, placeId);
    });
    return ticket ? { ...saved, ticket } : saved;
  },
});
/**
 * `appointment.startAttendance`: `POST /appointment/{id}/attendance/start`. A ticket of the arrival
 * still waiting (started without a call on the panel) leaves the line in the same transaction.
 */
export const startAttendance = defineOperation({
  name: 'appointment.startAttendance',
  group: GROUP,
  summary: 'Inicia o atendimento',
  description: 'A senha da chegada que ainda aguardava na fila sai dela (o painel deixa de contá-la).',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput }),
  output: appointmentOutput,
  http: { method: 'POST', path: '/appointment/{id}/attendance/start' },
  example: ID_EXAMPLE,
  run: (ctx, { id }) =>
    transition(ctx, id, 'start', undefined, undefined, (saved, tx) =>
      startAppointmentTicket({ ...ctx, store: tx }, saved),
    ),
});
/**
 * `appointment.finishAttendance`: `POST /appointment/{id}/attendance/end`. The kits of the appointment's
 * procedures leave the clinic's stock in the same transaction (docs/decisions/inventory.md INV-008);
 * a shortage never keeps the attendance open, it shows among the stock discrepancies.
 */
export const finishAttendance = defineOperation({
  name: 'appointment.finishAttendance',
  group: GROUP,
  summary: 'Encerra o atendimento (atendido)',
  description:
    'Dá baixa, na mesma transação, dos kits dos procedimentos do agendamento no estoque da clínica (lote que ' +
    'vence primeiro, nunca lote vencido). Falta de estoque não impede o encerramento: a diferença aparece nas ' +
    'divergências de estoque para alguém conferir.',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput }),
  output: appointmentOutput,
  http: { method: 'POST', path: '/appointment/{id}/attendance/end' },
  example: ID_EXAMPLE,
  run: (ctx, { id }) => endAttendance(ctx, id),
});

/**
 * Ends an attendance (`finish` of the status table) and consumes its procedures' kits, in one
 * transaction (joined when `ctx.store` is already one). Used by the operation and by finishing the
 * medical record of an attendance.
 */
export function endAttendance(ctx: OperationContext, id: string): Promise<Stored<Appointment>> {
  return transition(ctx, id, 'finish', undefined, undefined, async (saved, tx) => {
    await consumeAttendanceKits(ctx, tx, saved, saved.history.at(-1)!.at);
  });
}
/**
 * `appointment.reopenAttendance`: `POST /appointment/{id}/attendance/reopening` — undoes the end (back
 * to in attendance); what its kits took out goes back to stock as compensating movements.
 */
export const reopenAttendance = defineOperation({
  name: 'appointment.reopenAttendance',
  group: GROUP,
  summary: 'Desfaz o encerramento do atendimento (volta para em atendimento)',
  description:
    'As baixas automáticas dos kits feitas ao encerrar voltam ao estoque como ajustes (as movimentações não são ' +
    'apagadas nem editadas).',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput }),
  output: appointmentOutput,
  http: { method: 'POST', path: '/appointment/{id}/attendance/reopening' },
  example: ID_EXAMPLE,
  run: (ctx, { id }) =>
    transition(ctx, id, 'reopen', undefined, undefined, async (saved, tx) => {
      await reverseAttendanceKits(ctx, tx, saved, saved.history.at(-1)!.at);
    }),
});
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
  reopenAttendance,
  regressAttendance,
  markNoShow,
];
