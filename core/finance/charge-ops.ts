/**
 * The reception's charge of an appointment at its register (issue 24, "charge an attended
 * appointment's copart"): one operation, under `cashier:write`, that takes the appointment's charge
 * (making it from the copart when the schedule has not yet), the bill that collects it (FIN-001) and
 * the payment into the station's open register, in one transaction. The desk runs it offline; the
 * reception needs no `finance:write` because the bill can only be the appointment's own (FIN-013).
 */
import { z } from 'zod';
import { textInput } from '#core/br/schemas.js';
import { formatCentavos, formatDate } from '#core/br/format.js';
import { EXAMPLE_ID } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { reaisInput } from '#core/price/money.js';
import { refInput } from '#core/references.js';
import { insertAppointmentCharge } from '#core/schedule/appointment-money-ops.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { receivables } from '#core/schedule/receivable-record.js';
import { financeAccounts } from './account-record.js';
import { insertBillFromCharge } from './bill-ops.js';
import { billOutput, bills, FINANCE_METHODS } from './bill-record.js';
import { settlePayment } from './finance-money.js';
import { billAnswer, billRefuses, GROUP, openCentavos, today } from './finance-common.js';
import { applyPayment, centavosOf, checkWhere } from './payment-ops.js';
import { paymentAnswer, paymentOutput } from './payment-record.js';
import { pixAccount } from './pix-account.js';
import { registerIdInput, stationInput } from './register-core.js';

/** `finance.register.chargeAppointment`: `POST /finance/register/{id}/appointmentCharge` (201). */
export const chargeAppointment = defineOperation({
  name: 'finance.register.chargeAppointment',
  group: GROUP,
  summary: 'Recebe no caixa a coparticipação de um agendamento (gera a cobrança e a conta quando faltam)',
  description:
    'Numa transação: a cobrança do agendamento (da coparticipação, se ainda não há), a conta a receber que a cobra e o pagamento lançado no caixa `id` da estação. `value` padrão: todo o valor em aberto; menos é pagamento parcial. PIX sem `account` usa a primeira conta com chave PIX.',
  permission: 'cashier:write',
  input: z.strictObject({
    id: registerIdInput,
    station: stationInput,
    appointment: refInput(() => appointments),
    method: z.enum(FINANCE_METHODS),
    value: reaisInput.optional().describe('quanto do valor em aberto este pagamento quita (padrão: tudo)'),
    discount: reaisInput.optional(),
    account: refInput(() => financeAccounts).optional(),
    note: textInput(500).optional(),
  }),
  output: z.object({ message: z.string(), finance: billOutput, payment: paymentOutput }),
  http: { method: 'POST', path: '/finance/register/{id}/appointmentCharge', status: 201 },
  example: { id: EXAMPLE_ID, station: 'recepcao-1', appointment: EXAMPLE_ID, method: 'cash' },
  async run(ctx, { id, station, appointment, method, value, discount, account, note }) {
    const done = await ctx.store.transaction(async (tx) => {
      const where = { method, register: id, station, account, note };
      await checkWhere(tx, where);
      let [charge] = await tx.collection(receivables).find({ selector: { appointment }, limit: 1 });
      if (!charge) {
        const found = await tx.collection(appointments).get(appointment);
        const day = found ? formatDate(found.start.slice(0, 10)) : '';
        charge = await insertAppointmentCharge({ ...ctx, store: tx }, appointment, {
          description: `Atendimento de ${day}`,
        });
      }
      if (charge.status === 'cancelled')
        throw new DomainError('invalid_transition', 'A cobrança do agendamento foi cancelada', [
          { path: 'appointment', message: `cobrança ${charge.id}` },
        ]);
      const [existing] = await tx.collection(bills).find({ selector: { receivable: charge.id }, limit: 1 });
      const bill = existing ?? (await insertBillFromCharge(ctx, tx, charge, {}));
      if (bill.status !== 'open' && bill.status !== 'partial') throw billRefuses('Esta cobrança já foi recebida', bill);
      const settled = settlePayment(openCentavos(bill), centavosOf({ value, discount }));
      const target = account ?? (method === 'pix' ? (await pixAccount(tx, bill.account))?.id : undefined);
      return applyPayment(ctx, tx, bill, settled, { ...where, account: target ?? bill.account });
    });
    const message =
      done.bill.status === 'paid'
        ? 'Coparticipação recebida'
        : `Pagamento parcial registrado; em aberto ${formatCentavos(openCentavos(done.bill))}`;
    return { message, finance: billAnswer(done.bill, today(ctx)), payment: paymentAnswer(done.payment) };
  },
});
