/**
 * Money on an appointment (spec §4.3): set the copart, update the payment method (Appointments
 * group) and generate its receivable. Amounts travel in reais and are computed in centavos.
 */
import { z } from 'zod';
import { compact, EXAMPLE_ID, newRecordBase } from '#core/common/records.js';
import { textInput } from '#core/br/schemas.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { fromCentavos, reaisInput, toCentavos } from '#core/price/money.js';
import { withoutRevision, type Stored } from '#core/store/record.js';
import { appointmentOutput, appointments, PAYMENT_METHODS, scheduleIdInput } from './appointment-record.js';
import { GROUP } from './appointment-ops.js';
import { loadAppointment, transition } from './appointment-write.js';
import { receivableOutput, receivables, type Receivable } from './receivable-record.js';
import { requireTransition } from './status.js';
import { dayInput as dateInputOrDay } from './time.js';

/** `appointment.setCopart`: `PUT /appointment/{id}/copart`. */
export const setCopart = defineOperation({
  name: 'appointment.setCopart',
  group: GROUP,
  summary: 'Define a coparticipação do agendamento (reais)',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput, copart: reaisInput }),
  output: appointmentOutput,
  http: { method: 'PUT', path: '/appointment/{id}/copart' },
  example: { id: EXAMPLE_ID, copart: 35.5 },
  run: (ctx, { id, copart }) => transition(ctx, id, 'charge', (current) => ({ ...current, copart })),
});

/** `appointment.setPaymentMethod`: `PUT /appointment/{id}/paymentMethod` (Appointments group). */
export const setPaymentMethod = defineOperation({
  name: 'appointment.setPaymentMethod',
  group: 'Appointments',
  summary: 'Atualiza a forma de pagamento do agendamento',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput, paymentMethod: z.enum(PAYMENT_METHODS) }),
  output: appointmentOutput,
  http: { method: 'PUT', path: '/appointment/{id}/paymentMethod' },
  example: { id: EXAMPLE_ID, paymentMethod: 'pix' },
  run: (ctx, { id, paymentMethod }) => transition(ctx, id, 'charge', (current) => ({ ...current, paymentMethod })),
});

/** `appointment.generateFinance`: `POST /appointment/{id}/financeRecord` (201), once per appointment. */
export const generateFinanceRecord = defineOperation({
  name: 'appointment.generateFinance',
  group: GROUP,
  summary: 'Gera a conta a receber do agendamento (uma vez por agendamento)',
  description:
    'Valor: `amount` ou, sem ele, a coparticipação do agendamento. Vencimento: `dueDate` ou o dia do agendamento. Uma segunda chamada é 409 nomeando a conta existente.',
  permission: 'appointment:write',
  input: z.strictObject({
    id: scheduleIdInput,
    amount: reaisInput.optional(),
    dueDate: dateInputOrDay.optional(),
    description: textInput(300).optional(),
  }),
  output: z.object({ message: z.string(), receivable: receivableOutput }),
  http: { method: 'POST', path: '/appointment/{id}/financeRecord', status: 201 },
  example: { id: EXAMPLE_ID, amount: 250 },
  async run(ctx, { id, amount, dueDate, description }) {
    const stored = await ctx.store.transaction((tx) =>
      insertAppointmentCharge({ ...ctx, store: tx }, id, { amount, dueDate, description }),
    );
    const { amountCentavos, ...rest } = withoutRevision(stored);
    return { message: 'Conta a receber gerada', receivable: { ...rest, amount: fromCentavos(amountCentavos) } };
  },
});

/**
 * Inserts the charge (receivable) of appointment `id` in `ctx.store` (a transaction's store, from the
 * caller): `amount` or the copart, due `dueDate` or the appointment's day; links it on the appointment.
 * @throws DomainError `conflict` naming the charge when the appointment has one; `validation` without
 *   amount nor copart; `invalid_transition` for a cancelled appointment.
 */
export async function insertAppointmentCharge(
  ctx: OperationContext,
  id: string,
  input: { amount?: number | undefined; dueDate?: string | undefined; description?: string | undefined },
): Promise<Stored<Receivable>> {
  const { amount, dueDate, description } = input;
  const appointment = await loadAppointment(ctx.store, id);
  requireTransition(appointment.status, 'charge');
  const [existing] = await ctx.store.collection(receivables).find({ selector: { appointment: id }, limit: 1 });
  if (existing)
    throw new DomainError('conflict', 'Este agendamento já tem conta a receber', [
      { path: 'id', message: `conta ${existing.id}` },
    ]);
  const reais = amount ?? appointment.copart;
  if (reais === undefined)
    throw new DomainError('validation', 'Requisição inválida', [
      { path: 'amount', message: 'informe o valor (o agendamento não tem coparticipação)' },
    ]);
  const base = newRecordBase(ctx);
  const record: Receivable = compact({
    ...base,
    appointment: id,
    patient: appointment.patient,
    clinic: appointment.clinic,
    amountCentavos: toCentavos(reais),
    dueDate: dueDate ?? appointment.start.slice(0, 10),
    description: description ?? `Atendimento de ${appointment.start.slice(0, 10)}`,
    paymentMethod: appointment.paymentMethod,
    status: 'open' as const,
    createdBy: ctx.actor.id,
  });
  const receivable = await ctx.store.collection(receivables).insert(record);
  await ctx.store
    .collection(appointments)
    .update(id, appointment._rev, { ...appointment, receivable: receivable.id, updatedAt: base.updatedAt });
  return receivable;
}
