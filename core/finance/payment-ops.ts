/**
 * Paying bills (spec §4.4 Finance: "mark a finance as paid with discount and increase details", "pay
 * a batch of finances with expected values", "unmark a receivable as received", "get payment
 * information for a patient"). Each payment is appended (payment-record.ts); the bill keeps the sum.
 * A payment taken at a register appends its receipt there, so the register's balance follows.
 */
import { refInput } from '#core/references.js';
import { z } from 'zod';
import { dateTimeInput, textInput } from '#core/br/schemas.js';
import { EXAMPLE_ID, idInput, newRecordBase, nowIso, requireRecord, compact } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { formatCentavos } from '#core/br/format.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { fromCentavos, reaisInput, toCentavos } from '#core/price/money.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { patients } from '#core/patient/patient-record.js';
import { financeAccounts } from './account-record.js';
import { billOutput, bills, FINANCE_METHODS, type Bill } from './bill-record.js';
import { refundAmounts, settlePayment, type SettledPayment } from './finance-money.js';
import { standings, type Standing } from './payment-standing.js';
import { actorId, billAnswer, billRefuses, GROUP, openCentavos, statusFor, today } from './finance-common.js';
import { paymentAnswer, paymentOutput, payments, type Payment } from './payment-record.js';
import { cashRegisters } from './register-record.js';
import { creditAnswer, creditOf } from './credit-balance.js';
import { creditSummaryOutput } from './credit-record.js';
import { appendMovement, registerIdInput, requireStationRegister, stationInput } from './register-core.js';
import { requireReference } from '#core/common/records.js';

const amountsInput = {
  value: reaisInput.optional().describe('quanto do valor em aberto este pagamento quita (padrão: tudo)'),
  discount: reaisInput.optional(),
  interest: reaisInput.optional().describe('juros'),
  fine: reaisInput.optional().describe('multa'),
};

const whereInput = {
  method: z.enum(FINANCE_METHODS),
  paidAt: dateTimeInput.optional().describe('padrão: agora'),
  register: registerIdInput.optional().describe('o caixa que recebeu (lança o recebimento nele)'),
  station: stationInput.optional(),
  account: refInput(() => financeAccounts).optional(),
  note: textInput(500).optional(),
};

/** Where a payment lands: method, time, register (with its station), account, note. */
export type Where = {
  method: Payment['method'];
  paidAt?: string | undefined;
  register?: string | undefined;
  station?: string | undefined;
  account?: string | undefined;
  note?: string | undefined;
};

/** The sent amounts in centavos (absent stays absent). */
export function centavosOf(sent: {
  value?: number | undefined;
  discount?: number | undefined;
  interest?: number | undefined;
  fine?: number | undefined;
}) {
  const c = (v: number | undefined) => (v === undefined ? undefined : toCentavos(v));
  return { principal: c(sent.value), discount: c(sent.discount), interest: c(sent.interest), fine: c(sent.fine) };
}

/** Checks where a payment lands (register of this station, account) before anything is written. */
export async function checkWhere(store: Store, where: Where): Promise<void> {
  if (where.register !== undefined) {
    if (where.station === undefined)
      throw new DomainError('validation', 'Requisição inválida', [
        { path: 'station', message: 'informe a estação do caixa' },
      ]);
    await requireStationRegister(store, where.register, where.station);
  }
  if (where.account !== undefined)
    await requireReference(store.collection(financeAccounts), where.account, 'Conta', 'account');
}

