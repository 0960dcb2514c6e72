import { sql, type Kysely, type Migration } from 'kysely';

/** Server-only tables of accounts and API keys: secrets never replicate to installations. */
// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type AuthTables = {
  accounts: { id: string; name: string; created_at: string };
  api_keys: {
    id: string;
    tenant_id: string;
    name: string;
    /** SHA-256 of the key, hex: keys are long random strings, so a fast hash is enough and lookups stay O(1). */
    key_hash: string;
    /** First characters of the key, so an admin can tell keys apart in a list without the secret. */
    key_prefix: string;
    /** JSON array of permissions, e.g. `["*"]` or `["budget:write"]`. */
    permissions: string;
    created_at: string;
    revoked_at: string | null;
  };
};

/** Versioned migrations of the auth tables, run at start-up with the store's own. */
export const authMigrations: Record<string, Migration> = {
  '2026-11-23-0001-accounts-and-api-keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo(sql`'["*"]'`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_tenant').ifNotExists().on('api_keys').column('tenant_id').execute();
    },
  },
};
