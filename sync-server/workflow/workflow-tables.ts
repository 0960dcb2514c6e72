/**
 * Server-only table of the third-party workflow integration credentials (spec §4.4: "Third-party
 * workflow integration: delete, get and register credentials"): one per account, the secret sealed
 * (secret-box.ts). Nothing here replicates to installations.
 */
import type { Kysely, Migration } from 'kysely';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type WorkflowTables = {
  workflow_credentials: {
    tenant_id: string;
    /** Which tool: `n8n`, `make`, `zapier` or `other`. */
    provider: string;
    /** A name the clinic recognises ("Automação da recepção"). */
    label: string;
    /** The tool's address for this account (an n8n instance, a Make webhook base), when it has one. */
    base_url: string | null;
    /** The credential (API key, token), sealed. */
    secret_sealed: string;
    created_by: string;
    created_at: string;
  };
};

/** Migrations of the workflow table. */
export const workflowMigrations: Record<string, Migration> = {
  workflow_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('workflow_credentials')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text')
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
