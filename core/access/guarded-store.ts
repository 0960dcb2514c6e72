/**
 * The store an operation receives on the server (docs/architecture.md "Security": authorization lives with the
 * data). Beneath it the port already confines every read and write to the actor's tenant; the guard
 * adds, for the collections a {@link CollectionPolicy} names, the actor's permission on every read
 * and write and an audit entry for each record read or written. Collections without a policy pass
 * through untouched, at no cost.
 *
 * An adapter that takes the guard as a hook (the SQL store: `withGuard`) checks and logs inside its own
 * collection methods (STORE-015); any other store (RxDB, in tests and tools) is wrapped by the
 * decorator below, which calls the same {@link StoreGuard}.
 */
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Collection, Store } from '#core/store/port.js';
import type { Query } from '#core/store/query.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { StoreGuard, type CollectionGuard, type GuardContext } from './store-guard.js';

export { changedFields, type GuardContext } from './store-guard.js';

/** A store adapter that runs the guard's checks itself instead of being wrapped. */
export interface GuardableStore extends Store {
  /** The same store (tenant, transaction), checking and logging through `guard`. */
  withGuard(guard: StoreGuard): Store;
}

function takesGuard(store: Store): store is GuardableStore {
  return typeof (store as Partial<GuardableStore>).withGuard === 'function';
}

class GuardedCollection<T extends RecordBase> implements Collection<T> {
  constructor(
    private readonly base: Collection<T>,
    private readonly guard: CollectionGuard,
  ) {}

  async get(id: string): Promise<Stored<T> | undefined> {
    this.guard.checkRead(id);
    const doc = await this.base.get(id);
    if (doc) this.guard.read(doc);
    return doc;
  }

  async find(query?: Query<T>): Promise<Stored<T>[]> {
    this.guard.checkRead();
    const docs = await this.base.find(query);
    for (const doc of docs) this.guard.read(doc);
    return docs;
  }

  /** Counting reveals no record, so it is checked but not logged. */
  async count(query?: Pick<Query<T>, 'selector'>): Promise<number> {
    this.guard.checkRead();
    return await this.base.count(query);
  }

  async insert(doc: T): Promise<Stored<T>> {
    this.guard.checkWrite(doc.id);
    const stored = await this.base.insert(doc);
    this.guard.created(stored);
    return stored;
  }

  async insertMany(docs: readonly T[]): Promise<void> {
    this.guard.checkWrite();
    await this.base.insertMany(docs);
    this.guard.createdMany(docs.map((doc) => doc.id));
  }

  async update(id: string, expectedRev: string, next: T): Promise<Stored<T>> {
    this.guard.checkWrite(id);
    // Read first only when this request has not: the entry names the fields that changed.
    const before = this.guard.lastSeen(id) ?? (await this.base.get(id));
    const stored = await this.base.update(id, expectedRev, next);
    this.guard.updated(id, before, next, stored);
    return stored;
  }

  async remove(id: string, expectedRev: string): Promise<void> {
    this.guard.checkWrite(id);
    await this.base.remove(id, expectedRev);
    this.guard.removed(id);
  }
}

class GuardedStore implements Store {
  constructor(
    private readonly base: Store,
    private readonly guard: StoreGuard,
  ) {}

  get tenantId(): string {
    return this.base.tenantId;
  }

  get inner(): Store {
    return this.base;
  }

  collection<T extends RecordBase>(def: CollectionDef<T>): Collection<T> {
    const collection = this.base.collection(def);
    const guard = this.guard.collection(def.name);
    return guard ? new GuardedCollection(collection, guard) : collection;
  }

  /** Entries of the work are held until it commits (see {@link StoreGuard.transaction}). */
  async transaction<R>(work: (store: Store) => Promise<R>): Promise<R> {
    const scope = this.guard.transaction();
    let result: R;
    try {
      result = await this.base.transaction((inner) => work(new GuardedStore(inner, scope.guard)));
    } catch (error) {
      scope.end(false);
      throw error;
    }
    scope.end(true);
    return result;
  }
}

/**
 * Guards a tenant-scoped store for one actor (one request). Reads and writes of collections with a
 * {@link CollectionPolicy} are checked against `actor`'s permissions and logged to `audit`.
 *
 * @throws (from the returned store) DomainError `forbidden` naming the missing permission
 *   (`patient:read`) when the actor may not read or write a guarded collection; the refusal itself
 *   is logged as `denied`.
 *
 * @example
 * const store = guardStore(database.forTenant(actor.tenantId), { actor, audit: writer, origin });
 */
export function guardStore(store: Store, guard: GuardContext): Store {
  const hook = new StoreGuard(guard);
  return takesGuard(store) ? store.withGuard(hook) : new GuardedStore(store, hook);
}