/** Appends the payment, moves the bill and the register; `bill` is the stored version just read. */
export async function applyPayment(
  ctx: OperationContext,
  store: Store,
  bill: Stored<Bill>,
  settled: SettledPayment,
  where: Where,
  batch?: string,
): Promise<{ bill: Stored<Bill>; payment: Stored<Payment> }> {
  const paidAt = where.paidAt ?? nowIso(ctx);
  const payment = await store.collection(payments).insert(
    compact({
      ...newRecordBase({ ...ctx, store }),
      kind: 'payment' as const,
      bill: bill.id,
      patient: bill.patient,
      principalCentavos: settled.principal,
      discountCentavos: settled.discount,
      interestCentavos: settled.interest,
      fineCentavos: settled.fine,
      receivedCentavos: settled.received,
      openBeforeCentavos: openCentavos(bill),
      method: where.method,
      paidAt,
      register: where.register,
      account: where.account,
      batch,
      note: where.note,
      by: actorId(ctx),
    }),
  );
  const paid = bill.paidCentavos + settled.principal;
  const status = statusFor(bill, paid);
  const { _rev, paidAt: _old, ...rest } = bill;
  const next: Bill = compact({
    ...rest,
    paidCentavos: paid,
    status,
    ...(status === 'paid' ? { paidAt } : {}),
    updatedAt: nowIso(ctx),
  });
  const stored = await store.collection(bills).update(bill.id, _rev, next);
  if (where.register !== undefined && settled.received > 0 && where.method !== 'patientCredit') {
    await appendMovement(ctx, store, {
      register: where.register,
      kind: 'receipt',
      method: where.method,
      // Money in for a bill received, out for a bill paid from the register.
      amountCentavos: bill.type === 'receivable' ? settled.received : -settled.received,
      payment: payment.id,
      at: paidAt,
    });
  }
  return { bill: stored, payment };
}

function payable(bill: Bill): void {
  if (bill.status !== 'open' && bill.status !== 'partial') throw billRefuses('Esta conta não recebe pagamento', bill);
}

const paidOutput = z.object({ message: z.string(), finance: billOutput, payment: paymentOutput });

/** `finance.bill.pay`: `POST /finance/bill/{id}/payment` (201). */
export const markPaid = defineOperation({
  name: 'finance.bill.pay',
  group: GROUP,
  summary: 'Marca uma conta como paga, com desconto, juros e multa; pagamento parcial deixa o resto em aberto',
  description:
    '`value` é quanto do valor em aberto este pagamento quita (padrão: tudo); o que muda de mãos é `value − discount + interest + fine`. Com `register` (e `station`), o recebimento entra no caixa.',
  permission: 'cashier:write',
  input: z.strictObject({ id: idInput, ...amountsInput, ...whereInput }),
  output: paidOutput,
  http: { method: 'POST', path: '/finance/bill/{id}/payment', status: 201 },
  example: { id: EXAMPLE_ID, value: 200, discount: 10, interest: 1.5, fine: 4, method: 'pix' },
  async run(ctx, { id, value, discount, interest, fine, ...where }) {
    const done = await ctx.store.transaction(async (tx) => {
      const bill = await requireRecord(tx.collection(bills), id, 'Conta');
      payable(bill);
      const settled = settlePayment(openCentavos(bill), centavosOf({ value, discount, interest, fine }));
      await checkWhere(tx, where);
      return applyPayment(ctx, tx, bill, settled, where);
    });
    const message =
      done.bill.status === 'paid'
        ? 'Conta quitada'
        : `Pagamento parcial registrado; em aberto ${formatCentavos(openCentavos(done.bill))}`;
    return { message, finance: billAnswer(done.bill, today(ctx)), payment: paymentAnswer(done.payment) };
  },
});

