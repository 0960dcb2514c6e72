/**
 * How collections map onto SQL tables (docs/architecture.md "The store port"): one `doc_<name>` table per
 * collection holding the JSON document, its tenant, revision, replication `seq` and tombstone flag,
 * plus one typed `f_<field>` column per declared field so queries and indexes work on real columns.
 */
import { createHash } from 'node:crypto';
import type { CollectionDef, IndexedFieldType } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import type { DialectRules } from './dialect.js';

/** A row of a collection table as the adapter reads and writes it. */
export interface DocRow {
  tenant_id: string;
  id: string;
  /** Revision counter; `_rev` is its decimal string. */
  rev: number;
  /** The tenant's `seq` at this row's last write: the replication checkpoint. pg returns bigint as text. */
  seq: number | string;
  /** Replication tombstone (1/0 in SQLite). */
  deleted: boolean | number;
  /** The document as given, without `_rev`: JSON text in SQLite, jsonb in PostgreSQL. */
  data: unknown;
  [field: `f_${string}`]: string | number | boolean | null;
}

/** One row per tenant: the last `seq` handed out. Its row lock serializes a tenant's writers in PostgreSQL. */
export interface TenantSeqRow {
  tenant_id: string;
  seq: number | string;
}

/**
 * The declared fields the adapter keeps in `f_` columns, per collection: tells a reopening adapter
 * which columns are current, which changed type and which went stale while undeclared.
 */
export interface StoreFieldRow {
  collection: string;
  field: string;
  type: IndexedFieldType;
  /** 0/1: whether the column is kept filled (false once the field is no longer declared). */
  current: number;
}

/**
 * The adapter's fixed tables, for server modules that read them through `db.kysely.withTables<StoreTables>()`.
 * A type alias, not an interface: `withTables` needs a type with an implicit index signature.
 */
export type StoreTables = {
  tenant_seq: TenantSeqRow;
  store_fields: StoreFieldRow;
};

/** Collection tables, whose names come from the declarations. */
export type DocTables = Record<string, DocRow>;

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,59}$/;

/** The table of a collection: `doc_<name>`. */
export function docTableName(def: Pick<CollectionDef, 'name'>): string {
  return `doc_${def.name}`;
}

/**
 * The column holding a queryable field: `id` itself, else `f_<field>`.
 *
 * @throws Error when the field name cannot be a column name (not a short identifier).
 */
export function fieldColumn(field: string): string {
  if (field === 'id') return 'id';
  if (!FIELD_NAME.test(field)) throw new Error(`campo "${field}" não pode virar coluna SQL`);
  return `f_${field}`;
}

/** Columns of a compound index: tenant first (every query is tenant-scoped), id last (the tie-break). */
export function indexColumns(fields: readonly string[]): string[] {
  const columns = fields.filter((f) => f !== 'id').map(fieldColumn);
  return ['tenant_id', ...columns, 'id'];
}

/** Prefix of every index the adapter derives from `def.indexes`; others on the table are left alone. */
export function indexPrefix(table: string): string {
  return `${table}_ix_`;
}

/** Name of the index over `fields`, kept under PostgreSQL's 63-byte identifier limit. */
export function indexName(table: string, fields: readonly string[]): string {
  const name = `${indexPrefix(table)}${fields.join('_')}`;
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(fields.join(',')).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/** The declared fields of a collection with their types, in declaration order. */
export function declaredFields(def: CollectionDef<RecordBase>): [string, IndexedFieldType][] {
  return Object.entries(def.fields as Record<string, IndexedFieldType | undefined>).filter(
    (entry): entry is [string, IndexedFieldType] => entry[1] !== undefined,
  );
}

/**
 * The value of a declared field as its column holds it: NULL when the document lacks the field or
 * holds another JSON type than declared (a query for the declared type can never match it anyway).
 */
export function columnValue(
  type: IndexedFieldType,
  value: unknown,
  rules: DialectRules,
): string | number | boolean | null {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? rules.bool(value) : null;
  }
}

/** The `f_` columns of one document, ready to bind. */
export function fieldColumns(
  fields: readonly [string, IndexedFieldType][],
  doc: Record<string, unknown>,
  rules: DialectRules,
): Record<`f_${string}`, string | number | boolean | null> {
  const columns: Record<`f_${string}`, string | number | boolean | null> = {};
  for (const [field, type] of fields) columns[`f_${field}`] = columnValue(type, doc[field], rules);
  return columns;
}
