import type { Condition, NormalisedQuery, Scalar } from './query.js';

function compare(a: Scalar, b: Scalar): number {
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function holds(value: unknown, c: Condition): boolean {
  if (value === undefined || value === null) return false;
  const v = value as Scalar;
  switch (c.op) {
    case '$eq':
      return v === c.value;
    case '$in':
      return (c.value as readonly Scalar[]).includes(v);
    case '$gt':
      return typeof v === typeof c.value && compare(v, c.value as Scalar) > 0;
    case '$gte':
      return typeof v === typeof c.value && compare(v, c.value as Scalar) >= 0;
    case '$lt':
      return typeof v === typeof c.value && compare(v, c.value as Scalar) < 0;
    case '$lte':
      return typeof v === typeof c.value && compare(v, c.value as Scalar) <= 0;
  }
}

/**
 * Reference semantics of a normalised query over plain records: the oracle the conformance suite
 * compares every adapter with. Strings compare by code unit (SQL adapters use a binary collation).
 */
export function matchesQuery<T extends object>(docs: readonly T[], query: NormalisedQuery): T[] {
  const field = (doc: T, name: string): unknown => (doc as Record<string, unknown>)[name];
  const hits = docs.filter((doc) => query.conditions.every((c) => holds(field(doc, c.field), c)));
  hits.sort((a, b) => {
    for (const { field: name, direction } of query.sort) {
      const x = field(a, name) as Scalar | undefined;
      const y = field(b, name) as Scalar | undefined;
      // Missing and null values sort first ascending, as SQL's NULLS FIRST and RxDB do.
      if (x === y || (x == null && y == null)) continue;
      const order = x == null ? -1 : y == null ? 1 : compare(x, y);
      if (order !== 0) return direction === 'asc' ? order : -order;
    }
    return 0;
  });
  const end = query.limit === undefined ? undefined : query.skip + query.limit;
  return hits.slice(query.skip, end);
}
