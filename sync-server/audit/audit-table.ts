import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * The audit log's server-only table (issue 3). Append-only: triggers refuse every UPDATE and DELETE,
 * so not even a bug in the server can edit history. Keeping it out of replicated collections keeps
 * who-read-which-patient off the desks.
 */
// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type AuditTables = {
  audit_log: {
    /** UUIDv7: sorts by time, so it is also the paging cursor. */
    id: string;
    tenant_id: string;
    /** ISO-8601 with offset, as shown. */
    at: string;
    /** Epoch milliseconds of `at`, for range filters (text with mixed offsets would not compare). pg returns bigint as text. */
    at_ms: number | string;
    actor_kind: string;
    actor_id: string;
    action: string;
    collection: string | null;
    record_id: string | null;
    detail: string | null;
    ip: string | null;
    user_agent: string | null;
  };
};

/** Migrations of the audit table, run at start-up with the store's own. */
export const auditMigrations: Record<string, Migration> = {
  audit_0001_audit_log: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('at_ms', 'bigint', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('collection', 'text')
        .addColumn('record_id', 'text')
        .addColumn('detail', 'text')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('audit_log_tenant').on('audit_log').columns(['tenant_id', 'id']).execute();
      await db.schema
        .createIndex('audit_log_record')
        .on('audit_log')
        .columns(['tenant_id', 'record_id', 'id'])
        .execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['tenant_id', 'actor_id', 'id']).execute();
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
          begin raise exception 'audit_log é somente inclusão'; end $$`.execute(db);
        await sql`create trigger audit_log_append_only before update or delete on audit_log
          for each row execute function audit_log_append_only()`.execute(db);
      } else {
        for (const event of ['update', 'delete']) {
          await sql`create trigger ${sql.id(`audit_log_no_${event}`)} before ${sql.raw(event)} on audit_log
            begin select raise(abort, 'audit_log é somente inclusão'); end`.execute(db);
        }
      }
    },
  },
};
