/**
 * Approve, disapprove and logically delete a budget (spec §4.4 Report Budget). The transitions are
 * in budget-codes.ts; a refused transition is 409 `invalid_transition` naming `status`.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { users } from '#core/access/user.js';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import {
  APPROVABLE_STATUSES,
  BudgetStatus,
  DISAPPROVABLE_STATUSES,
  STATUS_LABELS,
  type BudgetStatusCode,
} from './budget-codes.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { localDatePlus } from './budget-build.js';
import { FALLBACK_TIME_ZONE } from './budget-expiry.js';
import { actingUser } from './budget-ops.js';
import { approvalProblems } from './approval-rules.js';
import { budgetOutput, budgets } from './budget-record.js';
import { formatDate } from '#core/br/format.js';

const GROUP = 'Report Budget';

/** @throws DomainError `validation` naming `path` when `id` is not a user of the tenant. */
async function requireUser(ctx: OperationContext, id: string, path: string): Promise<void> {
  if (!(await ctx.store.collection(users).get(id))) {
    throw new DomainError('validation', 'Requisição inválida', [{ path, message: 'não existe nesta conta' }]);
  }
}

function refuse(from: BudgetStatusCode, action: string): DomainError {
  const label = STATUS_LABELS[from].toLowerCase();
  return invalidTransition(`Orçamento ${label} não pode ser ${action}`, 'status', `status atual: ${label}`);
}

/** The 409 message of each approval rule (approval-rules.ts), by the field it names. */
const APPROVAL_REFUSALS: Record<string, (budget: { validUntil: string }) => string> = {
  active: () => 'Orçamento excluído não pode ser aprovado',
  items: () => 'Orçamento sem itens não pode ser aprovado',
  value: () => 'Orçamento de valor zero não pode ser aprovado',
  validUntil: (b) => `Orçamento vencido em ${formatDate(b.validUntil)}: edite-o com nova validade`,
};

/** `budget.approve`: `POST /budget/{id}/approval`. */
export const approveBudget = defineOperation({
  name: 'budget.approve',
  group: GROUP,
  summary: 'Aprova um orçamento',
  description:
    'De rascunho, aguardando aprovação ou reprovado para aprovado; registra approvedBy (padrão: quem chama) e approvedAt. ' +
    'Recusa (409) orçamento sem linhas, vencido (validUntil passado), excluído, já aprovado ou executado.',
  permission: 'budget:write',
  input: z.strictObject({ id: idInput, approvedBy: refInput(() => users).optional() }),
  output: budgetOutput,
  http: { method: 'POST', path: '/budget/{id}/approval' },
  example: { id: EXAMPLE_ID, approvedBy: EXAMPLE_ID },
  async run(ctx, { id, approvedBy }) {
    const collection = ctx.store.collection(budgets);
    const current = await requireRecord(collection, id, 'Orçamento');
    if (!current.active)
      throw invalidTransition('Orçamento excluído não pode ser aprovado', 'id', 'orçamento excluído');
    if (!APPROVABLE_STATUSES.includes(current.status)) throw refuse(current.status, 'aprovado');
    const now = nowIso(ctx);
    // The clinic's calendar, as the expiry job judges it: at 23:30 of the last day in São Paulo the
    // quote still holds though the server's UTC day is the next.
    const zone = (await ctx.store.collection(clinics).get(current.clinic))?.timeZone ?? FALLBACK_TIME_ZONE;
    const problem = approvalProblems(current, localDatePlus(ctx.clock.now(), zone, 0))[0];
    if (problem) throw invalidTransition(APPROVAL_REFUSALS[problem.path]!(current), problem.path, problem.message);
    const by = approvedBy ?? actingUser(ctx);
    if (approvedBy) await requireUser(ctx, approvedBy, 'approvedBy');
    const { approvedBy: _old, ...rest } = current;
    return collection.update(id, current._rev, {
      ...rest,
      status: BudgetStatus.approved,
      ...(by ? { approvedBy: by } : {}),
      approvedAt: now,
      updatedAt: now,
    });
  },
});

/** `budget.disapprove`: `POST /budget/{id}/disapproval`. */
export const disapproveBudget = defineOperation({
  name: 'budget.disapprove',
  group: GROUP,
  summary: 'Reprova um orçamento (com o motivo)',
  description:
    'De rascunho, aguardando aprovação ou aprovado para reprovado; registra quem, quando e o motivo. ' +
    'É o caminho para mudar um orçamento aprovado: reprovar, editar, aprovar de novo.',
  permission: 'budget:write',
  input: z.strictObject({
    id: idInput,
    reason: z.string().trim().min(1, 'informe o motivo').max(1000),
    disapprovedBy: refInput(() => users).optional(),
  }),
  output: budgetOutput,
  http: { method: 'POST', path: '/budget/{id}/disapproval' },
  example: { id: EXAMPLE_ID, reason: 'Paciente optou por fazer em etapas' },
  async run(ctx, { id, reason, disapprovedBy }) {
    const collection = ctx.store.collection(budgets);
    const current = await requireRecord(collection, id, 'Orçamento');
    if (!current.active) throw invalidTransition('Orçamento excluído não pode ser reprovado');
    if (!DISAPPROVABLE_STATUSES.includes(current.status)) throw refuse(current.status, 'reprovado');
    if (disapprovedBy) await requireUser(ctx, disapprovedBy, 'disapprovedBy');
    const by = disapprovedBy ?? actingUser(ctx);
    const now = nowIso(ctx);
    const { disapprovedBy: _old, ...rest } = current;
    return collection.update(id, current._rev, {
      ...rest,
      status: BudgetStatus.disapproved,
      ...(by ? { disapprovedBy: by } : {}),
      disapprovedAt: now,
      disapprovalReason: reason,
      updatedAt: now,
    });
  },
});

/** `budget.delete`: `DELETE /budget/{id}`, a logical delete. */
export const deleteBudget = defineOperation({
  name: 'budget.delete',
  group: GROUP,
  summary: 'Exclui logicamente um orçamento (active = false)',
  description:
    'O orçamento some das listas padrão (active=true) e continua legível para auditoria; o número nunca é reutilizado. ' +
    'Excluir de novo não muda nada.',
  permission: 'budget:write',
  input: z.strictObject({ id: idInput }),
  output: budgetOutput,
  http: { method: 'DELETE', path: '/budget/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const collection = ctx.store.collection(budgets);
    const current = await requireRecord(collection, id, 'Orçamento');
    if (!current.active) return current;
    return collection.update(id, current._rev, { ...current, active: false, updatedAt: nowIso(ctx) });
  },
});

/** The operations of this file. */
export const budgetStatusOperations = [approveBudget, disapproveBudget, deleteBudget];
