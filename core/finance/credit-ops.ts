/**
 * Patient credit (adiantamento; FIN-017): take a prepayment, apply it to a bill to receive, hand back what
 * was not applied, and read the balance. A prepayment is a liability of the clinic until it is applied:
 * the deposit appends a credit entry (and, at a register, a `prepayment` movement, never a `receipt`);
 * applying it is a payment of the bill with the method `patientCredit`, which is when it becomes that
 * bill's revenue. The balance is derived (credit-balance.ts). All run on the desk's store too.
 */
import { z } from 'zod';
import { dateTimeInput, textInput } from '#core/br/schemas.js';
import { formatCentavos } from '#core/br/format.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { refInput } from '#core/references.js';
import { financeAccounts } from './account-record.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { reaisInput, toCentavos } from '#core/price/money.js';
import type { Store } from '#core/store/port.js';
import { billOutput, bills, FINANCE_METHODS } from './bill-record.js';
import { creditAnswer, creditOf } from './credit-balance.js';
import {
  creditEntryAnswer,
  creditEntryOutput,
  creditSummaryOutput,
  patientCredits,
  type CreditEntry,
} from './credit-record.js';
import { settlePayment } from './finance-money.js';
import { actorId, billAnswer, billRefuses, GROUP, openCentavos, today } from './finance-common.js';
import { applyPayment, centavosOf, checkWhere } from './payment-ops.js';
import { paymentAnswer, paymentOutput } from './payment-record.js';
import { appendMovement, registerIdInput, stationInput } from './register-core.js';

const patientInput = idInput.describe('o paciente');

const moneyWhere = {
  method: z.enum(FINANCE_METHODS).refine((m) => m !== 'courtesy' && m !== 'insurance', {
    message: 'um adiantamento é dinheiro, PIX, cartão, boleto ou transferência',
  }),
  at: dateTimeInput.optional().describe('padrão: agora'),
  register: registerIdInput.optional().describe('o caixa que recebeu ou devolveu o dinheiro'),
  station: stationInput.optional(),
  account: refInput(() => financeAccounts)
    .optional()
    .describe('a conta financeira que recebeu ou devolveu'),
};

const creditState = z.object({ credit: creditSummaryOutput, entry: creditEntryOutput });

/** Appends one credit entry and, at a register, its movement (in for a deposit, out for a refund). */
async function appendEntry(
  ctx: OperationContext,
  tx: Store,
  entry: Omit<CreditEntry, 'id' | 'tenantId' | 'createdAt' | 'updatedAt' | 'by' | 'at'> & { at?: string | undefined },
) {
  const at = entry.at ?? nowIso(ctx);
  const stored = await tx
    .collection(patientCredits)
    .insert(compact({ ...newRecordBase({ ...ctx, store: tx }), ...entry, at, by: actorId(ctx) }));
  if (entry.register !== undefined) {
    const deposit = entry.kind === 'deposit';
    await appendMovement(ctx, tx, {
      register: entry.register,
      kind: deposit ? 'prepayment' : 'prepaymentRefund',
      method: entry.method,
      amountCentavos: deposit ? entry.amountCentavos : -entry.amountCentavos,
      credit: stored.id,
      at,
      ...(entry.note ? { note: entry.note } : {}),
    });
  }
  return stored;
}

/** `finance.credit.deposit`: `POST /finance/patient/{patient}/credit` (201): a prepayment, a liability. */
export const depositCredit = defineOperation({
  name: 'finance.credit.deposit',
  group: GROUP,
  summary: 'Recebe um adiantamento do paciente (crédito): fica como passivo até ser aplicado a uma conta',
  description:
    'Não é receita: entra no caixa (com `register` e `station`) como `prepayment`, nunca como recebimento, e aparece no saldo não aplicado do paciente até `POST /finance/bill/{id}/creditApplication`.',
  permission: 'cashier:write',
  input: z.strictObject({ patient: patientInput, value: reaisInput, ...moneyWhere, note: textInput(500).optional() }),
  output: creditState.extend({ message: z.string() }),
  http: { method: 'POST', path: '/finance/patient/{patient}/credit', status: 201 },
  example: { patient: EXAMPLE_ID, value: 300, method: 'pix', note: 'Adiantamento do tratamento' },
  async run(ctx, { patient, value, ...where }) {
    const amountCentavos = toCentavos(value);
    if (amountCentavos <= 0)
      throw new DomainError('validation', 'Adiantamento inválido', [{ path: 'value', message: 'acima de zero' }]);
    const done = await ctx.store.transaction(async (tx) => {
      await requireRecord(tx.collection(patients), patient, 'Paciente', 'patient');
      await checkWhere(tx, { ...where, method: where.method });
      const entry = await appendEntry(ctx, tx, { kind: 'deposit', patient, amountCentavos, ...where });
      return { entry, credit: (await creditOf(tx, patient)).balance };
    });
    return {
      message: `Adiantamento de ${formatCentavos(amountCentavos)} registrado como crédito do paciente`,
      credit: creditAnswer(done.credit),
      entry: creditEntryAnswer(done.entry),
    };
  },
});

