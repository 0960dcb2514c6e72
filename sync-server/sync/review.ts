/**
 * The review list: pushed versions the server refused (rejections) or kept its own version over
 * (conflicts), with their full content, so the reception's conflict screen can show what was typed
 * and nothing a user saved is lost.
 */
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '../../core/clock.js';
import type { ErrorDetail } from '../../core/errors.js';
import type { IdGenerator } from '../../core/ids.js';
import type { SyncTables } from './sync-tables.js';

/** One entry of the review list as an installation reads it. */
export interface ReviewEntry {
  id: string;
  kind: 'rejection' | 'conflict';
  collection: string;
  docId: string;
  /** The installation that pushed it. */
  deviceId: string;
  /** The pushed document, whole. */
  document: Record<string, unknown>;
  /** The server's version when the push arrived; null when it had none. */
  master: Record<string, unknown> | null;
  reasons: ErrorDetail[];
  at: string;
}

/** What a push adds to the list. */
export interface NewReviewEntry {
  kind: ReviewEntry['kind'];
  collection: string;
  docId: string;
  deviceId: string;
  document: Record<string, unknown>;
  master: Record<string, unknown> | null;
  reasons: ErrorDetail[];
}

/**
 * Adds an entry unless the same pushed document is already listed unresolved: a push re-sent after
 * a lost answer must change nothing.
 *
 * @param db the push's transaction, so the entry lands or is undone with it
 */
export async function addReviewEntry(
  db: Kysely<SyncTables>,
  tenantId: string,
  entry: NewReviewEntry,
  clock: Clock,
  ids: IdGenerator,
): Promise<void> {
  const document = JSON.stringify(entry.document);
  const same = await db
    .selectFrom('sync_review')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('collection', '=', entry.collection)
    .where('doc_id', '=', entry.docId)
    .where('kind', '=', entry.kind)
    .where('document', '=', document)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (same) return;
  await db
    .insertInto('sync_review')
    .values({
      id: ids.next(),
      tenant_id: tenantId,
      device_id: entry.deviceId,
      kind: entry.kind,
      collection: entry.collection,
      doc_id: entry.docId,
      document,
      master: entry.master && JSON.stringify(entry.master),
      reasons: JSON.stringify(entry.reasons),
      at: isoWithOffset(clock.now()),
      resolved_at: null,
    })
    .execute();
}

/**
 * Unresolved entries of the tenant of `kind`, oldest first, after the entry `after` (a cursor), only
 * of `collections` (those the reader may read).
 */
export async function listReview(
  db: Kysely<SyncTables>,
  tenantId: string,
  kind: ReviewEntry['kind'],
  collections: readonly string[],
  options: { after?: string; limit: number },
): Promise<ReviewEntry[]> {
  if (collections.length === 0) return [];
  let query = db
    .selectFrom('sync_review')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('resolved_at', 'is', null)
    .where('collection', 'in', collections);
  if (options.after) query = query.where('id', '>', options.after);
  const rows = await query.orderBy('id').limit(options.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    collection: row.collection,
    docId: row.doc_id,
    deviceId: row.device_id,
    document: JSON.parse(row.document) as Record<string, unknown>,
    master: row.master === null ? null : (JSON.parse(row.master) as Record<string, unknown>),
    reasons: JSON.parse(row.reasons) as ErrorDetail[],
    at: row.at,
  }));
}
