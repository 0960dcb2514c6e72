/**
 * Collection tables derived from the collection declarations at every open. Idempotent: a table,
 * column or index already in place is left alone; a newly declared field gets its column filled from
 * the stored JSON; an index no longer declared is dropped.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CollectionDef, IndexedFieldType } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import type { DialectRules } from './dialect.js';
import {
  declaredFields,
  docTableName,
  fieldColumn,
  indexColumns,
  indexName,
  indexPrefix,
  type StoreTables,
} from './layout.js';
import { inTransaction } from './session.js';

type Db = Kysely<StoreTables>;

function columnType(rules: DialectRules, type: IndexedFieldType): RawBuilder<unknown> {
  switch (type) {
    case 'string':
      return rules.textType;
    case 'number':
      return rules.numberType;
    case 'boolean':
      return rules.booleanType;
  }
}

/** SQL reading `field` of the stored JSON as its declared type, NULL when missing or of another type. */
function fromJson(rules: DialectRules, field: string, type: IndexedFieldType): RawBuilder<unknown> {
  if (rules.name === 'sqlite') {
    const path = `$."${field}"`;
    switch (type) {
      case 'string':
        return sql`case json_type(data, ${path}) when 'text' then json_extract(data, ${path}) end`;
      case 'number':
        return sql`case when json_type(data, ${path}) in ('integer', 'real') then json_extract(data, ${path}) end`;
      case 'boolean':
        return sql`case json_type(data, ${path}) when 'true' then 1 when 'false' then 0 end`;
    }
  }
  const value = sql`data -> ${field}::text`;
  switch (type) {
    case 'string':
      return sql`case when jsonb_typeof(${value}) = 'string' then data ->> ${field}::text end`;
    case 'number':
      return sql`case when jsonb_typeof(${value}) = 'number' then (data ->> ${field}::text)::double precision end`;
    case 'boolean':
      return sql`case when jsonb_typeof(${value}) = 'boolean' then (data ->> ${field}::text)::boolean end`;
  }
}

async function existingIndexes(db: Db, rules: DialectRules, table: string): Promise<string[]> {
  const query =
    rules.name === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`
      : sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = ${table}`;
  const { rows } = await query.execute(db);
  return rows.map((r) => r.name).filter((name) => name.startsWith(indexPrefix(table)));
}

async function createTable(db: Db, rules: DialectRules, table: string): Promise<void> {
  await db.schema
    .createTable(table)
    .ifNotExists()
    .addColumn('tenant_id', rules.textType, (c) => c.notNull())
    .addColumn('id', rules.textType, (c) => c.notNull())
    .addColumn('rev', 'integer', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('deleted', rules.booleanType, (c) => c.notNull())
    .addColumn('data', rules.jsonType, (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['tenant_id', 'id'])
    .execute();
  // The replication pull reads a tenant's changes in seq order from a checkpoint.
  await db.schema.createIndex(`${table}_by_seq`).ifNotExists().on(table).columns(['tenant_id', 'seq']).execute();
  // A pushed new document's id is refused when another tenant holds it (sync/id-claims.ts): found by id alone.
  await db.schema.createIndex(`${table}_by_id`).ifNotExists().on(table).column('id').execute();
}

/**
 * Keeps the `f_` columns in step with `def.fields`, using `store_fields` as the memory of what the
 * columns hold: a new field gets a column; a field whose type changed gets a new column; a field
 * declared again after a while undeclared (its column went stale) is refilled.
 */
async function syncFields(db: Db, rules: DialectRules, def: CollectionDef<RecordBase>, table: string): Promise<void> {
  const known = new Map(
    (await db.selectFrom('store_fields').selectAll().where('collection', '=', def.name).execute()).map((r) => [
      r.field,
      r,
    ]),
  );
  const declared = declaredFields(def);
  let indexesDropped = false;
  for (const [field, type] of declared) {
    const column = fieldColumn(field);
    const record = known.get(field);
    if (record && record.type === type && record.current) continue;
    if (record && record.type !== type) {
      // SQLite cannot drop an indexed column; our indexes are all recreated right after.
      if (!indexesDropped) {
        for (const name of await existingIndexes(db, rules, table)) await db.schema.dropIndex(name).execute();
        indexesDropped = true;
      }
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
    if (!record || record.type !== type) {
      await db.schema.alterTable(table).addColumn(column, columnType(rules, type)).execute();
    }
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${fromJson(rules, field, type)}`.execute(db);
    await db
      .insertInto('store_fields')
      .values({ collection: def.name, field, type, current: 1 })
      .onConflict((c) => c.columns(['collection', 'field']).doUpdateSet({ type, current: 1 }))
      .execute();
  }
  const names = new Set(declared.map(([field]) => field));
  for (const field of known.keys()) {
    if (names.has(field)) continue;
    // The column stays (dropping it costs a table rewrite in SQLite) but stops being written.
    await db
      .updateTable('store_fields')
      .set({ current: 0 })
      .where('collection', '=', def.name)
      .where('field', '=', field)
      .execute();
  }
}

async function syncIndexes(db: Db, rules: DialectRules, def: CollectionDef<RecordBase>, table: string): Promise<void> {
  const wanted = new Map<string, string[]>();
  for (const fields of def.indexes) {
    const name = indexName(table, fields);
    const columns = indexColumns(fields);
    const other = wanted.get(name);
    // ['a_b'] and ['a', 'b'] would share a name, and IF NOT EXISTS would quietly skip the second.
    if (other && other.join() !== columns.join()) throw new Error(`${def.name}: dois índices com o nome ${name}`);
    wanted.set(name, columns);
  }
  for (const name of await existingIndexes(db, rules, table)) {
    if (!wanted.has(name)) await db.schema.dropIndex(name).execute();
  }
  for (const [name, columns] of wanted) {
    // PostgreSQL b-trees put NULLs last; queries sort them first ascending (as match.ts does), and
    // only an index built that way (read backwards for descending) serves the ORDER BY. `id` is
    // never NULL and keeps the default. SQLite's indexes already order NULLs first.
    const terms = columns.map((column) =>
      rules.name === 'postgres' && column.startsWith('f_') ? sql`${sql.ref(column)} nulls first` : sql.ref(column),
    );
    await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} (${sql.join(terms)})`.execute(db);
  }
}

/**
 * Creates or updates the table, `f_` columns and indexes of every collection, in one transaction.
 * In PostgreSQL an advisory lock per schema keeps two servers starting together from racing on DDL.
 *
 * @throws Error when a declared field cannot be a column name; nothing is changed then.
 */
export async function syncCollections(
  kysely: Db,
  rules: DialectRules,
  defs: readonly CollectionDef<RecordBase>[],
): Promise<void> {
  for (const def of defs) for (const [field] of declaredFields(def)) fieldColumn(field);
  await inTransaction(kysely, rules, async (db) => {
    if (rules.name === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext('clinic store schema ' || current_schema()))`.execute(db);
    }
    for (const def of defs) {
      const table = docTableName(def);
      await createTable(db, rules, table);
      await syncFields(db, rules, def, table);
      await syncIndexes(db, rules, def, table);
    }
  });
}
