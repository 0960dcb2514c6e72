/**
 * Create, get and edit a budget (spec §4.1 and §4.4 Report Budget). Create is the spec's detailed
 * operation: `POST /budget/` with every field of §2.1–2.4, answered 201 `{ message, budget }`.
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { inZone } from '#core/schedule/time.js';
import { approvalProblems } from './approval-rules.js';
import { budgetFromFields, localDatePlus } from './budget-build.js';
import { FALLBACK_TIME_ZONE, hasLapsed } from './budget-expiry.js';
import { BudgetStatus, CREATABLE_STATUSES, EDITABLE_STATUSES, EDIT_TARGET_STATUSES } from './budget-codes.js';
import { budgetNumberFor, reserveBudgetNumber } from './budget-number.js';
import {
  budgetFieldsInput,
  budgetNumberInput,
  budgetOutput,
  budgets,
  statusInput,
  type Budget,
} from './budget-record.js';

const GROUP = 'Report Budget';

/** The user behind the call, for `createdBy`/`approvedBy` defaults; integrators and jobs name none. */
export function actingUser(ctx: OperationContext): string | undefined {
  return ctx.actor.kind === 'user' ? ctx.actor.id : undefined;
}

const createInput = z.strictObject({
  ...budgetFieldsInput,
  budgetNumber: budgetNumberInput.optional(),
  status: statusInput
    .refine((s) => CREATABLE_STATUSES.includes(s), 'um orçamento nasce com status 0, 1 ou 2')
    .default(BudgetStatus.draft),
});

/** The example body of `POST /budget/`: every field of §2.1–2.4. */
export const budgetExample: z.input<typeof createInput> = {
  active: true,
  type: 'dental',
  patientData: { identificationOnInsurance: '0012345678901', insurancePlan: EXAMPLE_ID },
  patient: EXAMPLE_ID,
  cellPhone: '(11) 98765-4321',
  email: 'maria.silva@exemplo.com.br',
  clinic: EXAMPLE_ID,
  insurance: EXAMPLE_ID,
  professional: EXAMPLE_ID,
  specialty: EXAMPLE_ID,
  status: 1,
  items: [
    {
      typeModel: 'Event',
      quantity: 1,
      totalValue: 350,
      valueUnity: 350,
      item: EXAMPLE_ID,
      event: EXAMPLE_ID,
      type: 'procedure',
      copart: 35,
      transferPercent: 40,
      unit: 'un',
      expenseCode: '03',
      tooth: '36',
      toothFace: ['O', 'M'],
    },
  ],
  value: 350,
  createdBy: EXAMPLE_ID,
  paymentInformation: { period: 'monthly', quantity: 3, entry: 50, parcelValue: 100, method: 'creditCard' },
};

/** `budget.create`: `POST /budget/` (201), spec §4.1. */
export const createBudget = defineOperation({
  name: 'budget.create',
  group: GROUP,
  summary: 'Cria um orçamento',
  description:
    'Campos do §2.1–2.4. Obrigatórios: patient e clinic; items pode ser vazio (rascunho). Valores em reais ' +
    '(até 2 casas), calculados em centavos: totalValue = quantity × valueUnity, value = soma das linhas, ' +
    'entry + parcelas = value (a última parcela absorve o arredondamento). budgetNumber é atribuído quando ausente; ' +
    'um número já usado é 409. Ids inexistentes na conta são 400 nomeando o campo. ' +
    'Com status 2 (aprovado) valem as regras da aprovação: itens, valor maior que zero e validUntil não vencido ' +
    '(400 nomeando cada campo). Um orçamento 0 ou 1 com validUntil já passado nasce vencido (5).',
  permission: 'budget:write',
  input: createInput,
  output: z.object({ message: z.string(), budget: budgetOutput }),
  http: { method: 'POST', path: '/budget/', status: 201 },
  example: budgetExample,
  // One transaction for the whole create, opened by the runner: the number is drawn and the budget
  // inserted through it (budget-number.ts).
  transaction: { before: reserveBudgetNumber },
  async run(ctx, input) {
    const { budgetNumber: given, status, ...fields } = input;
    const now = ctx.clock.now();
    const built = await budgetFromFields(ctx.store, fields, now);
    // The clinic's today, as approval and the expiry job judge it (budget-expiry.ts).
    const zone = (await ctx.store.collection(clinics).get(built.clinic))?.timeZone ?? FALLBACK_TIME_ZONE;
    const today = localDatePlus(now, zone, 0);
    if (status === BudgetStatus.approved) {
      const problems = approvalProblems(built, today);
      if (problems.length > 0) {
        throw new DomainError('validation', 'Um orçamento só nasce aprovado com itens, valor e validade em dia', [
          ...problems,
        ]);
      }
    }
    // A quote already past its validity is born lapsed, as the expiry job would mark it that night.
    const lapsed = hasLapsed({ ...built, status }, now, zone);
    const at = nowIso(ctx);
    const createdBy = built.createdBy ?? actingUser(ctx);
    const approvedBy = status === BudgetStatus.approved ? (built.approvedBy ?? actingUser(ctx)) : built.approvedBy;
    const budgetNumber = await budgetNumberFor(ctx, given);
    const budget = await ctx.store.collection(budgets).insert({
      ...built,
      id: ctx.ids.next(),
      tenantId: ctx.store.tenantId,
      createdAt: at,
      updatedAt: at,
      budgetNumber,
      status: lapsed ? BudgetStatus.expired : status,
      ...(lapsed ? { expiredAt: inZone(now, zone) } : {}),
      ...(createdBy ? { createdBy } : {}),
      ...(approvedBy ? { approvedBy } : {}),
      ...(status === BudgetStatus.approved ? { approvedAt: at } : {}),
    });
    return { message: `Orçamento nº ${budget.budgetNumber} salvo`, budget };
  },
});

