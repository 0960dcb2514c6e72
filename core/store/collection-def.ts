import type { RecordBase } from './record.js';

/** JSON type of an indexed field; decides the SQL column type and the RxDB schema type. */
export type IndexedFieldType = 'string' | 'number' | 'boolean';

/**
 * Declaration of one collection: its replication name, the top-level fields that can be queried, and
 * the compound indexes over them. Adapters derive tables / RxDB schemas from it; queries may only
 * use declared fields (plus `id`), so every query shape is served by an index on every adapter.
 *
 * @example
 * defineCollection<Budget>({ name: 'budgets', fields: { patient: 'string', status: 'number' },
 *   indexes: [['patient'], ['status', 'patient']] })
 */
export interface CollectionDef<T extends RecordBase = RecordBase> {
  /** Plural record name, also the replication collection name (`budgets`). Lowercase letters, digits, `_`. */
  readonly name: string;
  /** Queryable top-level fields and their JSON types. `id` is always queryable and needs no entry. */
  readonly fields: Readonly<Partial<Record<Exclude<keyof T, 'id' | 'tenantId'> & string, IndexedFieldType>>>;
  /** Compound indexes, each a list of declared fields; the tenant is always the implicit first key. */
  readonly indexes: readonly (readonly (keyof T & string)[])[];
  /**
   * For derived records whose id is computed from what they sum (a lot's balance, a register's day):
   * the record emptied (its sums at zero), which an undone insert leaves instead of a tombstone on a
   * store that cannot forget a document (RxDB, `undo-log.ts`). A tombstone would keep the derived id
   * taken for good, and every later write of that lot or day would be refused (STORE-022).
   */
  emptied?(record: T): RecordBase;
}

/**
 * Any declaration, whatever its record type, for lists of collections. (`CollectionDef<RecordBase>`
 * would refuse a `CollectionDef<Budget>`: its index lists name fields RecordBase lacks; `keyof never`
 * is every key.)
 */
export type AnyCollectionDef = CollectionDef<never>;

const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Declares a collection and checks the declaration is coherent (name shape, index fields declared).
 *
 * @throws Error when the declaration is inconsistent: a programming error, caught by the first test.
 */
export function defineCollection<T extends RecordBase>(def: CollectionDef<T>): CollectionDef<T> {
  if (!NAME.test(def.name)) throw new Error(`collection name "${def.name}" must match ${NAME}`);
  for (const index of def.indexes) {
    for (const field of index) {
      if (field !== 'id' && !(field in def.fields)) {
        throw new Error(`collection ${def.name}: index field "${field}" is not declared in fields`);
      }
    }
  }
  return def;
}

/** The declared type of a queryable field, or undefined when the field cannot be queried. */
export function fieldType<T extends RecordBase>(def: CollectionDef<T>, field: string): IndexedFieldType | undefined {
  if (field === 'id') return 'string';
  return (def.fields as Record<string, IndexedFieldType | undefined>)[field];
}
