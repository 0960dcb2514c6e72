/**
 * Bills to receive and to pay (spec §4.4 Finance: "create bills to pay and to receive", "edit a bill
 * to pay and a receivable bill", "split a finance record into parcels"), by hand, from an
 * appointment's receivable or from an approved budget's plan. Amounts in reais, computed in centavos.
 */
import { appointments } from '#core/schedule/appointment-record.js';
import { refInput } from '#core/references.js';
import { z } from 'zod';
import { dateInput } from '#core/br/schemas.js';
import { BudgetStatus } from '#core/budget/budget-codes.js';
import { budgets } from '#core/budget/budget-record.js';
import { pageBy } from '#core/common/paging.js';
import { cursorInput, limitInput } from '#core/common/query-input.js';
import {
  compact,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { MAX_REAIS, reaisInput, toCentavos } from '#core/price/money.js';
import { receivables, type Receivable } from '#core/schedule/receivable-record.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { financeAccounts } from './account-record.js';
import { BILL_STATUSES, BILL_TYPES, billFieldsInput, billOutput, bills, type Bill } from './bill-record.js';
import { financeCategories } from './category-record.js';
import { dueDateAfter, PARCEL_PERIODS } from './due-dates.js';
import { splitCentavos } from './finance-money.js';
import { actorId, billAnswer, billRefuses, GROUP, today } from './finance-common.js';

type BillFields = {
  patient?: string | undefined;
  category?: string | undefined;
  account?: string | undefined;
};

/** The references a bill names exist, and its category is of its kind (income to receive, expense to pay). */
async function checkReferences(store: Store, type: Bill['type'], fields: BillFields): Promise<void> {
  if (fields.patient) await requireReference(store.collection(patients), fields.patient, 'Paciente', 'patient');
  if (fields.account) await requireReference(store.collection(financeAccounts), fields.account, 'Conta', 'account');
  if (fields.category) {
    const category = await requireReference(
      store.collection(financeCategories),
      fields.category,
      'Categoria',
      'category',
    );
    const wanted = type === 'receivable' ? 'income' : 'expense';
    if (category.kind !== wanted)
      throw new DomainError('validation', 'Categoria inválida', [
        {
          path: 'category',
          message: type === 'receivable' ? 'use uma categoria de receita' : 'use uma categoria de despesa',
        },
      ]);
  }
}

const EDITABLE = ['description', 'patient', 'payee', 'clinic', 'category', 'account', 'dueDate', 'method'] as const;

const billList = z.object({ items: z.array(billOutput), next: z.string().nullable() });

/** `finance.bill.create`: `POST /finance/bill` (201), a bill to receive or to pay made by hand. */
export const createBill = defineOperation({
  name: 'finance.bill.create',
  group: GROUP,
  summary: 'Cria uma conta a receber ou a pagar',
  permission: 'finance:write',
  input: z.strictObject({ type: z.enum(BILL_TYPES), value: reaisInput, ...billFieldsInput }),
  output: z.object({ message: z.string(), finance: billOutput }),
  http: { method: 'POST', path: '/finance/bill', status: 201 },
  example: {
    type: 'payable',
    value: 1250.9,
    description: 'Aluguel de dezembro',
    payee: 'Imobiliária Centro',
    dueDate: '2026-12-05',
  },
  async run(ctx, { value, ...fields }) {
    await checkReferences(ctx.store, fields.type, fields);
    const bill: Bill = compact({
      ...newRecordBase(ctx),
      ...fields,
      amountCentavos: toCentavos(value),
      paidCentavos: 0,
      status: 'open' as const,
      source: 'manual' as const,
      createdBy: actorId(ctx),
    });
    const stored = await ctx.store.collection(bills).insert(bill);
    return {
      message: fields.type === 'receivable' ? 'Conta a receber criada' : 'Conta a pagar criada',
      finance: billAnswer(stored, today(ctx)),
    };
  },
});

/** `finance.bill.get`: `GET /finance/bill/{id}`. */
export const getBill = defineOperation({
  name: 'finance.bill.get',
  group: GROUP,
  summary: 'Mostra uma conta a receber ou a pagar',
  permission: 'finance:read',
  input: z.strictObject({ id: idInput }),
  output: billOutput,
  http: { method: 'GET', path: '/finance/bill/{id}' },
  example: { id: EXAMPLE_ID },
  run: async (ctx, { id }) => billAnswer(await requireRecord(ctx.store.collection(bills), id, 'Conta'), today(ctx)),
});

/** `finance.bill.update`: `PUT /finance/bill/{id}`; the value changes only while nothing is paid. */
export const updateBill = defineOperation({
  name: 'finance.bill.update',
  group: GROUP,
  summary: 'Edita uma conta a receber ou a pagar',
  description: 'O valor só muda enquanto nada foi pago; contas quitadas, parceladas ou canceladas não mudam.',
  permission: 'finance:write',
  input: z.strictObject({ id: idInput, value: reaisInput, ...billFieldsInput }),
  output: billOutput,
  http: { method: 'PUT', path: '/finance/bill/{id}' },
  example: { id: EXAMPLE_ID, value: 1250.9, description: 'Aluguel de dezembro (sala 2)', dueDate: '2026-12-06' },
  async run(ctx, { id, value, ...fields }) {
    const collection = ctx.store.collection(bills);
    const current = await requireRecord(collection, id, 'Conta');
    if (current.status !== 'open' && current.status !== 'partial')
      throw billRefuses('Esta conta não pode ser editada', current);
    const amountCentavos = toCentavos(value);
    if (current.source === 'transfer' && amountCentavos !== current.amountCentavos)
      throw new DomainError('invalid_transition', 'O valor de um repasse muda pelo repasse', [
        { path: 'value', message: 'use PUT /payment/transfer/{id}' },
      ]);
    if (amountCentavos !== current.amountCentavos && current.paidCentavos > 0)
      throw new DomainError('invalid_transition', 'O valor de uma conta com pagamento não muda', [
        { path: 'value', message: 'desmarque os pagamentos antes' },
      ]);
    await checkReferences(ctx.store, current.type, fields);
    // A full edit (PUT): an editable field left out is cleared.
    const kept: Record<string, unknown> = { ...current };
    for (const key of EDITABLE) delete kept[key];
    const next = compact({ ...(kept as unknown as Bill), ...fields, amountCentavos, updatedAt: nowIso(ctx) });
    return billAnswer(await collection.update(id, current._rev, next), today(ctx));
  },
});

/** `finance.bill.list`: `GET /finance/bill`, by due date. */
export const listBills = defineOperation({
  name: 'finance.bill.list',
  group: GROUP,
  summary: 'Lista contas a receber ou a pagar por vencimento',
  permission: 'finance:read',
  input: z.strictObject({
    type: z.enum(BILL_TYPES),
    status: z.enum(BILL_STATUSES).optional(),
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: billList,
  http: { method: 'GET', path: '/finance/bill' },
  example: { type: 'receivable', status: 'open' },
  async run(ctx, { type, status, limit, cursor }) {
    const page = await pageBy(ctx.store.collection(bills), {
      key: 'dueDate',
      where: [{ type, ...(status ? { status } : {}) }],
      limit,
      cursor,
    });
    const day = today(ctx);
    return { items: page.items.map((b) => billAnswer(b, day)), next: page.next };
  },
});

/** `finance.bill.fromAppointment`: `POST /finance/bill/fromAppointment` (201), once per receivable. */
export const billFromAppointment = defineOperation({
  name: 'finance.bill.fromAppointment',
  group: GROUP,
  summary: 'Cria a conta a receber de um agendamento (a partir da cobrança gerada na agenda)',
  description:
    'Usa a cobrança do agendamento (`POST /appointment/{id}/financeRecord`): valor, paciente, vencimento. Uma conta por cobrança; a segunda chamada é 409 nomeando a existente.',
  permission: 'finance:write',
  input: z.strictObject({
    appointment: refInput(() => appointments),
    category: refInput(() => financeCategories).optional(),
    account: refInput(() => financeAccounts).optional(),
    dueDate: dateInput.optional(),
  }),
  output: z.object({ message: z.string(), finance: billOutput }),
  http: { method: 'POST', path: '/finance/bill/fromAppointment', status: 201 },
  example: { appointment: EXAMPLE_ID },
  async run(ctx, { appointment, category, account, dueDate }) {
    const stored = await ctx.store.transaction(async (tx) => {
      const [charge] = await tx.collection(receivables).find({ selector: { appointment }, limit: 1 });
      if (!charge)
        throw new DomainError('validation', 'O agendamento ainda não tem cobrança', [
          { path: 'appointment', message: 'gere a conta do agendamento antes (POST /appointment/{id}/financeRecord)' },
        ]);
      if (charge.status === 'cancelled')
        throw new DomainError('invalid_transition', 'A cobrança do agendamento foi cancelada', [
          { path: 'appointment', message: `cobrança ${charge.id}` },
        ]);
      return insertBillFromCharge(ctx, tx, charge, { category, account, dueDate });
    });
    return { message: 'Conta a receber criada', finance: billAnswer(stored, today(ctx)) };
  },
});

/**
 * Inserts the bill to receive that collects an appointment's charge (FIN-001), in the caller's
 * transaction: amount, patient, clinic, due date and method from the charge.
 * @throws DomainError `conflict` naming the bill when the charge already has one; `validation` for an
 *   unknown or mismatched category/account.
 */
export async function insertBillFromCharge(
  ctx: OperationContext,
  tx: Store,
  charge: Stored<Receivable>,
  refs: { category?: string | undefined; account?: string | undefined; dueDate?: string | undefined },
): Promise<Stored<Bill>> {
  const { category, account, dueDate } = refs;
  const appointment = charge.appointment;
  const [existing] = await tx.collection(bills).find({ selector: { receivable: charge.id }, limit: 1 });
  if (existing)
    throw new DomainError('conflict', 'Este agendamento já tem conta a receber no financeiro', [
      { path: 'appointment', message: `conta ${existing.id}` },
    ]);
  await checkReferences(tx, 'receivable', { category, account });
  const bill: Bill = compact({
    ...newRecordBase({ ...ctx, store: tx }),
    type: 'receivable' as const,
    description: charge.description,
    patient: charge.patient,
    clinic: charge.clinic,
    category,
    account,
    amountCentavos: charge.amountCentavos,
    paidCentavos: 0,
    dueDate: dueDate ?? charge.dueDate,
    status: 'open' as const,
    source: 'appointment' as const,
    appointment,
    receivable: charge.id,
    method: charge.paymentMethod as Bill['method'],
    createdBy: actorId(ctx),
  });
  return tx.collection(bills).insert(bill);
}

/** `finance.bill.fromBudget`: `POST /finance/bill/fromBudget` (201): entry and parcels of an approved budget. */
export const billsFromBudget = defineOperation({
  name: 'finance.bill.fromBudget',
  group: GROUP,
  summary: 'Cria as contas a receber de um orçamento aprovado: entrada e parcelas com vencimentos',
  description:
    'Segue o plano do orçamento (`paymentInformation`: entrada, parcelas, periodicidade). A entrada vence em `firstDueDate` (padrão: hoje), cada parcela um período depois. A soma das contas é o valor do orçamento, ao centavo. Uma vez por orçamento (409 depois).',
  permission: 'finance:write',
  input: z.strictObject({
    budget: refInput(() => budgets),
    firstDueDate: dateInput.optional(),
    category: refInput(() => financeCategories).optional(),
    account: refInput(() => financeAccounts).optional(),
  }),
  output: z.object({ message: z.string(), items: z.array(billOutput) }),
  http: { method: 'POST', path: '/finance/bill/fromBudget', status: 201 },
  example: { budget: EXAMPLE_ID, firstDueDate: '2026-12-01' },
  async run(ctx, { budget: budgetId, firstDueDate, category, account }) {
    const first = firstDueDate ?? today(ctx);
    const stored = await ctx.store.transaction(async (tx) => {
      const budget = await requireReference(tx.collection(budgets), budgetId, 'Orçamento', 'budget');
      if (budget.status !== BudgetStatus.approved && budget.status !== BudgetStatus.executed)
        throw new DomainError('invalid_transition', 'Só um orçamento aprovado gera contas a receber', [
          { path: 'budget', message: `orçamento nº ${budget.budgetNumber} com status ${budget.status}` },
        ]);
      const [existing] = await tx.collection(bills).find({ selector: { budget: budgetId }, limit: 1 });
      if (existing)
        throw new DomainError('conflict', 'Este orçamento já gerou contas a receber', [
          { path: 'budget', message: `conta ${existing.id}` },
        ]);
      await checkReferences(tx, 'receivable', { category, account });
      const plan = budget.paymentInformation;
      const total = toCentavos(budget.value);
      const entry = toCentavos(plan.entry);
      const count = plan.quantity;
      // The budget's plan already adds up (core/budget/budget-money.ts settlePlan); repeated here in centavos.
      const parcels =
        count === 0
          ? []
          : [...Array<number>(count - 1).fill(toCentavos(plan.parcelValue)), toCentavos(plan.lastParcelValue)];
      if (entry + parcels.reduce((a, b) => a + b, 0) !== total)
        throw new Error(`budget ${budget.id} plan does not add up`);
      const amounts = [
        ...(entry > 0 || count === 0 ? [{ parcel: 0, cents: entry }] : []),
        ...parcels.map((cents, i) => ({ parcel: i + 1, cents })),
      ];
      const base = newRecordBase({ ...ctx, store: tx });
      const docs: Bill[] = amounts.map(({ parcel, cents }, i) =>
        compact({
          ...base,
          id: i === 0 ? base.id : ctx.ids.next(),
          type: 'receivable' as const,
          description: `Orçamento nº ${budget.budgetNumber} — ${parcel === 0 ? 'entrada' : `parcela ${parcel}/${count}`}`,
          patient: budget.patient,
          clinic: budget.clinic,
          category,
          account,
          amountCentavos: cents,
          paidCentavos: 0,
          dueDate: dueDateAfter(first, i, plan.period ?? 'monthly'),
          status: 'open' as const,
          source: 'budget' as const,
          budget: budgetId,
          parcel,
          parcels: count,
          method: plan.method,
          createdBy: actorId(ctx),
        }),
      );
      await tx.collection(bills).insertMany(docs);
      return docs;
    });
    const day = today(ctx);
    return { message: `${stored.length} conta(s) a receber criada(s)`, items: stored.map((b) => billAnswer(b, day)) };
  },
});

/** `finance.bill.split`: `POST /finance/bill/{id}/split` (201): parcels summing to the bill to the centavo. */
export const splitBill = defineOperation({
  name: 'finance.bill.split',
  group: GROUP,
  summary: 'Divide uma conta em parcelas (a soma fecha ao centavo)',
  description:
    'A conta (sem pagamentos) passa a `split` e dá lugar às parcelas; a primeira vence em `firstDueDate` (padrão: o vencimento da conta). As parcelas diferem no máximo em 1 centavo; as primeiras levam o centavo a mais.',
  permission: 'finance:write',
  input: z.strictObject({
    id: idInput,
    quantity: z.number().int().min(1).max(120),
    entry: reaisInput.max(MAX_REAIS).optional(),
    firstDueDate: dateInput.optional(),
    period: z.enum(PARCEL_PERIODS).default('monthly'),
  }),
  output: z.object({ message: z.string(), items: z.array(billOutput) }),
  http: { method: 'POST', path: '/finance/bill/{id}/split', status: 201 },
  example: { id: EXAMPLE_ID, quantity: 3, entry: 100, firstDueDate: '2026-12-10', period: 'monthly' },
  async run(ctx, { id, quantity, entry, firstDueDate, period }) {
    const made = await ctx.store.transaction(async (tx) => {
      const collection = tx.collection(bills);
      const current = await requireRecord(collection, id, 'Conta');
      if (current.status !== 'open' || current.paidCentavos > 0)
        throw billRefuses('Só uma conta em aberto e sem pagamentos é parcelada', current);
      const entryCents = entry === undefined ? 0 : toCentavos(entry);
      const amounts = splitCentavos(current.amountCentavos, quantity, entryCents);
      const first = firstDueDate ?? current.dueDate;
      const hasEntry = entryCents > 0;
      const now = nowIso(ctx);
      const { _rev, ...stored } = current;
      const { id: _id, parcel: _p, parcels: _ps, paidAt: _pa, ...fields } = stored;
      const docs: Bill[] = amounts.map((cents, i) =>
        compact({
          ...fields,
          id: ctx.ids.next(),
          createdAt: now,
          updatedAt: now,
          description: `${current.description} — ${hasEntry && i === 0 ? 'entrada' : `parcela ${hasEntry ? i : i + 1}/${quantity}`}`,
          amountCentavos: cents,
          paidCentavos: 0,
          dueDate: dueDateAfter(first, i, period),
          status: 'open' as const,
          source: 'split' as const,
          parent: id,
          parcel: hasEntry ? i : i + 1,
          parcels: quantity,
          createdBy: actorId(ctx),
        }),
      );
      await collection.update(id, _rev, { ...stored, status: 'split', updatedAt: now });
      await collection.insertMany(docs);
      return docs;
    });
    const day = today(ctx);
    return { message: `Conta dividida em ${made.length} parcela(s)`, items: made.map((b) => billAnswer(b, day)) };
  },
});

/** The bill operations. */
export const billOperations = [
  createBill,
  getBill,
  updateBill,
  listBills,
  billFromAppointment,
  billsFromBudget,
  splitBill,
];
