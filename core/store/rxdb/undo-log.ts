import type { RxDocumentData } from 'rxdb';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { replacementData, storedFields } from './documents.js';
import { readDocuments, writeDocuments, type RxRecordCollection } from './storage-io.js';
import type { RxRecord } from './schema.js';

/** One write of a transaction: the document before it (undefined for an insert) and the revision it left. */
interface UndoEntry {
  collection: RxRecordCollection;
  id: string;
  before: RxDocumentData<RxRecord> | undefined;
  afterRev: string;
  /** For an insert of a derived record: the stored record emptied, written back instead of a tombstone. */
  emptied?: ((stored: RxRecord) => RxRecord) | undefined;
}

/**
 * The writes of a running transaction, oldest first, so they can be undone. RxDB has no
 * multi-document transaction; undoing is writing each touched document back to its earlier state.
 */
export class UndoLog {
  private readonly entries: UndoEntry[] = [];

  /** Notes that `after` was written over `before` (undefined when `after` was inserted). */
  record(
    collection: RxRecordCollection,
    before: RxDocumentData<RxRecord> | undefined,
    after: RxDocumentData<RxRecord>,
    emptied?: (stored: RxRecord) => RxRecord,
  ): void {
    this.entries.push({ collection, id: after.id, before, afterRev: after._rev, emptied });
  }

  /** A savepoint: pass it to {@link rollbackTo} to undo only what was written after it. */
  mark(): number {
    return this.entries.length;
  }

  /**
   * Undoes every write recorded after `mark`, newest document first, and forgets them.
   *
   * Each document goes back to its state before its first write after `mark`, with a new revision
   * (RxDB revisions only move forward). An inserted document becomes a tombstone: RxDB cannot forget
   * a document, so its id stays taken; a derived record (its collection's `emptied`) is left live and
   * empty instead, so its computed id stays usable (STORE-022). A document changed meanwhile by a writer outside the
   * transaction (replication, another window) is left as that writer made it.
   *
   * @throws DomainError `internal` listing the documents that could not be restored.
   */
  async rollbackTo(mark: number): Promise<void> {
    const undone = this.entries.splice(mark);
    // One restore per document: its state before the first undone write, expected at the last one's revision.
    const byDocument = new Map<string, { first: UndoEntry; last: UndoEntry }>();
    for (const entry of undone) {
      const key = `${entry.collection.name}\u0000${entry.id}`;
      const seen = byDocument.get(key);
      if (seen) {
        seen.last = entry;
        byDocument.delete(key);
        byDocument.set(key, seen);
      } else {
        byDocument.set(key, { first: entry, last: entry });
      }
    }
    const failures: ErrorDetail[] = [];
    for (const { first, last } of [...byDocument.values()].reverse()) {
      const failure = await restore(first.collection, first.id, first.before, last.afterRev, first.emptied);
      if (failure) failures.push({ path: `${first.collection.name}.${first.id}`, message: failure });
    }
    if (failures.length > 0) {
      throw new DomainError('internal', 'A transação falhou e não pôde ser desfeita por completo', failures);
    }
  }
}

/** Writes `before` (or, when undefined, the emptied record or a tombstone) over the document; a failure message or undefined. */
async function restore(
  collection: RxRecordCollection,
  id: string,
  before: RxDocumentData<RxRecord> | undefined,
  expectedRev: string,
  emptied: ((stored: RxRecord) => RxRecord) | undefined,
): Promise<string | undefined> {
  const current = (await readDocuments(collection, [id], true)).get(id);
  if (!current || current._rev !== expectedRev) return 'alterado fora da transação; mantido como está';
  const document = before
    ? replacementData(storedFields(before), current, before._deleted)
    : emptied
      ? replacementData(emptied(storedFields(current)), current, false)
      : replacementData(storedFields(current), current, true);
  const { errors } = await writeDocuments(collection, [{ previous: current, document }], 'clinic-store-rollback');
  return errors.length > 0 ? 'alterado fora da transação durante o desfazer; mantido como está' : undefined;
}