/** `budget.get`: `GET /budget/{id}`. */
export const getBudget = defineOperation({
  name: 'budget.get',
  group: GROUP,
  summary: 'Mostra um orçamento',
  permission: 'budget:read',
  input: z.strictObject({ id: idInput }),
  output: budgetOutput,
  http: { method: 'GET', path: '/budget/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(budgets), id, 'Orçamento'),
});

const editInput = z.strictObject({
  ...budgetFieldsInput,
  id: idInput,
  budgetNumber: budgetNumberInput.optional(),
  status: statusInput.optional(),
});

/** `budget.edit`: `PUT /budget/{id}`. */
export const editBudget = defineOperation({
  name: 'budget.edit',
  group: GROUP,
  summary: 'Edita um orçamento (enquanto não aprovado)',
  description:
    'Substitui os campos do orçamento (campos omitidos são limpos), com as mesmas regras da criação. ' +
    'Só enquanto não aprovado nem executado: um orçamento aprovado precisa ser reprovado antes (409). ' +
    'O número não muda; o status resultante é 0 ou 1 (padrão: o atual, ou 0 se estava reprovado ou vencido).',
  permission: 'budget:write',
  input: editInput,
  output: budgetOutput,
  http: { method: 'PUT', path: '/budget/{id}' },
  example: { ...budgetExample, id: EXAMPLE_ID },
  async run(ctx, { id, budgetNumber, status, ...fields }) {
    const collection = ctx.store.collection(budgets);
    const current = await requireRecord(collection, id, 'Orçamento');
    if (!current.active) throw invalidTransition('Orçamento excluído não pode ser editado');
    if (!EDITABLE_STATUSES.includes(current.status)) {
      throw invalidTransition(
        current.status === BudgetStatus.approved
          ? 'Orçamento aprovado: reprove-o antes de editar'
          : 'Orçamento executado não pode ser editado',
        'status',
      );
    }
    if (budgetNumber !== undefined && budgetNumber !== current.budgetNumber) {
      throw new DomainError('validation', 'Requisição inválida', [
        { path: 'budgetNumber', message: `o número não muda depois de emitido (${current.budgetNumber})` },
      ]);
    }
    const next = status ?? (EDIT_TARGET_STATUSES.includes(current.status) ? current.status : BudgetStatus.draft);
    if (!EDIT_TARGET_STATUSES.includes(next)) {
      throw new DomainError('validation', 'Requisição inválida', [
        { path: 'status', message: 'a edição deixa o orçamento em 0 ou 1; use a aprovação para aprová-lo' },
      ]);
    }
    const built = await budgetFromFields(ctx.store, fields, ctx.clock.now());
    const record: Budget = {
      ...built,
      id,
      tenantId: current.tenantId,
      createdAt: current.createdAt,
      updatedAt: nowIso(ctx),
      budgetNumber: current.budgetNumber,
      status: next,
      ...((built.createdBy ?? current.createdBy) ? { createdBy: built.createdBy ?? current.createdBy } : {}),
      // The trail of an earlier disapproval stays: it explains why the quote was redone.
      ...(current.disapprovedAt
        ? {
            disapprovedAt: current.disapprovedAt,
            ...(current.disapprovedBy ? { disapprovedBy: current.disapprovedBy } : {}),
            ...(current.disapprovalReason ? { disapprovalReason: current.disapprovalReason } : {}),
          }
        : {}),
      // Likewise the expiry: the quote was redone because it lapsed.
      ...(current.expiredAt ? { expiredAt: current.expiredAt } : {}),
    };
    return collection.update(id, current._rev, record);
  },
});

/** The operations of this file. */
export const budgetCrudOperations = [createBudget, getBudget, editBudget];
