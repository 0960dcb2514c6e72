/**
 * Versioned schema changes of the fixed tables, run at open. The adapter's own migrations and those
 * other server modules bring (auth's accounts and api_keys…) are tracked in separate tables, so each
 * side can add versions without caring how the other's names sort.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectRules } from './dialect.js';

export type { Migration };

/** The adapter's own migrations, applied in name order. Never edit one that shipped: add the next. */
function storeMigrations(rules: DialectRules): Record<string, Migration> {
  return {
    '0001_tenant_seq': {
      async up(db) {
        await db.schema
          .createTable('tenant_seq')
          .addColumn('tenant_id', rules.textType, (c) => c.primaryKey())
          .addColumn('seq', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('store_fields')
          .addColumn('collection', 'text', (c) => c.notNull())
          .addColumn('field', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('current', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('store_fields_pk', ['collection', 'field'])
          .execute();
      },
    },
  };
}

function provider(migrations: Record<string, Migration>): MigrationProvider {
  return { getMigrations: () => Promise.resolve(migrations) };
}

async function migrate(migrator: Migrator): Promise<void> {
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === 'Error')?.migrationName;
  throw new Error(
    `migração ${failed ?? '(desconhecida)'} falhou: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
    { cause: error },
  );
}

/**
 * Brings the fixed tables up to date: first the adapter's own migrations (tracked in
 * `store_migrations`), then `extra`, the migrations of other server modules (tracked in
 * `schema_migrations`). Each set runs in name order inside a transaction, under Kysely's migration
 * lock, so two servers starting together do not both apply one.
 *
 * `extra` names should start with their module and a sortable version (`auth_0001_accounts`).
 * Modules are independent of each other, so a new version of one module may sort before an already
 * applied version of another: that is allowed, and pending ones still run in name order.
 *
 * @throws Error naming the migration that failed; the failed set is rolled back.
 */
export async function runMigrations(
  kysely: Kysely<unknown>,
  rules: DialectRules,
  extra: Record<string, Migration> = {},
): Promise<void> {
  // Kysely looks for its tracking tables in every schema unless told which: another schema's (a
  // parallel test's, another app's) would pass for ours. Name the one the connection writes to.
  const migrationTableSchema =
    rules.name === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(kysely)).rows[0]?.schema
      : undefined;
  await migrate(
    new Migrator({
      db: kysely,
      provider: provider(storeMigrations(rules)),
      migrationTableName: 'store_migrations',
      migrationLockTableName: 'store_migrations_lock',
      migrationTableSchema,
    }),
  );
  if (Object.keys(extra).length === 0) return;
  await migrate(
    new Migrator({
      db: kysely,
      provider: provider(extra),
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
      migrationTableSchema,
      allowUnorderedMigrations: true,
    }),
  );
}
