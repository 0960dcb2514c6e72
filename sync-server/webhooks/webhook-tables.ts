/**
 * Server-only tables of outgoing webhooks: endpoints with their encrypted signing secrets, the events
 * derived from the change feed, one delivery per event and endpoint, and the attempt log. Nothing
 * here replicates to installations. Instants compared are epoch milliseconds (`*_ms`; pg returns
 * bigint as text, read them through `Number`).
 */
import type { Kysely, Migration } from 'kysely';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type WebhookTables = {
  /** Account-wide settings of the webhook integration. */
  webhook_settings: {
    tenant_id: string;
    /** 1 lets endpoints resolve to private, loopback or link-local addresses (LAN receivers, tests). */
    allow_private: number;
    updated_at: string;
  };
  webhook_endpoints: {
    id: string;
    tenant_id: string;
    url: string;
    description: string;
    /** JSON array of event types (`["appointment.confirmed"]`). */
    events: string;
    /** The `whsec_…` secret sealed by the secret box (secret-box.ts); never stored in clear. */
    secret_sealed: string;
    /** 1 while deliveries go out. */
    enabled: number;
    /** Why it was disabled by the server (`410 Gone`), null when enabled or disabled by a person. */
    disabled_reason: string | null;
    created_at: string;
    updated_at: string;
  };
  /** An event as it will be delivered: the signed body is this row's `payload`. */
  webhook_events: {
    /** `msg_<uuid>`: the `webhook-id`, the receiver's de-duplication key. */
    id: string;
    tenant_id: string;
    type: string;
    /** `<collection>:<record id>`: events of one record are delivered in `position` order. */
    record_key: string;
    /** The tenant's feed seq × 8 + index: one order over the tenant's events. */
    position: number | string;
    payload: string;
    created_ms: number | string;
  };
  webhook_deliveries: {
    id: string;
    tenant_id: string;
    event_id: string;
    endpoint_id: string;
    record_key: string;
    position: number | string;
    /** `pending` (due at `next_ms`), `delivered`, `failed` (attempts exhausted; replayable). */
    status: string;
    attempts: number;
    next_ms: number | string;
    created_ms: number | string;
    /** First attempt, for the delay measure (event to first attempt). */
    first_attempt_ms: number | string | null;
    delivered_ms: number | string | null;
    last_error: string | null;
  };
  /** One HTTP attempt of a delivery: the per-endpoint log. */
  webhook_attempts: {
    id: string;
    tenant_id: string;
    delivery_id: string;
    endpoint_id: string;
    at_ms: number | string;
    /** HTTP status, null when no answer (refused address, timeout, connection error). */
    status_code: number | null;
    /** Error code (`ssrf_blocked`, `timeout`, `http_500`), null on success. */
    error: string | null;
    duration_ms: number;
  };
  /** Where the event source stands in each tenant's change feed, per collection. */
  webhook_cursors: {
    tenant_id: string;
    collection: string;
    seq: number | string;
    /** When the feed started (server clock): a record created after it and never seen is new. */
    started_ms: number | string;
  };
  /** The fields of a record that events compare (status, confirmation), as last seen. */
  webhook_record_state: { tenant_id: string; record_key: string; state: string };
};

/** Migrations of the webhook tables, run at start-up with the other server tables. */
export const webhookMigrations: Record<string, Migration> = {
  webhooks_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_settings')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('allow_private', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('webhook_endpoints')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_tenant')
        .ifNotExists()
        .on('webhook_endpoints')
        .column('tenant_id')
        .execute();
      await db.schema
        .createTable('webhook_events')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('record_key', 'text', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('webhook_deliveries')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addColumn('record_key', 'text', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_ms', 'bigint', (c) => c.notNull())
        .addColumn('created_ms', 'bigint', (c) => c.notNull())
        .addColumn('first_attempt_ms', 'bigint')
        .addColumn('delivered_ms', 'bigint')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .ifNotExists()
        .on('webhook_deliveries')
        .columns(['tenant_id', 'status', 'next_ms'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_order')
        .ifNotExists()
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'record_key', 'status', 'position'])
        .execute();
      await db.schema
        .createTable('webhook_attempts')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('delivery_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addColumn('at_ms', 'bigint', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_attempts_delivery')
        .ifNotExists()
        .on('webhook_attempts')
        .column('delivery_id')
        .execute();
      await db.schema
        .createTable('webhook_cursors')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('started_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_cursors_pk', ['tenant_id', 'collection'])
        .execute();
      await db.schema
        .createTable('webhook_record_state')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('record_key', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_record_state_pk', ['tenant_id', 'record_key'])
        .execute();
    },
  },
};
