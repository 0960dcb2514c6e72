/**
 * PostgreSQL NOTIFY of tenant changes: a trigger on `tenant_seq` notifies {@link CHANGE_CHANNEL} with
 * the tenant id whenever its seq moves. Every write of a record moves it in the writer's transaction,
 * whoever writes (a push, a REST operation, another server process), and PostgreSQL delivers the
 * notification at commit, so a listener never reads ahead of the data. SQLite has no NOTIFY: there
 * ChangeHub's polling is the only way.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/** The channel every server process of a database listens on; the payload is the tenant id. */
export const CHANGE_CHANNEL = 'clinic_tenant_changes';

/** The trigger's migration (a no-op on SQLite), part of `syncMigrations`. */
export const changeNotifyMigrations: Record<string, Migration> = {
  sync_0002_change_notify: {
    async up(db: Kysely<unknown>) {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql
        .raw(
          `create or replace function clinic_notify_tenant_change() returns trigger language plpgsql as $$
           begin
             perform pg_notify('${CHANGE_CHANNEL}', new.tenant_id);
             return null;
           end $$`,
        )
        .execute(db);
      // A push's lock-only upsert sets seq to itself: no notification for it.
      await sql`create trigger tenant_seq_changed_on_update after update on tenant_seq for each row
        when (old.seq is distinct from new.seq) execute function clinic_notify_tenant_change()`.execute(db);
      await sql`create trigger tenant_seq_changed_on_insert after insert on tenant_seq for each row
        when (new.seq > 0) execute function clinic_notify_tenant_change()`.execute(db);
    },
  },
};
