import { fieldType, type CollectionDef } from './collection-def.js';
import type { RecordBase } from './record.js';

/** A value an indexed field can hold. */
export type Scalar = string | number | boolean;

/** Conditions on one field: a bare value means `$eq`. Several operators on one field are ANDed. */
export type FieldCondition =
  | Scalar
  | {
      $eq?: Scalar;
      $in?: readonly Scalar[];
      $gt?: Scalar;
      $gte?: Scalar;
      $lt?: Scalar;
      $lte?: Scalar;
    };

export type SortDirection = 'asc' | 'desc';

/**
 * The Mango subset every adapter serves (docs/architecture.md "The store port"): equality, `$in` and ranges on
 * declared fields, ANDed across fields; sort on declared fields (ties always broken by `id` ascending,
 * so paging is stable); `skip` and `limit`. Deleted records never match.
 */
export interface Query<T extends RecordBase = RecordBase> {
  selector?: Partial<Record<keyof T & string, FieldCondition>>;
  sort?: readonly Partial<Record<keyof T & string, SortDirection>>[];
  limit?: number;
  skip?: number;
}

/** One normalised condition: `op` applied to `field`. */
export interface Condition {
  field: string;
  op: '$eq' | '$in' | '$gt' | '$gte' | '$lt' | '$lte';
  value: Scalar | readonly Scalar[];
}

/** A query checked against its collection and reduced to plain lists, ready for an adapter. */
export interface NormalisedQuery {
  conditions: Condition[];
  sort: { field: string; direction: SortDirection }[];
  limit: number | undefined;
  skip: number;
}

const OPERATORS = new Set(['$eq', '$in', '$gt', '$gte', '$lt', '$lte']);

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Checks a query against the collection's declared fields and normalises it. Every adapter calls
 * this first, so all of them accept and refuse exactly the same queries.
 *
 * @throws Error when a field is not declared, an operator is unknown, or limit/skip are not
 *   non-negative integers: programming errors, never user input.
 */
export function normaliseQuery<T extends RecordBase>(def: CollectionDef<T>, query: Query<T> = {}): NormalisedQuery {
  const conditions: Condition[] = [];
  for (const [field, condition] of Object.entries(query.selector ?? {})) {
    if (condition === undefined) continue;
    if (!fieldType(def, field)) throw new Error(`${def.name}: field "${field}" is not declared for queries`);
    if (isScalar(condition)) {
      conditions.push({ field, op: '$eq', value: condition });
      continue;
    }
    for (const [op, value] of Object.entries(condition as Record<string, unknown>)) {
      if (value === undefined) continue;
      if (!OPERATORS.has(op)) throw new Error(`${def.name}: operator "${op}" is not supported`);
      if (op === '$in') {
        if (!Array.isArray(value) || !value.every(isScalar))
          throw new Error(`${def.name}: $in needs an array of scalars`);
      } else if (!isScalar(value)) {
        throw new Error(`${def.name}: ${op} on "${field}" needs a scalar`);
      }
      conditions.push({ field, op: op as Condition['op'], value });
    }
  }
  const sort: NormalisedQuery['sort'] = [];
  for (const part of query.sort ?? []) {
    for (const [field, direction] of Object.entries(part) as [string, unknown][]) {
      if (!fieldType(def, field)) throw new Error(`${def.name}: sort field "${field}" is not declared`);
      if (direction !== 'asc' && direction !== 'desc') throw new Error(`${def.name}: bad sort direction`);
      sort.push({ field, direction });
    }
  }
  if (!sort.some((s) => s.field === 'id')) sort.push({ field: 'id', direction: 'asc' });
  const { limit, skip = 0 } = query;
  for (const [name, n] of [
    ['limit', limit],
    ['skip', skip],
  ] as const) {
    if (n !== undefined && (!Number.isInteger(n) || n < 0))
      throw new Error(`${def.name}: ${name} must be a non-negative integer`);
  }
  return { conditions, sort, limit, skip };
}
