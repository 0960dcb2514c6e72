/**
 * Reads and writes through an RxCollection's storage instance, the same path RxDB's own
 * `RxDocument` writes take: RxDB's wrapper sets `_rev` and `_meta.lwt`, and the storage emits the
 * change events that keep the collection's queries, document cache and replication up to date.
 * Going below `RxCollection.insert`/`RxDocument.patch` gives what the port needs and those hide:
 * a write that fails on a stale revision instead of being retried, and tombstones that stay visible
 * to an insert.
 */
import {
  getWrittenDocumentsFromBulkWriteResponse,
  type BulkWriteRow,
  type RxCollection,
  type RxDocumentData,
  type RxStorageWriteError,
} from 'rxdb';
import type { RxRecord } from './schema.js';

/** An RxCollection holding records of this adapter. */
export type RxRecordCollection = RxCollection<RxRecord>;

/** Stored document data by id, deleted documents (tombstones) included when `withDeleted`. */
export async function readDocuments(
  collection: RxRecordCollection,
  ids: readonly string[],
  withDeleted: boolean,
): Promise<Map<string, RxDocumentData<RxRecord>>> {
  const found = await collection.storageInstance.findDocumentsById([...ids], withDeleted);
  return new Map(found.map((data) => [data.id, data]));
}

/** Outcome of one bulk write: the documents as written (with their new `_rev`) and the refused rows. */
export interface WriteOutcome {
  written: RxDocumentData<RxRecord>[];
  errors: RxStorageWriteError<RxRecord>[];
}

/**
 * Writes rows in one storage call. A row with `previous` is written only when the stored revision
 * still equals `previous._rev` (otherwise it comes back as a 409 error): RxDB's own optimistic check,
 * which holds even against writers that bypass this adapter (replication, other windows).
 *
 * @param context names the write in RxDB's change events (debugging aid).
 */
export async function writeDocuments(
  collection: RxRecordCollection,
  rows: BulkWriteRow<RxRecord>[],
  context: string,
): Promise<WriteOutcome> {
  const response = await collection.storageInstance.bulkWrite(rows, context);
  const written = getWrittenDocumentsFromBulkWriteResponse(collection.schema.primaryPath, rows, response);
  return { written, errors: response.error };
}
