/**
 * Server-only tables of the attendance's documents (MED-030..MED-034): the files stored for a record
 * (`medical_files`, the bytes in the file storage), its reports (laudos, `medical_reports`) and its
 * shares (`medical_shares`: with the patient by access URL and key, or with another professional).
 * None replicates to installations: documents are made and opened on the server. Instants compared
 * are epoch milliseconds (`*_ms`; pg returns bigint as text, read them through `Number`).
 */
import type { Kysely, Migration } from 'kysely';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type MedicalDocumentTables = {
  medical_files: {
    id: string;
    tenant_id: string;
    record_id: string;
    /** `documento` (generated here), `laudo` (a report's PDF), `copia` (copied from a URL). */
    kind: string;
    /** File name offered on download (`receita-<id>.pdf`). */
    name: string;
    media_type: string;
    size: number;
    /** The file storage key (`<tenant>/<id>.pdf`). */
    storage_key: string;
    created_at: string;
    created_by: string;
  };
  medical_reports: {
    id: string;
    tenant_id: string;
    record_id: string;
    title: string;
    text: string;
    /** A PDF of the report in `medical_files` (a scanned or copied laudo), or null. */
    file_id: string | null;
    created_at: string;
    created_by: string;
    updated_at: string;
  };
  medical_shares: {
    id: string;
    tenant_id: string;
    record_id: string;
    /** `patient` (access URL and key, no account) or `professional` (a user of the account). */
    kind: string;
    /** Patient shares: the random access id of the URL (`/document/shared/<access>`); else null. */
    access: string | null;
    /** Patient shares: SHA-256 (hex) of the key; the key itself is shown once and never stored. */
    key_hash: string | null;
    /** Professional shares: the user it is shared with. */
    user_id: string | null;
    /** `pending` until the professional accepts; patient shares are `active` from the start. */
    status: string;
    expires_ms: number | string;
    revoked_ms: number | string | null;
    created_ms: number | string;
    created_by: string;
  };
};

/** Migrations of the document tables, run at start-up with the other server tables. */
export const medicalDocumentMigrations: Record<string, Migration> = {
  medical_docs_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('medical_files')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('medical_files_record')
        .ifNotExists()
        .on('medical_files')
        .columns(['tenant_id', 'record_id'])
        .execute();
      await db.schema
        .createTable('medical_reports')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('medical_reports_record')
        .ifNotExists()
        .on('medical_reports')
        .columns(['tenant_id', 'record_id'])
        .execute();
      await db.schema
        .createTable('medical_shares')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('access', 'text', (c) => c.unique())
        .addColumn('key_hash', 'text')
        .addColumn('user_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expires_ms', 'bigint', (c) => c.notNull())
        .addColumn('revoked_ms', 'bigint')
        .addColumn('created_ms', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('medical_shares_record')
        .ifNotExists()
        .on('medical_shares')
        .columns(['tenant_id', 'record_id'])
        .execute();
    },
  },
};
