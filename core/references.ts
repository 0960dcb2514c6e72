/**
 * Ids that point at another record (issue 20 points 6 and 7). An input field declared with
 * {@link refInput} names the collection its id belongs to; {@link checkReferences} walks a parsed
 * input and refuses, before the operation runs, every id that is not a record of the caller's tenant
 * (400 `validation` naming the field). Declared once at the schema, so no operation can forget it.
 */
import type { z } from 'zod';
import { idInput } from '#core/common/records.js';
import { DomainError, issuePath, type ErrorDetail } from './errors.js';
import type { AnyCollectionDef, CollectionDef } from './store/collection-def.js';
import type { Collection, Store } from './store/port.js';
import type { RecordBase } from './store/record.js';

/**
 * The collection of each reference schema, keyed by the schema's definition object: zod's
 * `.describe()` and `.meta()` clone a schema around the same definition, so the mark survives them.
 */
const referenced = new WeakMap<object, () => AnyCollectionDef | readonly AnyCollectionDef[]>();

/**
 * An id field pointing at a record of `collection` (a thunk, so record modules that refer to each
 * other load in any order). Same wire form as {@link idInput}: a UUID, normalised to lower case.
 *
 * @example professional: refInput(() => users).optional()
 */
export function refInput(collection: () => AnyCollectionDef | readonly AnyCollectionDef[]) {
  // A definition of its own: a bare clone() shares idInput's, and would mark every id as this reference.
  const schema = idInput.clone({ ...idInput._zod.def });
  referenced.set(schema._zod.def, collection);
  return schema;
}

/** One id of an input that names a record. */
export interface Reference {
  /** Dotted field path (`specialties.1`). */
  path: string;
  id: string;
  collection: AnyCollectionDef;
  /**
   * Every collection the id may belong to, `collection` first: a field whose kind another field
   * chooses (a budget line's `item`, by `typeModel`) names several; the id must be in one of them.
   */
  collections: readonly AnyCollectionDef[];
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** Every reference of `value`, the output of parsing with `schema`. */
export function referencesIn(schema: z.ZodType, value: unknown, path: PropertyKey[] = []): Reference[] {
  const def = defOf(schema);
  const collection = referenced.get(def);
  if (collection) {
    const named = collection();
    const collections: readonly AnyCollectionDef[] = Array.isArray(named)
      ? (named as readonly AnyCollectionDef[])
      : [named as AnyCollectionDef];
    return typeof value === 'string'
      ? [{ path: issuePath(path), id: value, collection: collections[0]!, collections }]
      : [];
  }
  if (value === undefined || value === null) return [];
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return referencesIn(def.innerType as z.ZodType, value, path);
    case 'pipe': {
      // A transform's output no longer has the input's shape; the refs are on the side before it.
      const out = def.out as z.ZodType;
      return referencesIn(defOf(out).type === 'transform' ? (def.in as z.ZodType) : out, value, path);
    }
    case 'lazy':
      return referencesIn((def.getter as () => z.ZodType)(), value, path);
    case 'array':
      if (!Array.isArray(value)) return [];
      return value.flatMap((item, i) => referencesIn(def.element as z.ZodType, item, [...path, i]));
    case 'object': {
      if (typeof value !== 'object') return [];
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
        shape[key] ? referencesIn(shape[key], item, [...path, key]) : [],
      );
    }
    case 'record':
      if (typeof value !== 'object') return [];
      return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
        referencesIn(def.valueType as z.ZodType, item, [...path, key]),
      );
    case 'intersection':
      return [
        ...referencesIn(def.left as z.ZodType, value, path),
        ...referencesIn(def.right as z.ZodType, value, path),
      ];
    case 'union': {
      // The first option that accepts the value is the one zod took.
      const option = (def.options as z.ZodType[]).find((o) => o.safeParse(value).success);
      return option ? referencesIn(option, value, path) : [];
    }
    default:
      return [];
  }
}

/**
 * The dotted paths of every reference field `schema` declares, whatever an input holds (array items
 * as `0`): `['patient', 'items.0.event']`. For registry-wide checks that no id field was left plain.
 */
export function referencePaths(schema: z.ZodType, path: PropertyKey[] = [], within = new Set<object>()): string[] {
  const def = defOf(schema);
  if (referenced.has(def)) return [issuePath(path)];
  // A recursive schema (a FHIR Questionnaire's items hold items) is walked once per branch.
  if (within.has(def)) return [];
  const inner = (next: z.ZodType, at: PropertyKey[]): string[] => referencePaths(next, at, new Set(within).add(def));
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType as z.ZodType, path);
    case 'pipe': {
      const out = def.out as z.ZodType;
      return inner(defOf(out).type === 'transform' ? (def.in as z.ZodType) : out, path);
    }
    case 'lazy':
      return inner((def.getter as () => z.ZodType)(), path);
    case 'array':
      return inner(def.element as z.ZodType, [...path, 0]);
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, item]) =>
        inner(item, [...path, key]),
      );
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap((o) => inner(o, path)))];
    default:
      return [];
  }
}

/**
 * Refuses the references of `value` (parsed with `schema`) that are not records of `store`'s tenant.
 * Inactive records count as existing: whether a state is acceptable is the operation's rule.
 * A collection `store` does not hold (a test server mounting one group) has nothing to check against.
 *
 * @throws DomainError `validation` with one detail per missing id, `message` naming the record.
 */
export async function checkReferences(store: Store, schema: z.ZodType, value: unknown): Promise<void> {
  const refs = referencesIn(schema, value);
  if (refs.length === 0) return;
  // One query per collection (a budget names up to six), not one per id: this runs on every write.
  const byCollection = new Map<string, { collection: AnyCollectionDef; ids: Set<string> }>();
  for (const ref of refs) {
    for (const def of ref.collections) {
      const group = byCollection.get(def.name) ?? { collection: def, ids: new Set<string>() };
      group.ids.add(ref.id);
      byCollection.set(def.name, group);
    }
  }
  const found = new Set<string>();
  await Promise.all(
    [...byCollection.values()].map(async ({ collection: def, ids }) => {
      let collection: Collection<RecordBase>;
      try {
        // Any record has an id; the collection's own record type does not matter to this query.
        collection = store.collection(def as unknown as CollectionDef<RecordBase>);
      } catch {
        // Not held by this database (a test server mounting one group): nothing to check against.
        for (const id of ids) found.add(`${def.name}/${id}`);
        return;
      }
      const records = await collection.find({ selector: { id: { $in: [...ids] } } });
      for (const record of records) found.add(`${def.name}/${record.id}`);
    }),
  );
  const details: ErrorDetail[] = refs
    .filter((ref) => !ref.collections.some((def) => found.has(`${def.name}/${ref.id}`)))
    .map((ref) => ({ path: ref.path, message: `não existe nesta conta: ${ref.id}` }));
  if (details.length > 0) {
    throw new DomainError('validation', 'Requisição inválida: id sem registro correspondente', details);
  }
}
