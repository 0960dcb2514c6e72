/**
 * Partial refunds (estorno parcial, FIN-019): part of a payment handed back, the bill reopened by the
 * refunded amount. A refund is appended to `finance_payments` (`kind: refund`, `reverses` the payment),
 * never an edit of the payment; refunds of one payment never exceed what it received, and the refund of
 * the last centavo reopens all the principal left (finance-money.ts `settleRefund`). A full refund is
 * still `finance.bill.unmark` (FIN-002); a digital payment is refunded at the provider first
 * (sync-server/payments, `finance.bill.refund` with `value`), which then appends the same record.
 */
import { z } from 'zod';
import { formatCentavos } from '#core/br/format.js';
import { textInput } from '#core/br/schemas.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { reaisInput, toCentavos } from '#core/price/money.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { billOutput, bills, type Bill } from './bill-record.js';
import { settleRefund } from './finance-money.js';
import { actorId, billAnswer, GROUP, openCentavos, statusFor, today } from './finance-common.js';
import { checkWhere } from './payment-ops.js';
import { paymentAnswer, paymentOutput, payments, type Payment } from './payment-record.js';
import { standings } from './payment-standing.js';
import { appendMovement, registerIdInput, stationInput } from './register-core.js';

/** Where the refunded money leaves from: a register of this station (cash back at the desk), or nowhere. */
export interface RefundWhere {
  register?: string | undefined;
  station?: string | undefined;
}

/**
 * Appends the refund of `valueCentavos` of payment `paymentId` and reopens its bill, in the caller's
 * transaction.
 * @throws DomainError `validation` (unknown payment at `id`, amount at `value`), `invalid_transition`
 *   when the payment is a reversal/refund itself, already reversed or of a cancelled/split bill.
 */
export async function appendRefund(
  ctx: OperationContext,
  tx: Store,
  paymentId: string,
  valueCentavos: number,
  reason: string,
  where: RefundWhere = {},
): Promise<{ bill: Stored<Bill>; refund: Stored<Payment> }> {
  const payment = await requireRecord(tx.collection(payments), paymentId, 'Pagamento');
  if (payment.kind !== 'payment')
    throw new DomainError('invalid_transition', 'Só um pagamento é estornado', [
      { path: 'id', message: payment.kind === 'reversal' ? 'é um estorno' : 'é um estorno parcial' },
    ]);
  const all = await tx.collection(payments).find({ selector: { bill: payment.bill } });
  const standing = standings(all).find((s) => s.payment.id === payment.id);
  if (!standing)
    throw new DomainError('invalid_transition', 'Pagamento já estornado', [
      { path: 'id', message: 'estornado por inteiro' },
    ]);
  const bill = await requireRecord(tx.collection(bills), payment.bill, 'Conta');
  if (bill.status === 'split' || bill.status === 'cancelled')
    throw new DomainError('invalid_transition', 'A conta deste pagamento não reabre', [
      { path: 'id', message: `conta ${bill.status === 'split' ? 'parcelada' : 'cancelada'}` },
    ]);
  const settled = settleRefund(
    { principal: payment.principalCentavos, received: payment.receivedCentavos },
    { principal: standing.refundedPrincipal, received: standing.refundedReceived },
    valueCentavos,
  );
  if (where.register !== undefined) await checkWhere(tx, { ...where, method: 'cash' });
  const now = nowIso(ctx);
  const refund = await tx.collection(payments).insert(
    compact({
      ...newRecordBase({ ...ctx, store: tx }),
      kind: 'refund' as const,
      bill: bill.id,
      patient: bill.patient,
      reverses: payment.id,
      principalCentavos: settled.principal,
      discountCentavos: settled.discount,
      interestCentavos: settled.interest,
      fineCentavos: 0,
      receivedCentavos: settled.received,
      openBeforeCentavos: openCentavos(bill),
      method: payment.method,
      paidAt: now,
      register: where.register,
      account: payment.account,
      note: reason,
      by: actorId(ctx),
    }),
  );
  const paid = bill.paidCentavos - settled.principal;
  const { _rev, paidAt: _p, ...rest } = bill;
  const status = statusFor(bill, paid);
  const stored = await tx.collection(bills).update(
    bill.id,
    _rev,
    compact({
      ...rest,
      paidCentavos: paid,
      status,
      ...(status === 'paid' ? { paidAt: bill.paidAt } : {}),
      updatedAt: now,
    }),
  );
  if (where.register !== undefined && payment.method !== 'patientCredit')
    await appendMovement(ctx, tx, {
      register: where.register,
      kind: 'reversal',
      method: payment.method,
      amountCentavos: bill.type === 'receivable' ? -settled.received : settled.received,
      payment: refund.id,
      note: reason,
      at: now,
    });
  return { bill: stored, refund };
}

/** `finance.payment.refund`: `POST /finance/payment/{id}/refund` (201): refunds part of a payment. */
export const refundPayment = defineOperation({
  name: 'finance.payment.refund',
  group: GROUP,
  summary: 'Estorna parte de um pagamento (estorno parcial); a conta reabre pelo valor estornado',
  description:
    '`value` é o que volta ao pagador; a conta reabre por esse valor (no máximo o principal que resta do pagamento). O estorno que devolve o último centavo reabre todo o principal restante (o desconto também é desfeito). Com `register` e `station`, o dinheiro sai do caixa. Pagamento digital: `POST /finance/bill/{id}/refund` com `value`.',
  permission: 'finance:write',
  input: z.strictObject({
    id: idInput,
    value: reaisInput,
    reason: textInput(500),
    register: registerIdInput.optional(),
    station: stationInput.optional(),
  }),
  output: z.object({ message: z.string(), finance: billOutput, refund: paymentOutput }),
  http: { method: 'POST', path: '/finance/payment/{id}/refund', status: 201 },
  example: { id: EXAMPLE_ID, value: 40, reason: 'Procedimento não realizado' },
  async run(ctx, { id, value, reason, register, station }) {
    const done = await ctx.store.transaction((tx) =>
      appendRefund(ctx, tx, id, toCentavos(value), reason, { register, station }),
    );
    return {
      message: `Estorno de ${formatCentavos(done.refund.receivedCentavos)}; em aberto ${formatCentavos(openCentavos(done.bill))}`,
      finance: billAnswer(done.bill, today(ctx)),
      refund: paymentAnswer(done.refund),
    };
  },
});
