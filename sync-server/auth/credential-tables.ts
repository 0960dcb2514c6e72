import { sql, type Kysely, type Migration } from 'kysely';

/** Creates a table whose instants are epoch-millisecond `bigint` columns (see AuthTables). */
const ms = 'bigint' as const;

/**
 * Migrations of people's credentials, memberships, sessions, single-use tokens, rate-limit counters
 * and server secrets (issue 3). Column meanings are documented on `AuthTables`.
 */
export const credentialMigrations: Record<string, Migration> = {
  auth_0002_logins_and_sessions: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo(sql`'active'`))
        .execute();
      await db.schema
        .createTable('logins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('cpf', 'text', (c) => c.unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('council', 'text')
        .addColumn('council_number', 'text')
        .addColumn('council_state', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('memberships')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('login_id', 'text', (c) => c.notNull().references('logins.id'))
        .addColumn('accepted_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('memberships_tenant_login', ['tenant_id', 'login_id'])
        .execute();
      await db.schema.createIndex('memberships_login').on('memberships').column('login_id').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('login_id', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_ms', ms, (c) => c.notNull())
        .addColumn('expires_ms', ms, (c) => c.notNull())
        .addColumn('revoked_ms', ms)
        .addColumn('revoked_reason', 'text')
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_login').on('sessions').column('login_id').execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('created_ms', ms, (c) => c.notNull())
        .addColumn('expires_ms', ms, (c) => c.notNull())
        .addColumn('used_ms', ms)
        .execute();
      await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();
      await db.schema
        .createTable('one_time_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('login_id', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text')
        .addColumn('user_id', 'text')
        .addColumn('created_ms', ms, (c) => c.notNull())
        .addColumn('expires_ms', ms, (c) => c.notNull())
        .addColumn('used_ms', ms)
        .execute();
      await db.schema.createIndex('one_time_tokens_login').on('one_time_tokens').column('login_id').execute();
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('reset_ms', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
