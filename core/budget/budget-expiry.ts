/**
 * Lapsed quotes become "vencido" (status 5) by themselves: a server job calls
 * {@link expireLapsedBudgets} for every tenant daily (docs/decisions/budgets.md). Not an operation
 * of the catalogue (spec §4.4 names none, and no person or integrator asks for it): a core function,
 * so the rule lives beside the budget and any store (SQL on the server, RxDB in tests) runs it.
 *
 * `validUntil` is the last day the prices hold in the clinic's calendar, so "lapsed" is judged with
 * each clinic's time zone: a quote valid until the 23rd stays open at 23:30 of the 23rd in São Paulo
 * even though it is already the 24th in UTC.
 */
import { clinics } from '#core/clinic/clinic-record.js';
import type { Clock } from '#core/clock.js';
import { isDomainError } from '#core/errors.js';
import { inZone } from '#core/schedule/time.js';
import type { Collection, Store } from '#core/store/port.js';
import { withoutRevision, type Stored } from '#core/store/record.js';
import { localDatePlus } from './budget-build.js';
import { BudgetStatus, type BudgetStatusCode } from './budget-codes.js';
import { budgets, type Budget } from './budget-record.js';

/** The clinic time zone used when a budget's clinic is gone (the one `budget.create` defaults to). */
export const FALLBACK_TIME_ZONE = 'America/Sao_Paulo';

/** States a quote can lapse from: still open, nobody decided. Approved, disapproved and executed stay. */
export const EXPIRABLE_STATUSES: readonly BudgetStatusCode[] = [BudgetStatus.draft, BudgetStatus.awaitingApproval];

/** What one run did for one tenant. */
export interface ExpiryResult {
  /** Budgets marked 5 by this run. */
  expired: number;
  /** Lapsed budgets changed by someone else while the run read them (a push, an edit): left for the next run. */
  skipped: number;
}

/** Options of {@link expireLapsedBudgets}. */
export interface ExpiryOptions {
  /** Budgets read per query (default 200): memory stays one page whatever the tenant holds. */
  pageSize?: number;
}

/**
 * Whether `budget` has lapsed at `now`: open (0 or 1), active, and its `validUntil` before the
 * clinic's today in `timeZone`.
 */
export function hasLapsed(
  budget: Pick<Budget, 'status' | 'active' | 'validUntil'>,
  now: Date,
  timeZone: string,
): boolean {
  return (
    budget.active && EXPIRABLE_STATUSES.includes(budget.status) && budget.validUntil < localDatePlus(now, timeZone, 0)
  );
}

/**
 * Marks every lapsed budget of the store's tenant as 5 (vencido), with `expiredAt` and `updatedAt`
 * the run's instant in the clinic's offset (ISO-8601, as every stamp). Pages through the
 * `[status, createdAt]` index, oldest first, one status at a time; never touches 2, 3 or 4, nor a
 * logically deleted budget (it is out of every list and no operation may change it). Idempotent: a
 * second run finds nothing more. Each write uses the store's revision check, so a budget a desk or an
 * operation changed meanwhile is skipped, not overwritten, and judged again on the next run.
 *
 * @throws Error (DomainError or driver errors) when the store fails; what was written stays written.
 */
export async function expireLapsedBudgets(
  store: Store,
  clock: Clock,
  options: ExpiryOptions = {},
): Promise<ExpiryResult> {
  const pageSize = options.pageSize ?? 200;
  const collection = store.collection(budgets);
  const zones = new Map<string, string>();
  const zoneOf = async (clinic: string): Promise<string> => {
    let zone = zones.get(clinic);
    if (zone === undefined) {
      zone = (await store.collection(clinics).get(clinic))?.timeZone ?? FALLBACK_TIME_ZONE;
      zones.set(clinic, zone);
    }
    return zone;
  };
  const now = clock.now();
  const result: ExpiryResult = { expired: 0, skipped: 0 };
  for (const status of EXPIRABLE_STATUSES) {
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const page = await pageOf(collection, status, after, pageSize);
      for (const budget of page) {
        const zone = await zoneOf(budget.clinic);
        if (!hasLapsed(budget, now, zone)) continue;
        const at = inZone(now, zone);
        try {
          await collection.update(budget.id, budget._rev, {
            ...withoutRevision(budget),
            status: BudgetStatus.expired,
            expiredAt: at,
            updatedAt: at,
          });
          result.expired += 1;
        } catch (error) {
          if (!isDomainError(error) || (error.code !== 'conflict' && error.code !== 'not_found')) throw error;
          result.skipped += 1;
        }
      }
      const last = page[page.length - 1];
      if (!last || page.length < pageSize) break;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return result;
}

/**
 * One page of `status`, oldest first, after the keyset `after` (createdAt, then id: the store breaks
 * ties by id ascending). Budgets this run marked leave the status and never come back into it.
 */
async function pageOf(
  collection: Collection<Budget>,
  status: BudgetStatusCode,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<Stored<Budget>[]> {
  if (!after) return collection.find({ selector: { status }, sort: [{ createdAt: 'asc' }], limit });
  const same = await collection.find({
    selector: { status, createdAt: after.createdAt, id: { $gt: after.id } },
    sort: [{ createdAt: 'asc' }],
    limit,
  });
  if (same.length >= limit) return same;
  const beyond = await collection.find({
    selector: { status, createdAt: { $gt: after.createdAt } },
    sort: [{ createdAt: 'asc' }],
    limit: limit - same.length,
  });
  return [...same, ...beyond];
}
