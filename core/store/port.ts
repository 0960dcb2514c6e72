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
}

/** An open database holding every tenant's collections; hands out tenant-scoped stores. */
export interface Database {
  /** A store confined to `tenantId`. */
  forTenant(tenantId: string): Store;
  /** Releases files and connections. The database is unusable afterwards. */
  close(): Promise<void>;
}
