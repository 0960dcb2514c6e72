/**
 * Reading and writing prices of one table: the lookups the operations, the CSV import and the export
 * share. Works on whatever store it is given (a transaction's, usually).
 */
import { compact, newRecordBase, nowIso } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import type { PricedModel } from './priced-items.js';
import { prices, type Price } from './price-table-record.js';

/** Which insurance and plan a price is for; both missing = the general price. */
export interface PriceScope {
  insurance?: string | undefined;
  insurancePlan?: string | undefined;
}

/** Ids per `$in` query: well inside every adapter's bound-parameter limits. */
const IN_CHUNK = 200;

/** The key of a price's scope, for maps: `insurance/plan`, empty parts when missing. */
export function scopeKey(scope: PriceScope): string {
  return `${scope.insurance ?? ''}/${scope.insurancePlan ?? ''}`;
}

/** Every price of `table` for the given events (all scopes). */
export async function pricesOfEvents(
  store: Store,
  table: string,
  eventIds: readonly string[],
): Promise<Stored<Price>[]> {
  const collection = store.collection(prices);
  const found: Stored<Price>[] = [];
  for (let at = 0; at < eventIds.length; at += IN_CHUNK) {
    const chunk = eventIds.slice(at, at + IN_CHUNK);
    found.push(...(await collection.find({ selector: { priceTable: table, event: { $in: chunk } } })));
  }
  return found;
}

/** Every price of `table`, all events and scopes. */
export function pricesOfTable(store: Store, table: string): Promise<Stored<Price>[]> {
  return store
    .collection(prices)
    .find({ selector: { priceTable: table }, sort: [{ priceTable: 'asc' }, { event: 'asc' }] });
}

function newest<T extends Price>(candidates: readonly T[]): T | undefined {
  return [...candidates].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))[0];
}

/**
 * The price that applies to one event for `scope`, most specific first: the plan's price, else the
 * insurance's, else the general one. Two prices for one scope can only come from two installations
 * pricing the same event offline; the most recently updated wins.
 */
export function applicablePrice<T extends Price>(candidates: readonly T[], scope: PriceScope): T | undefined {
  const tiers: PriceScope[] = [];
  if (scope.insurance && scope.insurancePlan) tiers.push(scope);
  if (scope.insurance) tiers.push({ insurance: scope.insurance });
  tiers.push({});
  for (const tier of tiers) {
    const key = scopeKey(tier);
    const match = newest(candidates.filter((p) => scopeKey(p) === key));
    if (match) return match;
  }
  return undefined;
}

/** One price to set: a value in reais, or null to remove the price of that scope. */
export interface PriceChange extends PriceScope {
  /** The event's id, or the item's with `typeModel`. */
  event: string;
  typeModel?: PricedModel | undefined;
  value: number | null;
}

/**
 * Sets or removes prices of `table` (callers validate events and scopes first and run this inside a
 * transaction). @returns how many prices were set and removed.
 */
export async function applyPriceChanges(
  ctx: Pick<OperationContext, 'clock' | 'ids'>,
  store: Store,
  table: string,
  changes: readonly PriceChange[],
): Promise<{ set: number; removed: number }> {
  const collection = store.collection(prices);
  const existing = new Map<string, Stored<Price>[]>();
  for (const price of await pricesOfEvents(store, table, [...new Set(changes.map((c) => c.event))])) {
    const key = `${price.event}|${scopeKey(price)}`;
    existing.set(key, [...(existing.get(key) ?? []), price]);
  }
  // The same (event, scope) twice in one request: the last one counts.
  const latest = new Map(changes.map((change) => [`${change.event}|${scopeKey(change)}`, change]));
  const now = nowIso(ctx);
  const inserts: Price[] = [];
  let set = 0;
  let removed = 0;
  for (const [key, change] of latest) {
    const current = existing.get(key) ?? [];
    if (change.value === null) {
      for (const price of current) await collection.remove(price.id, price._rev);
      removed += current.length;
      continue;
    }
    set++;
    const [keep, ...extra] = current;
    // Offline duplicates of one scope collapse into one on the next write.
    for (const price of extra) await collection.remove(price.id, price._rev);
    if (keep) {
      if (keep.value !== change.value)
        await collection.update(keep.id, keep._rev, { ...keep, value: change.value, updatedAt: now });
      continue;
    }
    const price: Price = compact({
      ...newRecordBase({ ...ctx, store }),
      priceTable: table,
      event: change.event,
      typeModel: change.typeModel,
      insurance: change.insurance,
      insurancePlan: change.insurancePlan,
      value: change.value,
    });
    inserts.push(price);
  }
  await collection.insertMany(inserts);
  return { set, removed };
}