/** `finance.credit.refund`: `POST /finance/patient/{patient}/creditRefund` (201): hands back unapplied credit. */
export const refundCredit = defineOperation({
  name: 'finance.credit.refund',
  group: GROUP,
  summary: 'Devolve ao paciente crédito não aplicado',
  description: 'Só o saldo não aplicado volta; com `register` e `station`, sai do caixa como `prepaymentRefund`.',
  permission: 'finance:write',
  input: z.strictObject({ patient: patientInput, value: reaisInput, ...moneyWhere, note: textInput(500) }),
  output: creditState.extend({ message: z.string() }),
  http: { method: 'POST', path: '/finance/patient/{patient}/creditRefund', status: 201 },
  example: { patient: EXAMPLE_ID, value: 50, method: 'pix', note: 'Tratamento interrompido' },
  async run(ctx, { patient, value, ...where }) {
    const amountCentavos = toCentavos(value);
    const done = await ctx.store.transaction(async (tx) => {
      await requireRecord(tx.collection(patients), patient, 'Paciente', 'patient');
      await checkWhere(tx, where);
      const { balance } = await creditOf(tx, patient);
      if (amountCentavos <= 0 || amountCentavos > balance.unapplied)
        throw new DomainError('validation', 'Devolução acima do crédito não aplicado', [
          { path: 'value', message: `crédito não aplicado: ${formatCentavos(balance.unapplied)}` },
        ]);
      const entry = await appendEntry(ctx, tx, { kind: 'refund', patient, amountCentavos, ...where });
      return { entry, credit: (await creditOf(tx, patient)).balance };
    });
    return {
      message: `Devolvidos ${formatCentavos(amountCentavos)} do crédito do paciente`,
      credit: creditAnswer(done.credit),
      entry: creditEntryAnswer(done.entry),
    };
  },
});

/** `finance.credit.apply`: `POST /finance/bill/{id}/creditApplication` (201): pays a bill from the patient's credit. */
export const applyCredit = defineOperation({
  name: 'finance.credit.apply',
  group: GROUP,
  summary: 'Aplica o crédito do paciente a uma conta a receber (vira receita desta conta)',
  description:
    'Um pagamento da conta com a forma `patientCredit`: `value` (padrão: o menor entre o em aberto e o crédito) com desconto, juros e multa como num pagamento; o que muda de mãos sai do crédito não aplicado. Não move caixa: o dinheiro entrou com o adiantamento.',
  permission: 'cashier:write',
  input: z.strictObject({
    id: idInput,
    value: reaisInput.optional(),
    discount: reaisInput.optional(),
    interest: reaisInput.optional(),
    fine: reaisInput.optional(),
    paidAt: dateTimeInput.optional(),
    note: textInput(500).optional(),
  }),
  output: z.object({
    message: z.string(),
    finance: billOutput,
    payment: paymentOutput,
    credit: creditSummaryOutput,
  }),
  http: { method: 'POST', path: '/finance/bill/{id}/creditApplication', status: 201 },
  example: { id: EXAMPLE_ID, value: 150 },
  async run(ctx, { id, paidAt, note, ...amounts }) {
    const done = await ctx.store.transaction(async (tx) => {
      const bill = await requireRecord(tx.collection(bills), id, 'Conta');
      if (bill.type !== 'receivable' || !bill.patient)
        throw new DomainError('validation', 'Crédito do paciente só paga conta a receber de um paciente', [
          { path: 'id', message: bill.type === 'payable' ? 'conta a pagar' : 'conta sem paciente' },
        ]);
      if (bill.status !== 'open' && bill.status !== 'partial')
        throw billRefuses('Esta conta não recebe pagamento', bill);
      const { balance } = await creditOf(tx, bill.patient);
      const sent = centavosOf(amounts);
      const open = openCentavos(bill);
      const plain = sent.discount === undefined && sent.interest === undefined && sent.fine === undefined;
      const principal = sent.principal ?? (plain ? Math.min(open, balance.unapplied) : open);
      if (balance.unapplied <= 0)
        throw new DomainError('validation', 'O paciente não tem crédito não aplicado', [
          { path: 'id', message: 'crédito não aplicado: R$ 0,00' },
        ]);
      const settled = settlePayment(open, { ...sent, principal });
      if (settled.received > balance.unapplied)
        throw new DomainError('validation', 'Crédito insuficiente', [
          {
            path: 'value',
            message: `a aplicar ${formatCentavos(settled.received)}, crédito não aplicado ${formatCentavos(balance.unapplied)}`,
          },
        ]);
      const applied = await applyPayment(ctx, tx, bill, settled, {
        method: 'patientCredit',
        paidAt,
        note: note ?? 'Crédito do paciente aplicado',
      });
      return { ...applied, credit: (await creditOf(tx, bill.patient)).balance };
    });
    return {
      message: `Crédito aplicado: ${formatCentavos(done.payment.receivedCentavos)}`,
      finance: billAnswer(done.bill, today(ctx)),
      payment: paymentAnswer(done.payment),
      credit: creditAnswer(done.credit),
    };
  },
});

/** `finance.credit.get`: `GET /finance/patient/{patient}/credit`: balance and entries. */
export const getCredit = defineOperation({
  name: 'finance.credit.get',
  group: GROUP,
  summary: 'Crédito do paciente: recebido, aplicado, devolvido e saldo não aplicado (passivo)',
  permission: 'finance:read',
  input: z.strictObject({ patient: patientInput }),
  output: z.object({ patient: z.string(), credit: creditSummaryOutput, entries: z.array(creditEntryOutput) }),
  http: { method: 'GET', path: '/finance/patient/{patient}/credit' },
  example: { patient: EXAMPLE_ID },
  async run(ctx, { patient }) {
    await requireRecord(ctx.store.collection(patients), patient, 'Paciente', 'patient');
    const { entries, balance } = await creditOf(ctx.store, patient);
    return { patient, credit: creditAnswer(balance), entries: entries.map(creditEntryAnswer) };
  },
});

/** The patient credit operations. */
export const creditOperations = [depositCredit, refundCredit, applyCredit, getCredit];
