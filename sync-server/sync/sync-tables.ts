/**
 * Server-only tables of sync: enrolment codes, installations (devices) and the review list of
 * refused and conflicting pushes. None of them replicates: device tokens are secrets, and the review
 * list is read through its own endpoint. Instants compared are epoch milliseconds (`*_ms`; pg returns
 * bigint as text, read them through `Number`); instants only shown are ISO-8601 text.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { changeNotifyMigrations } from './change-notify.js';
import { deviceUserMigrations } from './device-user.js';
import { pushedStateMigrations } from './replays.js';
import { reviewResolutionMigrations } from './review.js';
import { retentionMigrations } from './tombstone-retention.js';

/**
 * Kinds of installation: a reception desk (or office PC) holds the clinic's data, a totem only what it
 * needs, a professional's station (a consulting-room PC bound to one professional) also the clinical
 * records that professional may read (docs/decisions/medical-record.md MED-007).
 */
export const DEVICE_KINDS = ['desk', 'totem', 'professional'] as const;
/** One of {@link DEVICE_KINDS}. */
export type DeviceKind = (typeof DEVICE_KINDS)[number];

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type SyncTables = {
  sync_enrolment_codes: {
    code_hash: string;
    tenant_id: string;
    clinic_id: string | null;
    kind: DeviceKind;
    name: string;
    created_by: string;
    created_at: string;
    expires_ms: number | string;
    /** Set when exchanged for a device token: a code works once. */
    used_at: string | null;
    /** The professional (`users` id) a `professional` installation is bound to; null for other kinds. */
    user_id: string | null;
  };
  sync_devices: {
    id: string;
    tenant_id: string;
    clinic_id: string | null;
    kind: DeviceKind;
    name: string;
    token_hash: string;
    created_by: string;
    created_at: string;
    revoked_at: string | null;
    last_seen_at: string | null;
    /** The professional (`users` id) a `professional` installation is bound to; null for other kinds. */
    user_id: string | null;
  };
  sync_review: {
    /** UUIDv7: time-ordered, so it doubles as the cursor of the list. */
    id: string;
    tenant_id: string;
    device_id: string;
    /** `rejection`: refused by validation; `conflict`: lost against the server's version. */
    kind: 'rejection' | 'conflict';
    collection: string;
    doc_id: string;
    /** JSON text: the document as the installation pushed it, so nothing typed is lost. */
    document: string;
    /** JSON text: the server's version at that moment (conflicts), null for rejections of new documents. */
    master: string | null;
    /** JSON text: `[{ path, message }]` saying why. */
    reasons: string;
    at: string;
    resolved_at: string | null;
    /** `keep_server` or `apply_mine` once resolved (review.ts). */
    resolution: string | null;
    /** The installation that resolved it. */
    resolved_by: string | null;
    /** The person signed in there, as the installation stated it. */
    resolved_by_user: string | null;
    /** JSON text: the server's version an `apply_mine` wrote over, so it is not lost either. */
    replaced: string | null;
  };
  /** States the server handled from an installation, to tell a replayed push (replays.ts). */
  sync_pushed_states: {
    tenant_id: string;
    collection: string;
    doc_id: string;
    /** The installation that pushed it. */
    device_id: string;
    /** SHA-256 (base64url) of the pushed state's canonical JSON, `_deleted` included. */
    state_hash: string;
    /** When it was first handled (epoch ms). */
    at_ms: number | string;
  };
};

/** Sync's migrations, for `openSqlDatabase({ migrations })`. Never edit one that shipped: add the next. */
export const syncMigrations: Record<string, Migration> = {
  sync_0001_devices_and_review: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sync_enrolment_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('clinic_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_ms', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('sync_devices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('clinic_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('last_seen_at', 'text')
        .execute();
      await db.schema.createIndex('sync_devices_by_tenant').on('sync_devices').columns(['tenant_id', 'id']).execute();
      await db.schema
        .createTable('sync_review')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('master', 'text')
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .execute();
      await sql`create index sync_review_by_tenant on sync_review (tenant_id, kind, id)`.execute(db);
    },
  },
  ...changeNotifyMigrations,
  ...retentionMigrations,
  ...reviewResolutionMigrations,
  ...pushedStateMigrations,
  ...deviceUserMigrations,
};
