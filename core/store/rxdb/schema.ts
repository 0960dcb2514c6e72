import type { JsonSchema, RxJsonSchema } from 'rxdb';
import type { AnyCollectionDef, IndexedFieldType } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { COLLECTION_FIELD, STORAGE_FIELD_PREFIX } from './storage-groups.js';

export type { AnyCollectionDef };
// The discriminator and the storage fields' prefix (documents.ts refuses records using it).
export { COLLECTION_FIELD, STORAGE_FIELD_PREFIX } from './storage-groups.js';

/** A record as this adapter hands it to RxDB: the base fields plus whatever else the domain keeps. */
export type RxRecord = RecordBase & Record<string, unknown>;

/**
 * Longest `id` and `tenantId` accepted. RxDB requires a `maxLength` on the primary key and on every
 * indexed string; UUIDv7 needs 36, the rest is headroom.
 */
export const KEY_MAX_LENGTH = 64;

/**
 * `maxLength` of declared string fields. For RxDB this is only the width of the padded index key
 * the memory storage builds (dev-mode rule SC34 wants one, SC42 caps it at 2048); nothing validates
 * it, and longer strings are stored and compared correctly (see query-plan.ts for why).
 */
export const STRING_INDEX_WIDTH = 256;

/**
 * Bounds of declared number fields. RxDB needs `minimum`, `maximum` and `multipleOf` on an indexed
 * number (SC35, SC37, SC41) to build fixed-width index keys in the memory storage. They are wide
 * enough for money in reais or centavos, counters and epoch milliseconds; nothing validates them
 * (values outside are stored as given, only the memory storage's own key clamps them, and this
 * adapter never relies on those keys).
 */
export const NUMBER_INDEX_BOUNDS = { minimum: -1e15, maximum: 1e15, multipleOf: 0.000001 } as const;

/** Fields every RxDB index of this adapter starts with, after RxDB's own `_deleted`. */
export const TENANT_FIELD = 'tenantId';

function propertyFor(type: IndexedFieldType): JsonSchema {
  switch (type) {
    case 'string':
      return { type: 'string', maxLength: STRING_INDEX_WIDTH };
    case 'number':
      return { type: 'number', ...NUMBER_INDEX_BOUNDS };
    case 'boolean':
      return { type: 'boolean' };
  }
}

/** The declared queryable fields of a collection with their types (without `id`/`tenantId`). */
export function declaredFields(def: AnyCollectionDef): [string, IndexedFieldType][] {
  const fields = def.fields as Readonly<Record<string, IndexedFieldType | undefined>>;
  return Object.entries(fields).filter((entry): entry is [string, IndexedFieldType] => entry[1] !== undefined);
}

/**
 * The slot each declared string or number field of `def` is stored in, for indexing:
 * `rx_<collection>_<field>`. A slot holds the field's value only when it has the declared type, so
 * RxDB's index keys never meet another type (its memory storage would throw building one). Slots are
 * named per collection, not shared between a group's members: a document is then in its own
 * collection's indexes only (IndexedDB skips records missing an index's keys), so a write costs the
 * index entries it cost with one RxDB collection per domain collection. Booleans get none: they are
 * never index keys (see {@link groupIndexes}) and are matched by their own name.
 */
export function slotsOf(def: AnyCollectionDef): ReadonlyMap<string, string> {
  return slotLayoutOf(def).slots;
}

/** A collection's slots with each field's declared type, computed once per declaration. */
export interface SlotLayout {
  /** Declared field → its slot. */
  readonly slots: ReadonlyMap<string, string>;
  /** `[field, slot, type]` for each slot, for filling them from a record. */
  readonly entries: readonly (readonly [string, string, IndexedFieldType])[];
}

const layouts = new WeakMap<AnyCollectionDef, SlotLayout>();

