/**
 * What an installation may push of budgets (issue 7 with issue 5): desks budget offline through the
 * same operations, and a pushed version must keep to what those operations allow: a status the table
 * reaches from the server's, a number that never changes, nothing edited once approved or executed.
 * A number a desk typed that another budget already holds is listed for the reception. Several moves
 * made offline (approve, then execute) are judged step by step through their stamps, not as one jump.
 */
import type { ErrorDetail } from '#core/errors.js';
import type { Store } from '#core/store/port.js';
import type { SyncRules } from '#core/sync/record-rules.js';
import {
  APPROVABLE_STATUSES,
  BudgetStatus,
  CREATABLE_STATUSES,
  DISAPPROVABLE_STATUSES,
  EDIT_TARGET_STATUSES,
  EDITABLE_STATUSES,
  type BudgetStatusCode,
} from './budget-codes.js';
import { EXPIRABLE_STATUSES } from './budget-expiry.js';
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

/** The step stamps of a budget: each, newly set, records one move to its status at its time. */
const STEP_STAMPS: readonly [string, BudgetStatusCode][] = [
  ['approvedAt', BudgetStatus.approved],
  ['disapprovedAt', BudgetStatus.disapproved],
  ['executedAt', BudgetStatus.executed],
];

/**
 * The statuses a pushed budget went through from the server's (issue 18.4: several moves made
 * offline arrive as one state), following the step stamps it newly carries in time order, then its
 * own status (an edit into 0 or 1 has no stamp of its own). Undefined when some move is not one the
 * operations make.
 */
export function budgetPath(next: Doc, previous: Doc): BudgetStatusCode[] | undefined {
  const steps = STEP_STAMPS.filter(
    ([stamp]) => typeof next[stamp] === 'string' && next[stamp] !== previous[stamp],
  ).sort(([a], [b]) => Date.parse(String(next[a])) - Date.parse(String(next[b])));
  const path = [previous.status as BudgetStatusCode];
  for (const [, to] of steps) {
    if (!budgetMoveAllowed(path.at(-1), to)) return undefined;
    if (path.at(-1) !== to) path.push(to);
  }
  if (!budgetMoveAllowed(path.at(-1), next.status)) return undefined;
  if (path.at(-1) !== next.status) path.push(next.status as BudgetStatusCode);
  return path;
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
  'executedAt',
  'expiredAt',
]);

const dayOf = (stamp: unknown): string | undefined => (typeof stamp === 'string' ? stamp.slice(0, 10) : undefined);

/**
 * A desk's decision the server's expiry must not undo: the version leaves 5 (vencido) for an
 * approval (2, or 4 after it) made on a day the quote still held (the approval's own calendar day,
 * as `budget.approve` judged it), or for a disapproval, each newer than what the server holds. Only
 * a desk that approved or disapproved offline while the server expired the quote pushes such a
 * version: no operation leaves 5 that way.
 */
function decidedBeforeExpiry(next: Doc, previous: Doc): boolean {
  if (previous.status !== BudgetStatus.expired) return false;
  if (next.status === BudgetStatus.approved || next.status === BudgetStatus.executed) {
    const day = dayOf(next.approvedAt);
    return (
      day !== undefined &&
      next.approvedAt !== previous.approvedAt &&
      typeof next.validUntil === 'string' &&
      day <= next.validUntil
    );
  }
  if (next.status === BudgetStatus.disapproved) {
    return typeof next.disapprovedAt === 'string' && next.disapprovedAt !== previous.disapprovedAt;
  }
  return false;
}

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
  const path = budgetMoveAllowed(previous.status, next.status)
    ? [previous.status, next.status]
    : budgetPath(next, previous);
  if (!path && !decidedBeforeExpiry(next, previous)) {
    problems.push({
      path: 'status',
      message: `não é possível passar de ${String(previous.status)} para ${String(next.status)}`,
    });
  }
  const edited = Object.keys({ ...previous, ...next }).some(
    (field) => !BOOKKEEPING.has(field) && JSON.stringify(previous[field]) !== JSON.stringify(next[field]),
  );
  // An edit is made from an editable status: the server's, or one the pushed steps passed through
  // before their last move.
  const editedFrom = path && path.length > 1 ? path.slice(0, -1) : [previous.status];
  if (edited && !editedFrom.some((status) => has(EDITABLE_STATUSES, status))) {
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

/** What the server's expiry changes on a budget (`expireLapsedBudgets`). */
const EXPIRY_FIELDS = new Set(['status', 'expiredAt', 'updatedAt']);

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether `master` is `assumed` as the expiry job left it, and nothing else changed. */
function onlyExpiredSince(master: Doc, assumed: Doc): boolean {
  if (master.status !== BudgetStatus.expired || !has(EXPIRABLE_STATUSES, assumed.status)) return false;
  return Object.keys({ ...master, ...assumed }).every(
    (field) => EXPIRY_FIELDS.has(field) || sameJson(master[field], assumed[field]),
  );
}

const later = (a: unknown, b: unknown): unknown =>
  typeof a === 'string' && typeof b === 'string' && Date.parse(a) > Date.parse(b) ? a : b;

/**
 * A desk changed, offline, a budget the server expired meanwhile (the only change since the desk's
 * view is the expiry): what the desk did is applied over the expired version, field by field, as its
 * operation would have done there:
 * - an approval (2, or 4 after it) or a disapproval wins and the expiry is undone (`expiredAt`
 *   dropped); the push check still refuses an approval made after `validUntil`, and then the
 *   server's version stands and the desk's goes to the conflict list;
 * - an edit reopens it as `budget.edit` does from 5, in the status the desk left it (0 or 1),
 *   keeping `expiredAt` as the trail; the next expiry run marks it again if its validity still lapsed;
 * - a logical delete only keeps it expired, deleted.
 * Any other concurrent change (another desk's edit, an operation on the server) is not merged: the
 * server's version wins and the desk's is listed, as for every collection without a merge.
 */
export function resolveBudgetConflict(master: Doc, assumed: Doc | undefined, pushed: Doc): Doc | undefined {
  if (!assumed || !onlyExpiredSince(master, assumed)) return undefined;
  const merged: Doc = { ...master };
  for (const field of Object.keys({ ...assumed, ...pushed })) {
    if (sameJson(pushed[field], assumed[field])) continue;
    if (pushed[field] === undefined) delete merged[field];
    else merged[field] = pushed[field];
  }
  const edited = Object.keys({ ...assumed, ...pushed }).some(
    (field) => !BOOKKEEPING.has(field) && !sameJson(pushed[field], assumed[field]),
  );
  if (edited) merged.status = pushed.status;
  // A decision (2, 3, 4) predates the expiry, which is undone; an edit reopening it keeps the trail.
  if (merged.status !== BudgetStatus.expired && !has(EDIT_TARGET_STATUSES, merged.status)) delete merged.expiredAt;
  merged.updatedAt = later(master.updatedAt, pushed.updatedAt);
  return merged;
}

/** Sync rules of `budgets` (core/sync/record-rules.ts). */
export const budgetSyncRules: SyncRules = {
  resolveConflict: resolveBudgetConflict,
  readPermission: 'budget:read',
  writePermission: 'budget:write',
  check: budgetPushProblems,
  crossCheck: takenBudgetNumber,
};
