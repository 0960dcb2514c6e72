import { now, type RxDocumentData } from 'rxdb';
import type { ErrorDetail } from '#core/errors.js';
import type { IndexedFieldType } from '#core/store/collection-def.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { forbiddenError, invalidRecordError } from './errors.js';
import {
  COLLECTION_FIELD,
  declaredFields,
  KEY_MAX_LENGTH,
  slotLayoutOf,
  STORAGE_FIELD_PREFIX,
  type AnyCollectionDef,
  type RxRecord,
} from './schema.js';

/** RxDB's per-document bookkeeping; never part of a domain record. `_rev` is given back as-is. */
const RXDB_FIELDS = ['_rev', '_meta', '_attachments', '_deleted'] as const;

/**
 * Ids and tenant ids: printable ASCII without space or `"`, at most {@link KEY_MAX_LENGTH}.
 * RxDB's dev-mode refuses spaces, line breaks and quotes in primary keys (DOC21–23), and the memory
 * storage pads keys with spaces to build its index strings, so a control character would sort
 * differently there than in JavaScript. UUIDv7 fits easily.
 */
const KEY = new RegExp(`^[!#-~]{1,${KEY_MAX_LENGTH}}$`);

/** True when `value` can be an `id` or `tenantId` of this store. */
export function isValidKey(value: unknown): value is string {
  return typeof value === 'string' && KEY.test(value);
}

const TYPE_NAMES: Record<IndexedFieldType, string> = {
  string: 'deve ser texto',
  number: 'deve ser um número finito',
  boolean: 'deve ser verdadeiro ou falso',
};

function hasType(value: unknown, type: IndexedFieldType): boolean {
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === type;
}

function jsonCopy(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * Checks a record the caller wants stored and returns a detached JSON copy of it.
 *
 * The copy matters: the memory storage keeps the object it is given, so a caller mutating its record
 * afterwards would otherwise change the stored one. JSON also normalises the record the way the SQL
 * adapter stores it (`undefined` fields disappear). RxDB bookkeeping fields (`_rev`, `_meta`…) are
 * dropped, so a caller may pass a record it read back, `_rev` included.
 *
 * Declared fields must hold their declared JSON type (or be missing/null): RxDB's memory storage
 * builds index keys by calling string methods on indexed string fields and would throw otherwise.
 *
 * @throws DomainError `forbidden` when `tenantId` is not the store's, `validation` on a bad id, a
 *   declared field of the wrong type or a field named like the adapter's own (`rx_…`).
 */
export function recordToWrite(def: AnyCollectionDef, tenantId: string, doc: unknown): RxRecord {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw invalidRecordError([{ path: '', message: 'o registro deve ser um objeto' }]);
  }
  const copy = jsonCopy(doc) as Record<string, unknown>;
  for (const field of RXDB_FIELDS) delete copy[field];
  const id = copy['id'];
  if (!isValidKey(id)) {
    throw invalidRecordError([
      { path: 'id', message: `identificador inválido (texto ASCII visível de até ${KEY_MAX_LENGTH} caracteres)` },
    ]);
  }
  if (copy['tenantId'] !== tenantId) throw forbiddenError(def.name, id);
  const details: ErrorDetail[] = [];
  for (const key of Object.keys(copy)) {
    if (key.startsWith(STORAGE_FIELD_PREFIX)) details.push({ path: key, message: 'campo reservado' });
  }
  for (const [name, type] of declaredFields(def)) {
    const value = copy[name];
    if (value !== undefined && value !== null && !hasType(value, type))
      details.push({ path: name, message: TYPE_NAMES[type] });
  }
  if (details.length > 0) throw invalidRecordError(details);
  return copy as RxRecord;
}

/**
 * A domain record (or a document as replication carries it) as its storage group keeps it: tagged
 * with its collection and each declared string/number field copied into its index slot (a missing,
 * null or wrongly typed value leaves the slot out, as a missing field). Any `rx_` field it carried is
 * replaced, so the slots always follow the fields.
 *
 * @param def the record's collection; undefined for a collection this database did not open
 *   (replication may bring one): the document is then tagged only, and no query reaches it.
 */
export function toStorageDocument<D extends Record<string, unknown>>(
  collection: string,
  def: AnyCollectionDef | undefined,
  doc: D,
): D & RxRecord {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!key.startsWith(STORAGE_FIELD_PREFIX)) out[key] = value;
  out[COLLECTION_FIELD] = collection;
  if (def) {
    for (const [field, slot, type] of slotLayoutOf(def).entries) {
      const value = doc[field];
      if (value !== undefined && value !== null && hasType(value, type)) out[slot] = value;
    }
  }
  return out as D & RxRecord;
}

/** `doc` without the fields {@link toStorageDocument} added, except the collection tag when `keepTag`. */
export function withoutStorageFields<D extends Record<string, unknown>>(doc: D, keepTag = false): D {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (!key.startsWith(STORAGE_FIELD_PREFIX) || (keepTag && key === COLLECTION_FIELD)) out[key] = value;
  }
  return out as D;
}

/** Document data for a first write of `record` (RxDB's wrapper fills in `_rev` and `_meta.lwt`). */
export function newDocumentData(record: RxRecord): RxDocumentData<RxRecord> {
  return { ...record, _deleted: false, _attachments: {}, _meta: { lwt: now() }, _rev: '' };
}

/**
 * Document data replacing `current` by `record` (or by a tombstone of it when `deleted`). Keeps
 * `current`'s `_meta` entries, which RxDB plugins (replication) may rely on.
 */
export function replacementData(
  record: RxRecord,
  current: RxDocumentData<RxRecord>,
  deleted: boolean,
): RxDocumentData<RxRecord> {
  return {
    ...record,
    _deleted: deleted,
    _attachments: current._attachments,
    _meta: { ...current._meta },
    _rev: current._rev,
  };
}

/**
 * Stored document data without RxDB's bookkeeping, detached from the storage; the group's tag and
 * slots stay (what an undo writes back).
 */
export function storedFields(data: RxDocumentData<RxRecord>): RxRecord {
  const copy = jsonCopy(data) as Record<string, unknown>;
  for (const field of RXDB_FIELDS) delete copy[field];
  return copy as RxRecord;
}

/** A stored document as the port returns it: plain JSON with `_rev`, no RxDB or group field. */
export function toStored<T extends RecordBase>(data: RxDocumentData<RxRecord>): Stored<T> {
  return { ...withoutStorageFields(storedFields(data)), _rev: data._rev } as unknown as Stored<T>;
}
