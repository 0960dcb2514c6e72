/**
 * What an installation may push of budgets (issue 7 with issue 5): desks budget offline through the
 * same operations, and a pushed version must keep to what those operations allow: a status the table
 * reaches from the server's, a number that never changes, nothing edited once approved or executed.
 * A number a desk typed that another budget already holds is listed for the reception.
 */
import type { ErrorDetail } from '../errors.js';
import type { Store } from '../store/port.js';
import { registerSyncRules } from '../sync/record-rules.js';
import {
  APPROVABLE_STATUSES,
  BudgetStatus,
  CREATABLE_STATUSES,
  DISAPPROVABLE_STATUSES,
  EDIT_TARGET_STATUSES,
  EDITABLE_STATUSES,
  type BudgetStatusCode,
} from './budget-codes.js';
import { budgets } from './budget-record.js';

type Doc = Record<string, unknown>;

const has = (list: readonly BudgetStatusCode[], value: unknown): boolean => list.includes(value as BudgetStatusCode);

/** Whether the budget operations lead from status `from` to `to`. */
export function budgetMoveAllowed(from: unknown, to: unknown): boolean {
  if (from === to) return true;
  if (to === BudgetStatus.approved) return has(APPROVABLE_STATUSES, from);
  if (to === BudgetStatus.disapproved) return has(DISAPPROVABLE_STATUSES, from);
  if (to === BudgetStatus.executed) return from === BudgetStatus.approved;
  return has(EDITABLE_STATUSES, from) && has(EDIT_TARGET_STATUSES, to);
}

/** Fields a logical delete or a status change touches; any other change is an edit. */
const BOOKKEEPING = new Set([
  '_rev',
  '_deleted',
  'updatedAt',
  'status',
  'active',
  'approvedBy',
  'approvedAt',
  'disapprovedBy',
  'disapprovedAt',
  'disapprovalReason',
  'treatment',
]);

/** The problems of a pushed budget against the server's version. */
export function budgetPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) {
    return has(CREATABLE_STATUSES, next.status)
      ? []
      : [{ path: 'status', message: 'um orçamento nasce como rascunho, aguardando aprovação ou aprovado' }];
  }
  const problems: ErrorDetail[] = [];
  if (next.budgetNumber !== previous.budgetNumber) {
    problems.push({ path: 'budgetNumber', message: 'o número de um orçamento não muda' });
  }
  if (!budgetMoveAllowed(previous.status, next.status)) {
    problems.push({
      path: 'status',
      message: `não é possível passar de ${String(previous.status)} para ${String(next.status)}`,
    });
  }
  const edited = Object.keys({ ...previous, ...next }).some(
    (field) => !BOOKKEEPING.has(field) && JSON.stringify(previous[field]) !== JSON.stringify(next[field]),
  );
  if (edited && !has(EDITABLE_STATUSES, previous.status)) {
    problems.push({ path: 'status', message: 'um orçamento aprovado ou executado não é editado (reprove-o antes)' });
  }
  return problems;
}

/** Another active budget of the tenant holding the pushed number. */
export async function takenBudgetNumber(store: Store, written: Doc): Promise<ErrorDetail[]> {
  if (typeof written.budgetNumber !== 'number') return [];
  const holders = await store.collection(budgets).find({ selector: { budgetNumber: written.budgetNumber }, limit: 2 });
  const others = holders.filter((b) => b.id !== written.id);
  return others.length === 0
    ? []
    : [
        {
          path: 'budgetNumber',
          message: `número ${written.budgetNumber} também usado por: ${others.map((b) => b.id).join(', ')}`,
        },
      ];
}

registerSyncRules('budgets', {
  readPermission: 'budget:read',
  writePermission: 'budget:write',
  check: budgetPushProblems,
  crossCheck: takenBudgetNumber,
});
