import { sql, type Kysely, type Migration } from 'kysely';
import { auditMigrations } from '../audit/audit-table.js';
import { credentialMigrations } from './credential-tables.js';

/**
 * Server-only tables of accounts, API keys, people's credentials and sessions: secrets never
 * replicate to installations. Instants that are compared are epoch milliseconds (`*_ms`; pg returns
 * bigint as text, so read them through `Number`); instants only shown are ISO-8601 text.
 */
// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type AuthTables = {
  accounts: {
    id: string;
    name: string;
    created_at: string;
    /** `pending` until the person who created it confirms the e-mail; `active` after. */
    status: string;
  };
  api_keys: {
    id: string;
    tenant_id: string;
    name: string;
    /** SHA-256 of the key, hex: keys are long random strings, so a fast hash is enough and lookups stay O(1). */
    key_hash: string;
    /**
     * The key's public label, so an admin can tell keys apart in a list: `clk_<public id>` of a
     * generated key, `ext_<random>` of a chosen one; never part of the secret (`ApiKeyInfo.prefix`).
     */
    key_prefix: string;
    /** JSON array of permissions, e.g. `["*"]` or `["budget:write"]`. */
    permissions: string;
    created_at: string;
    revoked_at: string | null;
  };
  /** A person who can log in, across accounts: one e-mail, one password. */
  logins: {
    id: string;
    /** Trimmed, lower-case; unique. */
    email: string;
    /** argon2id PHC string; null until the person sets one from an invitation. */
    password_hash: string | null;
    /** 11 digits; unique when present, for "get a simple user by CPF" (spec §4.4 User). */
    cpf: string | null;
    name: string;
    council: string | null;
    council_number: string | null;
    council_state: string | null;
    created_at: string;
  };
  /** Which `users` record of which account a login is; `users.id` equals `user_id`. */
  memberships: {
    user_id: string;
    tenant_id: string;
    login_id: string;
    /** Null while the invitation is open: the person cannot log in to the account yet. */
    accepted_at: string | null;
    created_at: string;
  };
  /** A login session: one refresh-token family. Revoking it ends its access tokens at once. */
  sessions: {
    id: string;
    login_id: string;
    tenant_id: string;
    user_id: string;
    created_at: string;
    last_used_ms: number | string;
    /** Absolute end: refreshing never extends a session beyond it. */
    expires_ms: number | string;
    revoked_ms: number | string | null;
    revoked_reason: string | null;
    ip: string;
    user_agent: string;
  };
  /** Refresh tokens, hashed; a used one is kept so its reuse can be recognised. */
  refresh_tokens: {
    token_hash: string;
    session_id: string;
    created_ms: number | string;
    expires_ms: number | string;
    used_ms: number | string | null;
  };
  /** Single-use tokens sent by e-mail: password reset, invitation, account confirmation. */
  one_time_tokens: {
    token_hash: string;
    kind: string;
    login_id: string;
    tenant_id: string | null;
    user_id: string | null;
    created_ms: number | string;
    expires_ms: number | string;
    used_ms: number | string | null;
  };
  /** Fixed-window counters of the rate limits, by key (`login:ip:…`). */
  rate_limits: { key: string; points: number; reset_ms: number | string };
  /** Secrets the server generates for itself on first start (the access-token signing key). */
  server_secrets: { name: string; value: string; created_at: string };
};

/** Versioned migrations of the auth tables (and the audit log auth writes to), run at start-up. */
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
  ...credentialMigrations,
  ...auditMigrations,
  auth_0003_api_key_labels: { up: relabelLegacyKeys },
};

/**
 * Keys registered before issue 17 kept their first 10 characters as `key_prefix`, part of the
 * secret, shown at `GET /apiKey/`: each gets a label that is no part of any key (`ext_` and 8 hex
 * characters of its random row id). Labels of today are longer than 10 characters, so they stay.
 * The keys themselves (their hashes) are untouched and keep working.
 */
export async function relabelLegacyKeys(db: Kysely<unknown>): Promise<void> {
  await sql`update api_keys set key_prefix = 'ext_' || substr(replace(id, '-', ''), 25, 8)
    where length(key_prefix) <= 10`.execute(db);
}
