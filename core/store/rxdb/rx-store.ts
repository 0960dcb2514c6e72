import type { CollectionDef } from '#core/store/collection-def.js';
import type { Collection, LiveIndex, Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import type { Mutex } from './mutex.js';
import type { IndexTrust } from './query-plan.js';
import { RxdbLiveIndex } from './live-index.js';
import { RxdbCollection } from './rx-collection.js';
import type { RxRecordCollection } from './storage-io.js';
import { lockedScope, TransactionScope, type WriteScope } from './write-scope.js';

/** What every store of one database shares. */
export interface DatabaseContext {
  /** Serializes transactions and plain writes of the whole database. */
  readonly mutex: Mutex;
  readonly trust: IndexTrust;
  readonly collections: ReadonlyMap<string, { def: CollectionDef<RecordBase>; rx: RxRecordCollection }>;
  /** The live indexes handed out (STORE-021), by tenant, collection and field; closed with the database. */
  readonly liveIndexes: Map<string, RxdbLiveIndex<RecordBase>>;
}

function sameDeclaration(a: CollectionDef<RecordBase>, b: CollectionDef<RecordBase>): boolean {
  return JSON.stringify([a.fields, a.indexes]) === JSON.stringify([b.fields, b.indexes]);
}

/**
 * The port's {@link Store} over an RxDB database, confined to one tenant.
 *
 * `transaction(work)` — RxDB has no multi-document transactions, so this is an emulation:
 * - One lock per database serializes transactions and the plain writes of every store of that
 *   database, so no write of this adapter lands between a transaction's writes and their undo.
 * - Every write of `work` records the document's previous state (or "inserted") in an undo log. If
 *   `work` throws, the touched documents are written back in reverse order, then the error is
 *   rethrown (or a DomainError `internal` when a document could not be restored).
 * - A nested `transaction` on the given store joins the running one; if the nested work throws, only
 *   its own writes are undone (a savepoint), and the outer work may catch the error and go on.
 *
 * Limits, by construction:
 * - Not isolated: reads (from this store, the UI's RxDB queries, replication) see the intermediate
 *   state while `work` runs, and a failed transaction is visible as writes followed by their undo in
 *   RxDB's change stream and in replication.
 * - Undoing an insert leaves a tombstone, so that id stays taken (insert answers `conflict`).
 *   Undoing an update or remove restores the content under a new `_rev`: a caller holding the
 *   pre-transaction revision gets `conflict` and must re-read.
 * - Writers outside this adapter (replication, another window or tab when `multiInstance`) do not
 *   take the lock. A document such a writer changed after the transaction touched it is not undone
 *   (its change wins) and the rollback reports `internal`.
 * - A write through the outer store from inside `work` waits for the transaction and never
 *   finishes: inside `work`, use only the store it is given. Writes after `work` settled are refused.
 * - A crash or closed window mid-transaction leaves its writes in place: there is no durable undo log.
 */
export class RxdbStore implements Store {
  private readonly cache = new Map<string, Collection<RecordBase>>();
  private readonly writes: WriteScope;

  constructor(
    private readonly db: DatabaseContext,
    readonly tenantId: string,
    private readonly tx?: TransactionScope,
  ) {
    this.writes = tx ?? lockedScope(db.mutex);
  }

  collection<T extends RecordBase>(def: CollectionDef<T>): Collection<T> {
    const cached = this.cache.get(def.name);
    if (cached) return cached as unknown as Collection<T>;
    const entry = this.db.collections.get(def.name);
    const declared = def as unknown as CollectionDef<RecordBase>;
    if (!entry) throw new Error(`coleção "${def.name}" não foi declarada ao abrir o banco`);
    if (!sameDeclaration(entry.def, declared))
      throw new Error(`coleção "${def.name}" difere da declarada ao abrir o banco`);
    const collection = new RxdbCollection<T>({
      tenantId: this.tenantId,
      def: entry.def,
      rx: entry.rx,
      trust: this.db.trust,
      writes: this.writes,
    });
    this.cache.set(def.name, collection);
    return collection;
  }

  /**
   * The tenant's live index of `def` by `field` (STORE-021), created on first use and shared by every
   * store of this database and tenant, inside transactions too: reads there already see the running
   * transaction's writes, and its undo reaches the index through the change stream like any write.
   * @throws Error when `def` was not declared or `field` is not a declared string field.
   */
  liveIndex<T extends RecordBase>(def: CollectionDef<T>, field?: keyof T & string): LiveIndex<T> {
    const key = `${this.tenantId}\u0000${def.name}\u0000${field ?? ''}`;
    const existing = this.db.liveIndexes.get(key);
    if (existing) return existing as unknown as LiveIndex<T>;
    // Reads through a store outside any transaction: the index outlives the one asking.
    const collection = new RxdbStore(this.db, this.tenantId).collection(def);
    const entry = this.db.collections.get(def.name)!;
    const index = new RxdbLiveIndex<T>(this.tenantId, def, field, entry.rx, collection);
    this.db.liveIndexes.set(key, index as unknown as RxdbLiveIndex<RecordBase>);
    return index;
  }

  async transaction<R>(work: (store: Store) => Promise<R>): Promise<R> {
    const tx = this.tx;
    if (tx) {
      const savepoint = tx.log.mark();
      try {
        return await work(this);
      } catch (error) {
        await tx.log.rollbackTo(savepoint).catch((undoError: unknown) => {
          throw withCause(undoError, error);
        });
        throw error;
      }
    }
    return this.db.mutex.run(async () => {
      const scope = new TransactionScope();
      try {
        const result = await work(new RxdbStore(this.db, this.tenantId, scope));
        scope.close();
        return result;
      } catch (error) {
        // Closed first, so a write the work forgot to await cannot land after its undo.
        scope.close();
        await scope.log.rollbackTo(0).catch((undoError: unknown) => {
          throw withCause(undoError, error);
        });
        throw error;
      }
    });
  }
}

/** The rollback failure, carrying the error that caused the rollback. */
function withCause(undoError: unknown, cause: unknown): unknown {
  if (undoError instanceof Error && undoError.cause === undefined) undoError.cause = cause;
  return undoError;
}
