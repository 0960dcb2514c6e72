/**
 * Budget numbers (issue #5): unique per tenant, never reused, and unique across installations that
 * create budgets offline, because numbers come from `ctx.numbers` (the server's counter, or blocks the
 * server leased to the installation), never from "max + 1" on a local copy.
 */
import { conflictOn } from '../clinic/common/records.js';
import type { OperationContext } from '../operation.js';
import type { Store } from '../store/port.js';
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
 * The number of a new budget: the one the caller gave when free, else the next drawn from the
 * series, skipping numbers an integrator already gave by hand. Runs before the writing transaction:
 * a leased block is written through the installation's own store, which must not wait on the
 * transaction (see docs/decisions.md "Messaging" on RxDB transactions).
 *
 * @throws DomainError `conflict` naming `budgetNumber` when the given number is taken; `conflict`
 *   from the number source when an offline installation has no leased numbers left.
 */
export async function assignBudgetNumber(ctx: OperationContext, given: number | undefined): Promise<number> {
  if (given !== undefined) {
    if (await numberTaken(ctx.store, given)) throw numberConflict(given);
    return given;
  }
  for (;;) {
    const drawn = await ctx.numbers.next(BUDGET_SERIES);
    if (!(await numberTaken(ctx.store, drawn))) return drawn;
  }
}
