/**
 * Recalculation of the registers' daily summaries (FIN-033): every day summary against the movements of
 * its register and day. A summary that differs (or is missing, or sums a day without movements) is
 * rewritten to what the movements give, and reported: the movements are the truth (FIN-003), the
 * summaries only spare the flux its reads.
 */
import { nowIso } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { cashMovements, type CashMovement } from './register-record.js';
import { registerDays, type RegisterDaySummary } from './register-summary-record.js';
import { daySummaryRecord, emptyTotals, summarize, type DayTotals } from './register-summary.js';

/** A day summary that differed from its movements, and was corrected. */
export interface RegisterDayCorrection {
  register: string;
  day: string;
  /** What the record held (undefined when there was none). */
  recorded: DayTotals | undefined;
  /** What the day's movements give, now in the record. */
  rebuilt: DayTotals;
}

const totalsOf = (d: DayTotals): DayTotals => ({
  movements: d.movements,
  inCentavos: d.inCentavos,
  outCentavos: d.outCentavos,
  byKind: d.byKind,
  byMethod: d.byMethod,
});

/** The same totals, whatever the order of their keys (a stored object's order is the database's). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/**
 * The day summaries `movements` give, as records of the store's tenant (pure: the bench seeds with it).
 * @param now the records' `createdAt`/`updatedAt`.
 */
export function rebuildRegisterDays(tenantId: string, movements: readonly CashMovement[], now: string) {
  return [...summarize(movements).values()].map(({ register, day, totals }) =>
    daySummaryRecord(tenantId, register, day, totals, now),
  );
}

/**
 * Checks every day summary of the tenant (or of one `register`) against its movements and rewrites the
 * ones that differ, in one transaction.
 * @returns the corrected days, empty when every summary matched.
 */
export async function verifyRegisterDays(
  ctx: Pick<OperationContext, 'clock'>,
  store: Store,
  register?: string,
): Promise<RegisterDayCorrection[]> {
  return store.transaction(async (tx) => {
    const selector = register === undefined ? {} : { register };
    const movements = await tx.collection(cashMovements).find({ selector });
    const stored = new Map<string, RegisterDaySummary & { _rev: string }>(
      (await tx.collection(registerDays).find({ selector })).map((d) => [d.id, d]),
    );
    const now = nowIso(ctx);
    const corrections: RegisterDayCorrection[] = [];
    const rebuilt = rebuildRegisterDays(tx.tenantId, movements, now);
    // A stored day no movement gives any more is emptied (a summary is never removed: FIN-032).
    const seen = new Set(rebuilt.map((d) => d.id));
    const emptied = [...stored.values()]
      .filter((d) => !seen.has(d.id))
      .map((d) => daySummaryRecord(tx.tenantId, d.register, d.day, emptyTotals(), now));
    for (const next of [...rebuilt, ...emptied]) {
      const current = stored.get(next.id);
      if (current && canonical(totalsOf(current)) === canonical(totalsOf(next))) continue;
      corrections.push({
        register: next.register,
        day: next.day,
        recorded: current && totalsOf(current),
        rebuilt: totalsOf(next),
      });
      if (current)
        await tx.collection(registerDays).update(next.id, current._rev, { ...next, createdAt: current.createdAt });
      else await tx.collection(registerDays).insert(next);
    }
    return corrections;
  });
}
