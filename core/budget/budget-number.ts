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
 * Stores a new budget under a number: the one the caller gave when free, else the next drawn from the
 * series, skipping numbers an integrator already gave by hand. The number is drawn through the writing
 * transaction (`ctx.numbers.next(series, tx)`): one commit per budget, and a failed create gives its
 * number back. A source that leases (a desk's blocks) reserves first, outside the transaction, so its
 * network call does not hold the desk's writes. Whether the number is free is checked in the same transaction, so the common path costs
 * one indexed query.
 *
 * @param write inserts the budget with `budgetNumber` through the transaction's store.
 * @throws DomainError `conflict` naming `budgetNumber` when the given number is taken; `conflict`
 *   from the number source when an offline installation has no leased numbers left.
 */
export async function insertNumbered<R>(
  ctx: OperationContext,
  given: number | undefined,
  write: (tx: Store, budgetNumber: number) => Promise<R>,
): Promise<R> {
  // A desk low on leased numbers leases its next block now, before the transaction holds its store
  // (the server's counter has no reserve: it never runs dry).
  if (given === undefined) await ctx.numbers.reserve?.(BUDGET_SERIES);
  for (;;) {
    const written = await ctx.store.transaction(async (tx) => {
      // First statement of the transaction: the counter's row lock is always taken before the
      // tenant's write lock, so two creates on PostgreSQL queue instead of deadlocking.
      const budgetNumber = given ?? (await ctx.numbers.next(BUDGET_SERIES, tx));
      return (await numberTaken(tx, budgetNumber)) ? undefined : { value: await write(tx, budgetNumber) };
    });
    if (written) return written.value;
    if (given !== undefined) throw numberConflict(given);
  }
}
