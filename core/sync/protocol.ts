/**
 * The replication protocol between installations and the server (docs/architecture.md "Sync"; RxDB's HTTP
 * replication): shapes shared by the server's endpoints and the client's handlers.
 */
import { z } from 'zod';

/**
 * Where a pull resumes: the server's per-tenant `seq` of the last document received, never a client
 * clock. `{ seq: 0 }` (or no checkpoint) starts from the beginning.
 */
export interface SyncCheckpoint {
  seq: number;
  /**
   * The tombstone horizon (highest purged seq) the installation was served under, once the server has
   * purged any: a checkpoint below the current horizon was not caught up with it and must resync
   * (tombstone-retention.ts), unless its reads were already served under that horizon.
   */
  h?: number;
}

/** Validates a checkpoint read from a query string or a client's storage. */
export const syncCheckpoint = z.strictObject({
  seq: z.number().int().nonnegative(),
  h: z.number().int().nonnegative().optional(),
});

/**
 * A document as it travels: the record's own fields plus `_deleted` (the replication tombstone).
 * Never carries `_rev`, `_meta` or `_attachments`: those are each side's bookkeeping.
 */
export type SyncDocument = Record<string, unknown> & { id: string; _deleted: boolean };

/** One pull page: documents in `seq` order and the checkpoint after the last of them. */
export interface PullResponse {
  documents: SyncDocument[];
  checkpoint: SyncCheckpoint;
}

/** One pushed change: the master state the installation last saw (absent for a new document) and its new state. */
export interface PushRow {
  assumedMasterState?: SyncDocument | null;
  newDocumentState: SyncDocument;
}

/** Largest push batch the server takes; RxDB's `push.batchSize` must not exceed it. */
export const MAX_PUSH_ROWS = 500;

/** Largest pull page; a larger `limit` is cut to it. */
export const MAX_PULL_LIMIT = 5000;

const document = z.looseObject({ id: z.string().min(1).max(200), _deleted: z.boolean() });

/** A push body: at most {@link MAX_PUSH_ROWS} rows. */
export const pushRows = z
  .array(z.strictObject({ assumedMasterState: document.nullable().optional(), newDocumentState: document }))
  .max(MAX_PUSH_ROWS);

/** Fields a side keeps for itself and never compares or sends. */
const LOCAL_FIELDS = new Set(['_rev', '_meta', '_attachments']);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      if (LOCAL_FIELDS.has(key)) continue;
      const field = (value as Record<string, unknown>)[key];
      if (field !== undefined) out[key] = canonical(field);
    }
    return out;
  }
  return value;
}

/**
 * A document's data as one text, whatever its key order and without each side's bookkeeping
 * (`_rev`, `_meta`, `_attachments`; fields set to `undefined` left out): equal texts, same data.
 */
export function canonicalJson(doc: unknown): string {
  return JSON.stringify(canonical(doc));
}

/**
 * True when two documents hold the same data, whatever the key order and ignoring each side's
 * bookkeeping (`_rev`, `_meta`, `_attachments`). This is how the server tells whether the master state
 * an installation assumed is still the master state (RxDB's protocol compares states, not revisions).
 */
export function sameDocument(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A document without its side's bookkeeping, for sending. */
export function toSyncDocument(doc: Record<string, unknown>, deleted: boolean): SyncDocument {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!LOCAL_FIELDS.has(key) && key !== '_deleted') out[key] = value;
  return { ...out, id: String(doc.id), _deleted: deleted };
}
