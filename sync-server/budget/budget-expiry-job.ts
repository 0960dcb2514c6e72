/**
 * The daily job that marks lapsed quotes as vencido (status 5): `expireLapsedBudgets` of the core for
 * every account, at start and then every `CLINIC_BUDGET_EXPIRY_INTERVAL_MS` (default a day). Its
 * writes go through the tenant's store like any server write, so they take a seq and replicate to
 * the desks; they are audited as the `system` actor `budget-expiry`.
 */
import type { Logger } from 'pino';
import type { AuditSink } from '#core/access/audit.js';
import { guardStore } from '#core/access/guarded-store.js';
import type { Actor } from '#core/actor.js';
import { expireLapsedBudgets, type ExpiryResult } from '#core/budget/budget-expiry.js';
import type { Clock } from '#core/clock.js';
import type { Database } from '#core/store/port.js';
import { RepeatingPasses } from '../jobs/repeating-passes.js';

/** Default milliseconds between runs: a day. A lapsed quote is marked within a day of its last valid day. */
export const DEFAULT_EXPIRY_INTERVAL_MS = 86_400_000;

/**
 * Reads `CLINIC_BUDGET_EXPIRY_INTERVAL_MS` (default {@link DEFAULT_EXPIRY_INTERVAL_MS}).
 * @throws Error when it is not an integer of at least 1000 (a second; each run reads every open budget)
 */
export function readExpiryIntervalMs(env: Record<string, string | undefined>): number {
  const raw = env.CLINIC_BUDGET_EXPIRY_INTERVAL_MS;
  if (raw === undefined || raw === '') return DEFAULT_EXPIRY_INTERVAL_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1000) {
    throw new Error(`CLINIC_BUDGET_EXPIRY_INTERVAL_MS must be an integer ≥ 1000, got "${raw}"`);
  }
  return ms;
}

/** Options of {@link startBudgetExpiry}. */
export interface BudgetExpiryOptions {
  database: Database;
  /** Every account to serve, asked again on each run (accounts come and go). */
  tenants: () => Promise<string[]>;
  clock: Clock;
  /** The server's audit log; the job flushes it after each tenant when it can. */
  audit: AuditSink & { flush?(): Promise<void> };
  logger: Logger;
  /** Milliseconds between the end of one run and the start of the next; default a day. */
  intervalMs?: number;
}

/** A running job. */
export interface BudgetExpiry {
  /** Runs once now (after the run in progress, if any); @returns budgets marked over every tenant. */
  runOnce(): Promise<ExpiryResult>;
  /** Stops the timer and waits for the run in flight. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the job: a first run at once, then one every `intervalMs`. One tenant's failure is logged
 * and the others go on; the next run retries it.
 *
 * @example
 * const expiry = startBudgetExpiry({ database, tenants, clock: systemClock, audit: built.access.audit, logger });
 * // on shutdown
 * await expiry.stop();
 */
export function startBudgetExpiry(options: BudgetExpiryOptions): BudgetExpiry {
  const { database, clock, audit } = options;
  const log = options.logger.child({ module: 'budget-expiry' });
  const intervalMs = options.intervalMs ?? DEFAULT_EXPIRY_INTERVAL_MS;
  // Its reads are every open quote, daily: one audit entry each would drown the log, so like a
  // sync pull the job's reads are summarised (the count below); every budget it changes is audited.
  const writesOnly: AuditSink = {
    record(event) {
      if (event.action !== 'read') audit.record(event);
    },
  };
  const passes = new RepeatingPasses<ExpiryResult>(intervalMs);

  async function pass(): Promise<ExpiryResult> {
    const total: ExpiryResult = { expired: 0, skipped: 0 };
    let tenantIds: string[];
    try {
      tenantIds = await options.tenants();
    } catch (err) {
      log.error({ err }, 'budget expiry: could not list tenants');
      return total;
    }
    for (const tenantId of tenantIds) {
      if (passes.stopping) break;
      const actor: Actor = {
        kind: 'system',
        id: 'budget-expiry',
        tenantId,
        permissions: new Set(['budget:read', 'budget:write', 'clinic:read']),
      };
      try {
        const store = guardStore(database.forTenant(tenantId), { actor, audit: writesOnly });
        const result = await expireLapsedBudgets(store, clock);
        await audit.flush?.();
        total.expired += result.expired;
        total.skipped += result.skipped;
        if (result.expired > 0 || result.skipped > 0)
          log.info({ tenantId, ...result }, 'lapsed budgets marked expired');
      } catch (err) {
        log.error({ tenantId, err }, 'budget expiry failed for a tenant');
      }
    }
    return total;
  }

  log.info({ intervalMs }, 'budget expiry started');
  passes.start(pass, { now: true });
  return { runOnce: () => passes.runOnce(), stop: () => passes.stop() };
}
