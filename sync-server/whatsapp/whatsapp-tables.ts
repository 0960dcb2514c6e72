/**
 * Server-only tables of the WhatsApp Business Cloud API integration: each account's credentials
 * (token and app secret sealed, secret-box.ts), patients' opt-ins, and the provider's message ids
 * with their latest status. Nothing here replicates to installations.
 */
import type { Kysely, Migration } from 'kysely';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type WhatsAppTables = {
  whatsapp_credentials: {
    tenant_id: string;
    phone_number_id: string;
    /** The WhatsApp Business Account id: template statuses are read under it. */
    business_account_id: string;
    /** Graph API version, e.g. `v21.0`. */
    api_version: string;
    /** `https://graph.facebook.com` in production. */
    base_url: string;
    /** The access token, sealed. */
    token_sealed: string;
    /** The app secret (X-Hub-Signature-256 of the webhook), sealed. */
    app_secret_sealed: string;
    /** The verify token Meta echoes when subscribing the webhook, sealed. */
    verify_token_sealed: string;
    updated_at: string;
  };
  /** A patient's consent to receive WhatsApp messages from the account (Meta's opt-in policy, LGPD). */
  whatsapp_opt_ins: {
    tenant_id: string;
    /** E.164, `+5511987654321`. */
    phone: string;
    patient_id: string | null;
    /** How it was given: `reception`, `portal`, `api`. */
    source: string;
    recorded_by: string;
    opted_in_at: string;
    revoked_at: string | null;
  };
  whatsapp_messages: {
    /** The provider's id (`wamid.…`). */
    wamid: string;
    tenant_id: string;
    outbox_message_id: string;
    /** `accepted`, then `sent`, `delivered`, `read` or `failed` from the webhook. */
    status: string;
    error: string | null;
    updated_at: string;
  };
};

/** Migrations of the WhatsApp tables. */
export const whatsappMigrations: Record<string, Migration> = {
  whatsapp_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('whatsapp_credentials')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('phone_number_id', 'text', (c) => c.notNull())
        .addColumn('business_account_id', 'text', (c) => c.notNull())
        .addColumn('api_version', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('token_sealed', 'text', (c) => c.notNull())
        .addColumn('app_secret_sealed', 'text', (c) => c.notNull())
        .addColumn('verify_token_sealed', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('whatsapp_opt_ins')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('patient_id', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('recorded_by', 'text', (c) => c.notNull())
        .addColumn('opted_in_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addPrimaryKeyConstraint('whatsapp_opt_ins_pk', ['tenant_id', 'phone'])
        .execute();
      await db.schema
        .createTable('whatsapp_messages')
        .ifNotExists()
        .addColumn('wamid', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('outbox_message_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
