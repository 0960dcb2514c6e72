/**
 * Budget numbers (issue #5): unique per tenant, never reused, and unique across installations that
 * create budgets offline, because numbers come from `ctx.numbers` (the server's counter, or blocks the
 * server leased to the installation), never from "max + 1" on a local copy.
 */
import { conflictOn } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { budgets } from './budget-record.js';

/** The number series budgets draw from. */
export const BUDGET_SERIES = 'budget';

/** True when a budget of the tenant (active or not: numbers are never reused) holds `budgetNumber`. */
export async function numberTaken(store: Store, budgetNumber: number, self?: string): Promise<boolean> {
  const found = await store.collection(budgets).find({ selector: { budgetNumber }, limit: 2 });
  return found.some((b) => b.id !== self);
}

/** The 409 of a number already held by another budget. */
export function numberConflict(budgetNumber: number) {
  return conflictOn(
    'budgetNumber',
    'Número de orçamento já usado',
    `o número ${budgetNumber} já pertence a outro orçamento`,
  );
}

/**
 * Before a create's transaction opens (the operation's `transaction.before`): a desk low on leased
 * numbers leases its next block now, so the network call does not hold the desk's writes. The
 * server's counter has no reserve: it never runs dry. A budget given its number draws none.
 */
export async function reserveBudgetNumber(ctx: OperationContext, input: { budgetNumber?: number }): Promise<void> {
  if (input.budgetNumber === undefined) await ctx.numbers.reserve?.(BUDGET_SERIES);
}

/**
 * The number a new budget is stored under: the one the caller gave when free, else the next drawn from
 * the series, skipping numbers an integrator already gave by hand. Call it inside the create's
 * transaction (`ctx.store` is the transaction's store: the operation declares `transaction`), before
 * the create's first write: the number is drawn through it (`ctx.numbers.next(series, ctx.store)`), so
 * a budget costs one commit and a failed create gives its number back, and on PostgreSQL the counter's
 * row lock is always taken before the tenant's write lock, so two creates queue instead of deadlocking.
 * Whether the number is free is checked in the same transaction: the common path costs one indexed query.
 *
 * @throws DomainError `conflict` naming `budgetNumber` when the given number is taken; `conflict`
 *   from the number source when an offline installation has no leased numbers left.
 */
export async function budgetNumberFor(ctx: OperationContext, given: number | undefined): Promise<number> {
  for (;;) {
    const budgetNumber = given ?? (await ctx.numbers.next(BUDGET_SERIES, ctx.store));
    if (!(await numberTaken(ctx.store, budgetNumber))) return budgetNumber;
    if (given !== undefined) throw numberConflict(given);
  }
}