/** `finance.bill.payBatch`: `POST /finance/bill/batchPayment` (201): all or nothing. */
export const payBatch = defineOperation({
  name: 'finance.bill.payBatch',
  group: GROUP,
  summary: 'Paga um lote de contas com os valores esperados (tudo ou nada)',
  description:
    'Cada item diz o valor em aberto que espera (`expected`). Se um só difere do que a conta tem em aberto, nada é pago (409, cada divergência nomeada em `items.N.expected`).',
  permission: 'cashier:write',
  input: z.strictObject({
    items: z
      .array(z.strictObject({ id: idInput, expected: reaisInput, ...amountsInput }))
      .min(1)
      .max(200)
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'a mesma conta duas vezes no lote'),
    ...whereInput,
  }),
  output: z.object({
    message: z.string(),
    batch: z.string(),
    items: z.array(paidOutput.omit({ message: true })),
    received: z.number(),
  }),
  http: { method: 'POST', path: '/finance/bill/batchPayment', status: 201 },
  example: { items: [{ id: EXAMPLE_ID, expected: 150 }], method: 'bankTransfer' },
  async run(ctx, { items, ...where }) {
    const batch = ctx.ids.next();
    const done = await ctx.store.transaction(async (tx) => {
      await checkWhere(tx, where);
      // Every bill is read and settled before the first write: a divergence refuses the whole batch.
      const problems: ErrorDetail[] = [];
      const plans: { bill: Stored<Bill>; settled: SettledPayment }[] = [];
      for (const [i, item] of items.entries()) {
        const bill = await tx.collection(bills).get(item.id);
        if (!bill) {
          problems.push({ path: `items.${i}.id`, message: `conta não encontrada: ${item.id}` });
          continue;
        }
        const open = openCentavos(bill);
        if (bill.status !== 'open' && bill.status !== 'partial') {
          problems.push({ path: `items.${i}.id`, message: `conta ${bill.status}` });
          continue;
        }
        if (open !== toCentavos(item.expected)) {
          problems.push({
            path: `items.${i}.expected`,
            message: `em aberto ${formatCentavos(open)}, esperado ${formatCentavos(toCentavos(item.expected))}`,
          });
          continue;
        }
        try {
          plans.push({ bill, settled: settlePayment(open, centavosOf(item)) });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          problems.push(...error.details.map((d) => ({ ...d, path: `items.${i}.${d.path === 'id' ? 'id' : d.path}` })));
        }
      }
      if (problems.length > 0) throw new DomainError('conflict', 'Lote recusado: nenhuma conta foi paga', problems);
      const out = [];
      for (const plan of plans) out.push(await applyPayment(ctx, tx, plan.bill, plan.settled, where, batch));
      return out;
    });
    const day = today(ctx);
    const received = done.reduce((sum, d) => sum + d.payment.receivedCentavos, 0);
    return {
      message: `${done.length} conta(s) paga(s)`,
      batch,
      items: done.map((d) => ({ finance: billAnswer(d.bill, day), payment: paymentAnswer(d.payment) })),
      received: fromCentavos(received),
    };
  },
});

/** The live payments of a bill (not reversed, not wholly refunded), oldest first, with what stands of each. */
export async function livePayments(store: Store, bill: string): Promise<Standing[]> {
  const all = await store.collection(payments).find({ selector: { bill }, sort: [{ paidAt: 'asc' }] });
  return standings(all).filter((s) => s.principal > 0 || s.received > 0);
}

/** `finance.bill.unmark`: `POST /finance/bill/{id}/unmarkReceived`: appends the reversal of a payment. */
export const unmarkReceived = defineOperation({
  name: 'finance.bill.unmark',
  group: GROUP,
  summary: 'Desmarca uma conta como recebida (estorna um pagamento)',
  description:
    'Acrescenta o estorno do pagamento (o último, sem `payment`); o pagamento fica no histórico. Se o caixa que recebeu ainda está aberto, o estorno sai dele.',
  permission: 'finance:write',
  input: z.strictObject({ id: idInput, payment: idInput.optional(), reason: textInput(500) }),
  output: z.object({ message: z.string(), finance: billOutput, reversal: paymentOutput }),
  http: { method: 'POST', path: '/finance/bill/{id}/unmarkReceived' },
  example: { id: EXAMPLE_ID, reason: 'PIX devolvido pelo banco' },
  async run(ctx, { id, payment: paymentId, reason }) {
    const done = await ctx.store.transaction(async (tx) => {
      const bill = await requireRecord(tx.collection(bills), id, 'Conta');
      const live = await livePayments(tx, id);
      const standing = paymentId === undefined ? live[live.length - 1] : live.find((p) => p.payment.id === paymentId);
      if (!standing)
        throw new DomainError('invalid_transition', 'Nada a desmarcar nesta conta', [
          {
            path: paymentId === undefined ? 'id' : 'payment',
            message: paymentId === undefined ? 'conta sem pagamentos' : 'pagamento não encontrado ou já estornado',
          },
        ]);
      const target = standing.payment;
      // A payment partly refunded (FIN-019) is reversed for what stands of it.
      const amounts =
        standing.refundedReceived === 0 && standing.refundedPrincipal === 0
          ? target
          : (({ principal, received, discount, interest }) => ({
              principalCentavos: principal,
              receivedCentavos: received,
              discountCentavos: discount,
              interestCentavos: interest,
              fineCentavos: 0,
            }))(refundAmounts(standing.principal, standing.received));
      const now = nowIso(ctx);
      const reversal = await tx.collection(payments).insert(
        compact({
          ...newRecordBase({ ...ctx, store: tx }),
          kind: 'reversal' as const,
          bill: id,
          patient: bill.patient,
          reverses: target.id,
          principalCentavos: amounts.principalCentavos,
          discountCentavos: amounts.discountCentavos,
          interestCentavos: amounts.interestCentavos,
          fineCentavos: amounts.fineCentavos,
          receivedCentavos: amounts.receivedCentavos,
          openBeforeCentavos: openCentavos(bill),
          method: target.method,
          paidAt: now,
          register: target.register,
          account: target.account,
          note: reason,
          by: actorId(ctx),
        }),
      );
      const paid = bill.paidCentavos - amounts.principalCentavos;
      const { _rev, paidAt: _p, ...rest } = bill;
      const stored = await tx
        .collection(bills)
        .update(id, _rev, compact({ ...rest, paidCentavos: paid, status: statusFor(bill, paid), updatedAt: now }));
      if (target.register) {
        const register = await tx.collection(cashRegisters).get(target.register);
        if (
          register &&
          register.status === 'open' &&
          amounts.receivedCentavos > 0 &&
          target.method !== 'patientCredit'
        ) {
          await appendMovement(ctx, tx, {
            register: register.id,
            kind: 'reversal',
            method: target.method,
            amountCentavos: bill.type === 'receivable' ? -amounts.receivedCentavos : amounts.receivedCentavos,
            payment: reversal.id,
            note: reason,
            at: now,
          });
        }
      }
      return { bill: stored, reversal };
    });
    return {
      message: 'Pagamento estornado',
      finance: billAnswer(done.bill, today(ctx)),
      reversal: paymentAnswer(done.reversal),
    };
  },
});