/** The {@link SlotLayout} of `def` (cached: replication fills slots for every pulled document). */
export function slotLayoutOf(def: AnyCollectionDef): SlotLayout {
  let layout = layouts.get(def);
  if (!layout) {
    const entries = declaredFields(def)
      .filter(([, type]) => type !== 'boolean')
      .map(([name, type]) => [name, `${STORAGE_FIELD_PREFIX}${def.name}_${name}`, type] as const);
    layout = { slots: new Map(entries.map(([name, slot]) => [name, slot])), entries };
    layouts.set(def, layout);
  }
  return layout;
}

/**
 * The indexes handed to RxDB for a storage group, as field lists without RxDB's own `_deleted`
 * prefix and `id` suffix.
 *
 * - `[tenantId, rx_collection]` always: every query is confined to one tenant and one collection, so
 *   every index starts with both.
 * - Each declared index of each member, in slots, with boolean fields left out. RxDB only indexes
 *   booleans that are `required` (SC38), and its Dexie storage turns a missing indexed boolean into
 *   `false` when writing and reading; the port lets a field be missing ("a condition on a missing field
 *   never matches"). A two-valued field adds little to an index, so booleans are filtered by RxDB's
 *   query matcher instead, and the remaining fields keep their index.
 */
export function groupIndexes(members: readonly AnyCollectionDef[]): string[][] {
  const seen = new Set<string>();
  const indexes: string[][] = [];
  for (const def of members) {
    const slots = slotsOf(def);
    for (const declared of [[], ...def.indexes]) {
      const keys = declared.flatMap((field) => (field === 'id' ? ['id'] : (slots.get(field) ?? [])));
      const index = [TENANT_FIELD, COLLECTION_FIELD, ...keys];
      const key = index.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      indexes.push(index);
    }
  }
  return indexes;
}

/**
 * Derives the RxDB JSON schema of a storage group from its members' declarations.
 *
 * - primary key `id` (string, {@link KEY_MAX_LENGTH}), so ids are unique across a group's members
 *   (UUIDv7 makes them unique anyway); `tenantId` likewise.
 * - {@link COLLECTION_FIELD} and each member's slots, with the bounds RxDB's index rules demand.
 * - indexes from {@link groupIndexes}.
 * - `required` lists every indexed field because RxDB's Dexie storage refuses an index over a field
 *   that is not required (DXE1: IndexedDB leaves a record out of an index when a key is missing).
 *   No validator runs, so a record missing such a field is still stored; the query planner in
 *   query-plan.ts only uses an index when the query has a condition on each of its fields, and a
 *   condition on a missing field never matches, so the records an index leaves out are never needed.
 * - the other fields of a record (its declared fields by their own names, nested data…) are not
 *   declared and are stored as given. RxDB forces top-level `additionalProperties: false`, so never
 *   wrap the storage with a schema validator (`wrappedValidate*Storage`): it would refuse them.
 *
 * Changing the members of a group, or the fields or indexes of a member, changes the schema hash:
 * RxDB refuses to open the stored collection until the schema `version` is raised with a migration
 * strategy. So every window of an installation opens the same collections (`allCollections`).
 */
export function groupSchema(name: string, members: readonly AnyCollectionDef[]): RxJsonSchema<RxRecord> {
  const properties: Record<string, JsonSchema> = {
    id: { type: 'string', maxLength: KEY_MAX_LENGTH },
    [TENANT_FIELD]: { type: 'string', maxLength: KEY_MAX_LENGTH },
    [COLLECTION_FIELD]: { type: 'string', maxLength: KEY_MAX_LENGTH },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  };
  for (const def of members) {
    const fields = new Map(declaredFields(def));
    for (const [field, slot] of slotsOf(def)) {
      // `rx_a_b_c` could be collection `a_b`'s field `c` or `a`'s `b_c`: a programming error.
      if (properties[slot]) throw new Error(`grupo ${name}: campo de índice ${slot} repetido`);
      properties[slot] = propertyFor(fields.get(field)!);
    }
  }
  const indexes = groupIndexes(members);
  const required = [...new Set(['id', ...indexes.flat()])];
  return {
    title: name,
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties,
    required,
    indexes,
  };
}
