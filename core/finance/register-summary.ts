/**
 * Folding cash movements into their registers' daily summaries (FIN-031): the pure fold the write path,
 * the recalculation and the merge share, and the write that keeps the summaries with each movement.
 */
import { compact, nowIso } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import { dayIn } from '#core/schedule/time.js';
import type { Store } from '#core/store/port.js';
import { FINANCE_TIME_ZONE } from './finance-common.js';
import type { CashMovement } from './register-record.js';
import { registerDayId, registerDays, type RegisterDaySummary, type SummaryTotal } from './register-summary-record.js';

/** The summed part of a day (what a movement adds to it). */
export type DayTotals = Pick<RegisterDaySummary, 'movements' | 'inCentavos' | 'outCentavos' | 'byKind' | 'byMethod'>;

/** `a` comes before `b` in the flux's movement order (`at` text ascending, then id, as the store sorts). */
export function firstBefore(
  a: Pick<SummaryTotal, 'firstAt' | 'firstId'>,
  b: Pick<SummaryTotal, 'firstAt' | 'firstId'>,
) {
  return a.firstAt < b.firstAt || (a.firstAt === b.firstAt && a.firstId < b.firstId);
}

/** Adds `centavos` to `key` of `totals`, keeping the earlier first movement. */
export function addTotal(
  totals: Partial<Record<string, SummaryTotal>>,
  key: string,
  centavos: number,
  first: Pick<SummaryTotal, 'firstAt' | 'firstId'>,
): void {
  const current = totals[key];
  if (!current) totals[key] = { centavos, firstAt: first.firstAt, firstId: first.firstId };
  else {
    current.centavos += centavos;
    if (firstBefore(first, current)) Object.assign(current, { firstAt: first.firstAt, firstId: first.firstId });
  }
}

/** The São Paulo calendar day a movement counts in (its instant's, whatever offset the writer stored). */
export function movementDay(m: Pick<CashMovement, 'at'>): string {
  return dayIn(m.at, FINANCE_TIME_ZONE);
}

/** Empty totals. */
export function emptyTotals(): DayTotals {
  return { movements: 0, inCentavos: 0, outCentavos: 0, byKind: {}, byMethod: {} };
}

/** Adds one movement to `totals` (mutated). */
export function addMovement(
  totals: DayTotals,
  m: Pick<CashMovement, 'id' | 'at' | 'kind' | 'method' | 'amountCentavos'>,
): void {
  const first = { firstAt: m.at, firstId: m.id };
  totals.movements += 1;
  if (m.amountCentavos > 0) totals.inCentavos += m.amountCentavos;
  if (m.amountCentavos < 0) totals.outCentavos += m.amountCentavos;
  addTotal(totals.byKind, m.kind, m.amountCentavos, first);
  addTotal(totals.byMethod, m.method, m.amountCentavos, first);
}

/** The movements' totals by register and day, keyed `register|day`. */
export function summarize(
  movements: readonly Pick<CashMovement, 'id' | 'register' | 'at' | 'kind' | 'method' | 'amountCentavos'>[],
): Map<string, { register: string; day: string; totals: DayTotals }> {
  const out = new Map<string, { register: string; day: string; totals: DayTotals }>();
  for (const m of movements) {
    const day = movementDay(m);
    const key = `${m.register}|${day}`;
    const found = out.get(key) ?? { register: m.register, day, totals: emptyTotals() };
    addMovement(found.totals, m);
    out.set(key, found);
  }
  return out;
}

/** `base` plus `delta` (neither mutated). */
export function plus(base: DayTotals, delta: DayTotals): DayTotals {
  const sum: DayTotals = {
    movements: base.movements + delta.movements,
    inCentavos: base.inCentavos + delta.inCentavos,
    outCentavos: base.outCentavos + delta.outCentavos,
    byKind: structuredClone(base.byKind),
    byMethod: structuredClone(base.byMethod),
  };
  for (const [k, t] of Object.entries(delta.byKind)) if (t) addTotal(sum.byKind, k, t.centavos, t);
  for (const [k, t] of Object.entries(delta.byMethod)) if (t) addTotal(sum.byMethod, k, t.centavos, t);
  return sum;
}

/** A new summary record of `register`'s `day` holding `totals`. */
export function daySummaryRecord(
  tenantId: string,
  register: string,
  day: string,
  totals: DayTotals,
  now: string,
): RegisterDaySummary {
  return {
    id: registerDayId(tenantId, register, day),
    tenantId,
    createdAt: now,
    updatedAt: now,
    register,
    day,
    ...totals,
  };
}

/**
 * Adds written movements to their registers' daily summaries, creating the missing ones. Runs in the
 * caller's transaction, so a summary never counts a movement that was not written.
 */
export async function applyToSummaries(
  ctx: Pick<OperationContext, 'clock'>,
  store: Store,
  written: readonly CashMovement[],
): Promise<void> {
  const collection = store.collection(registerDays);
  const now = nowIso(ctx);
  for (const { register, day, totals } of summarize(written).values()) {
    const id = registerDayId(store.tenantId, register, day);
    const current = await collection.get(id);
    if (current) {
      const { _rev, ...rest } = current;
      await collection.update(id, _rev, compact({ ...rest, ...plus(current, totals), updatedAt: now }));
    } else await collection.insert(daySummaryRecord(store.tenantId, register, day, totals, now));
  }
}