const totals = z.object({ count: z.number().int(), value: z.number().describe('reais') });

/** `finance.patient.paymentInformation`: `GET /finance/patient/{patient}/paymentInformation`. */
export const patientPaymentInformation = defineOperation({
  name: 'finance.patient.paymentInformation',
  group: GROUP,
  summary: 'Informações de pagamento de um paciente: contas em aberto, vencidas e pagas',
  permission: 'finance:read',
  input: z.strictObject({ patient: idInput }),
  output: z.object({
    patient: z.string(),
    open: totals.describe('em aberto, a vencer (valor em aberto)'),
    overdue: totals.describe('vencidas (valor em aberto)'),
    paid: totals.describe('quitadas (valor das contas)'),
    credit: creditSummaryOutput.describe('adiantamentos: o não aplicado é passivo, não receita (FIN-017)'),
    bills: z.array(billOutput),
    payments: z.array(paymentOutput),
  }),
  http: { method: 'GET', path: '/finance/patient/{patient}/paymentInformation' },
  example: { patient: EXAMPLE_ID },
  async run(ctx, { patient }) {
    // A patient of another account is missing here too (404), never an empty answer.
    await requireRecord(ctx.store.collection(patients), patient, 'Paciente', 'patient');
    const day = today(ctx);
    // Both fields of the (patient, dueDate/paidAt) indexes named, so the desk walks them (FIN-030).
    const found = await ctx.store
      .collection(bills)
      .find({ selector: { patient, dueDate: { $gte: '' } }, sort: [{ dueDate: 'asc' }], limit: 500 });
    const list = found.filter((b) => b.type === 'receivable' && b.status !== 'split' && b.status !== 'cancelled');
    const sum = (items: Bill[], pick: (b: Bill) => number) => ({
      count: items.length,
      value: fromCentavos(items.reduce((s, b) => s + pick(b), 0)),
    });
    const pending = list.filter((b) => openCentavos(b) > 0);
    const paymentsFound = await ctx.store
      .collection(payments)
      .find({ selector: { patient, paidAt: { $gte: '' } }, sort: [{ paidAt: 'desc' }], limit: 200 });
    return {
      patient,
      open: sum(
        pending.filter((b) => b.dueDate >= day),
        openCentavos,
      ),
      overdue: sum(
        pending.filter((b) => b.dueDate < day),
        openCentavos,
      ),
      paid: sum(
        list.filter((b) => b.status === 'paid'),
        (b) => b.amountCentavos,
      ),
      credit: creditAnswer((await creditOf(ctx.store, patient)).balance),
      bills: list.map((b) => billAnswer(b, day)),
      payments: paymentsFound.map(paymentAnswer),
    };
  },
});

/** The payment operations. */
export const paymentOperations = [markPaid, payBatch, unmarkReceived, patientPaymentInformation];
