/**
 * Server-only table of the self-hosted WhatsApp instance integration (Evolution API v2): one
 * configuration per account, its keys sealed (secret-box.ts). Nothing here replicates to installations.
 * The provider's message ids and statuses share `whatsapp_messages` with the Cloud API adapter.
 */
import type { Kysely, Migration } from 'kysely';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type InstanceTables = {
  whatsapp_instances: {
    tenant_id: string;
    /** The instance API's address, e.g. `https://evolution.clinica.com.br` (no trailing slash). */
    base_url: string;
    /** The instance's name at the provider (`/instance/connect/{instance}`). */
    instance_name: string;
    /** The provider's global API key (`apikey` header of instance creation and deletion), sealed. */
    api_key_sealed: string;
    /** The instance's own key (`apikey` of sends; echoed in its webhook events), sealed. */
    instance_token_sealed: string;
    /** The provider's id of the instance, when it gave one. */
    instance_id: string | null;
    /** Where the provider posts events; null when the account gave no public address. */
    webhook_url: string | null;
    /** `open`, `connecting`, `close` (CONNECTION_UPDATE / connectionState); `created` before any. */
    state: string;
    created_at: string;
    updated_at: string;
  };
};

/** Migrations of the instance table. */
export const instanceMigrations: Record<string, Migration> = {
  whatsapp_instance_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('whatsapp_instances')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('instance_name', 'text', (c) => c.notNull())
        .addColumn('api_key_sealed', 'text', (c) => c.notNull())
        .addColumn('instance_token_sealed', 'text', (c) => c.notNull())
        .addColumn('instance_id', 'text')
        .addColumn('webhook_url', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
