/**
 * Server-only tables of the SMS integration (Zenvia API v2): each account's credentials (API token and
 * callback token sealed, secret-box.ts) and the provider's message ids with their latest status.
 * Nothing here replicates to installations.
 */
import type { Kysely, Migration } from 'kysely';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type SmsTables = {
  sms_credentials: {
    tenant_id: string;
    /** `https://api.zenvia.com` in production. */
    base_url: string;
    /** The sender id registered at Zenvia (`from`). */
    sender: string;
    /** The `X-API-TOKEN`, sealed. */
    token_sealed: string;
    /** The secret path segment of the status callback URL, sealed. */
    callback_token_sealed: string;
    updated_at: string;
  };
  sms_messages: {
    /** The provider's message id. */
    provider_id: string;
    tenant_id: string;
    outbox_message_id: string;
    /** `accepted`, then Zenvia's `SENT`, `DELIVERED`, `NOT_DELIVERED`, `REJECTED` from the callback. */
    status: string;
    error: string | null;
    updated_at: string;
  };
};

/** Migrations of the SMS tables. */
export const smsMigrations: Record<string, Migration> = {
  sms_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sms_credentials')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('token_sealed', 'text', (c) => c.notNull())
        .addColumn('callback_token_sealed', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sms_messages')
        .ifNotExists()
        .addColumn('provider_id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('outbox_message_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
