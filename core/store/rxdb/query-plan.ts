/**
 * Turns a normalised port query into a prepared RxDB storage query whose answer is exactly the
 * reference semantics of match.ts, on both storages this adapter is used with.
 *
 * Why not let RxDB plan freely:
 * - IndexedDB (Dexie storage) leaves a record out of a compound index when one of its keys is
 *   missing or null. An index over a field the query has no condition on would silently drop the
 *   records missing that field, which the reference keeps (they sort first ascending). An index whose
 *   every field carries a condition is safe: a condition on a missing field never matches anyway.
 * - The memory storage does not index values but padded "indexable strings": a missing string or
 *   number becomes `''` / `0`, numbers are rounded to the schema's `multipleOf` and strings padded
 *   with spaces (so `'a'` sorts after `'a\t'`). Ranges and orders read from those keys are close to,
 *   not exactly, the reference. So on the memory storage (tests, small data) every query scans the
 *   tenant's records of the collection through `[tenantId, rx_collection]`, and RxDB's query matcher and sort comparator, which agree with the
 *   reference for values of the declared type, decide membership and order.
 *
 * Every query names its domain collection (the group's discriminator) and reads declared string and
 * number fields from their index slots (schema.ts), which hold the same values.
 *
 * On Dexie, among the safe indexes the one RxDB's own planner rates best is used; RxDB then decides
 * whether its matcher and a re-sort are needed (IndexedDB compares strings by code unit and numbers
 * numerically, as the reference does); the range is read with one IndexedDB `getAll` (dexie-read.ts,
 * STORE-020). With no safe index the query scans the tenant's records of its collection. A sort on a
 * field without a condition therefore cannot stop early at `limit`: add a condition (e.g.
 * `{ $gte: '' }` on a string) when records missing the field are not wanted anyway.
 */
import {
  prepareQuery,
  rateQueryPlan,
  type FilledMangoQuery,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
} from 'rxdb';
import type { NormalisedQuery } from '#core/store/query.js';
import { COLLECTION_FIELD, TENANT_FIELD, type RxRecord } from './schema.js';

/** How far the storage's own index keys can be trusted. */
export type IndexTrust = 'native' | 'scan';

/** RxDB storages whose indexes hold the values themselves (IndexedDB keys), not RxDB's index strings. */
const NATIVE_INDEX_STORAGES = new Set(['dexie']);

/** `native` for storages indexing the values themselves, `scan` for the others. */
export function indexTrustOf(storageName: string): IndexTrust {
  return NATIVE_INDEX_STORAGES.has(storageName) ? 'native' : 'scan';
}

/** Index fields every record has: RxDB's `_deleted` prefix, the tenant, the collection and RxDB's `id` suffix. */
const ALWAYS_PRESENT = new Set(['_deleted', TENANT_FIELD, COLLECTION_FIELD, 'id']);

type Schema = RxJsonSchema<RxDocumentData<RxRecord>>;

function isOwnIndex(index: readonly string[]): boolean {
  return index[0] === '_deleted' && index[1] === TENANT_FIELD && index[2] === COLLECTION_FIELD;
}

/** The `[tenantId, rx_collection]` index as RxDB stores it: `['_deleted', 'tenantId', 'rx_collection', 'id']`. */
function collectionIndex(schema: Schema): string[] {
  const found = (schema.indexes ?? [])
    .map((index) => [...index])
    .find((index) => isOwnIndex(index) && index.length === 4);
  if (!found) throw new Error(`coleção ${schema.title ?? ''}: índice por conta ausente no esquema`);
  return found;
}

/** Which domain collection of a storage group a query reads, and where its fields are stored. */
export interface QueryTarget {
  /** The domain collection's name, the stored {@link COLLECTION_FIELD}. */
  collection: string;
  /** Declared field → its index slot (schema.ts `slotsOf`); other fields keep their own name. */
  slots: ReadonlyMap<string, string>;
}

function mangoQuery(
  tenantId: string,
  target: QueryTarget,
  query: NormalisedQuery,
  forCount: boolean,
): FilledMangoQuery<RxRecord> {
  const stored = (field: string) => target.slots.get(field) ?? field;
  const selector: Record<string, Record<string, unknown>> = {
    _deleted: { $eq: false },
    [TENANT_FIELD]: { $eq: tenantId },
    [COLLECTION_FIELD]: { $eq: target.collection },
  };
  for (const { field, op, value } of query.conditions) {
    const operators = (selector[stored(field)] ??= {});
    operators[op] = Array.isArray(value) ? [...(value as readonly unknown[])] : value;
  }
  const mango: FilledMangoQuery<RxRecord> = {
    selector,
    sort: forCount ? [{ id: 'asc' }] : query.sort.map(({ field, direction }) => ({ [stored(field)]: direction })),
    skip: forCount ? 0 : query.skip,
  };
  if (!forCount && query.limit !== undefined) mango.limit = query.limit;
  return mango;
}

/**
 * The prepared storage query for `query` on `target` within `tenantId`.
 *
 * @param forCount drop sort, skip and limit (the port's `count` ignores them).
 */
export function planQuery(
  schema: Schema,
  tenantId: string,
  target: QueryTarget,
  query: NormalisedQuery,
  trust: IndexTrust,
  forCount = false,
): PreparedQuery<RxRecord> {
  const mango = mangoQuery(tenantId, target, query, forCount);
  if (trust === 'scan') {
    const prepared = prepareQuery(schema, { ...mango, index: collectionIndex(schema) });
    // Never trust the memory storage's index strings: match and sort every record of the tenant.
    prepared.queryPlan.selectorSatisfiedByIndex = false;
    prepared.queryPlan.sortSatisfiedByIndex = false;
    return prepared;
  }
  const constrained = new Set(query.conditions.map((c) => target.slots.get(c.field) ?? c.field));
  let best: PreparedQuery<RxRecord> | undefined;
  let bestQuality = -1;
  for (const index of schema.indexes ?? []) {
    const fields = [...index];
    if (!isOwnIndex(fields) || !fields.every((f) => ALWAYS_PRESENT.has(f) || constrained.has(f))) continue;
    const prepared = prepareQuery(schema, { ...mango, index: fields });
    const quality = rateQueryPlan(schema, prepared.query, prepared.queryPlan);
    if (quality > bestQuality) {
      best = prepared;
      bestQuality = quality;
    }
  }
  // The tenant index is always safe, so `best` is set; the fallback only satisfies the type checker.
  return best ?? prepareQuery(schema, { ...mango, index: collectionIndex(schema) });
}
