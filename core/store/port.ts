import type { CollectionDef } from './collection-def.js';
import type { Query } from './query.js';
import type { RecordBase, Stored } from './record.js';

/**
 * One collection seen through a tenant-scoped store. Every method only ever sees records of that
 * tenant: a record of another tenant is indistinguishable from a missing one (OWASP API1).
 *
 * Errors: every method throws `DomainError` for expected failures:
 * - `conflict`: insert of an existing id; update/remove with a stale `_rev` (never a silent overwrite).
 * - `not_found`: update/remove of a missing or deleted record.
 * - `forbidden`: a record whose `tenantId` is not the store's tenant.
 * - `validation`: `update` with `next.id` different from `id`; a declared field holding another JSON
 *   type than declared.
 */
export interface Collection<T extends RecordBase> {
  /** The record with this id, or undefined when missing, deleted or of another tenant. */
  get(id: string): Promise<Stored<T> | undefined>;
  /** Records matching the query, deleted ones excluded. See {@link Query} for the supported subset. */
  find(query?: Query<T>): Promise<Stored<T>[]>;
  /** Number of records matching the selector (sort, skip and limit ignored). */
  count(query?: Pick<Query<T>, 'selector'>): Promise<number>;
  /** Stores a new record. @throws DomainError `conflict` when the id exists (even deleted). */
  insert(doc: T): Promise<Stored<T>>;
  /** Stores many new records at once, all or none. @throws DomainError `conflict` on any existing id. */
  insertMany(docs: readonly T[]): Promise<void>;
  /**
   * Replaces a record when its current revision is `expectedRev`.
   * @throws DomainError `conflict` when the revision moved on, `not_found` when it is missing.
   */
  update(id: string, expectedRev: string, next: T): Promise<Stored<T>>;
  /**
   * Soft-deletes a record: it becomes a replication tombstone and stops matching get/find.
   * @throws DomainError `conflict` on a stale revision, `not_found` when missing.
   */
  remove(id: string, expectedRev: string): Promise<void>;
}

/**
 * A live in-memory index of one collection of one tenant, by one declared field (docs/decisions/store.md
 * STORE-021): the records are read from storage once per field value, then kept current from the
 * storage's change stream (this store's writes, their undo, replication's writes, deletions), so a
 * read answers from memory what `find({ selector: { [field]: value } })` would answer from storage.
 */
export interface LiveIndex<T extends RecordBase> {
  /**
   * The records whose field equals `value` (every record of the collection when the index has no
   * field; `value` is then ignored), deleted ones excluded, in no particular order. The records are
   * frozen and shared with later calls: copy before changing one. The first call for a value reads
   * it from storage; later calls cost no storage read.
   */
  select(value?: string): Promise<readonly Stored<T>[]>;
  /**
   * Grows by at least one whenever a record of the index changes, so a caller may keep something it
   * derived from {@link select} (an order, a lookup map) until the version moves.
   */
  readonly version: number;
}

/** The store operations use: collections of one tenant, and transactions over them. */
export interface Store {
  /** The tenant every read and write of this store is confined to. */
  readonly tenantId: string;
  /** The collection declared by `def`. @throws Error when `def` was not declared when opening. */
  collection<T extends RecordBase>(def: CollectionDef<T>): Collection<T>;
  /**
   * Runs `work` so that its writes all land or none does. If `work` throws, every write it made is
   * undone and the error is rethrown. Inside `work`, use the store it is given; a nested call is a
   * savepoint. SQL adapters use real transactions; the RxDB adapter serializes writers and undoes
   * from a log, so other readers may see intermediate state and an undone insert keeps its id taken.
   */
  transaction<R>(work: (store: Store) => Promise<R>): Promise<R>;
  /**
   * The store this one decorates (the guarded store's adapter store, bound to the same transaction);
   * absent on an adapter's own store. Lets an adapter's helpers (the server's number counter) run a
   * statement in the very transaction they are handed, whatever wraps it.
   */
  readonly inner?: Store;
  /**
   * Optional capability: a {@link LiveIndex} of `def` by `field` (none: the whole collection), shared by
   * every store of this tenant on the same database and kept until the database closes. Offered by the
   * desk's RxDB adapter, where reading thousands of records from IndexedDB costs hundreds of ms; absent
   * on the server's SQL stores and on decorators (the guarded store), whose callers fall back to
   * `find`. Use it only for reads that must answer from memory; it costs memory for every record of the
   * values read.
   * @throws Error when `def` was not declared, or `field` is not one of its declared string fields.
   */
  liveIndex?<T extends RecordBase>(def: CollectionDef<T>, field?: keyof T & string): LiveIndex<T>;
}

/** An open database holding every tenant's collections; hands out tenant-scoped stores. */
export interface Database {
  /** A store confined to `tenantId`. */
  forTenant(tenantId: string): Store;
  /** Releases files and connections. The database is unusable afterwards. */
  close(): Promise<void>;
}
