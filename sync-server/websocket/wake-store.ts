/**
 * A store that tells the panel feed when a ticket was written through it, once the write is
 * committed: a call made over REST in this process reaches the panels at once, without waiting for
 * the change hub's next poll.
 */
import type { CollectionDef } from '../../core/store/collection-def.js';
import type { Collection, Store } from '../../core/store/port.js';
import type { RecordBase } from '../../core/store/record.js';

const WATCHED = 'tickets';

class WakeCollection<T extends RecordBase> implements Collection<T> {
  constructor(
    private readonly base: Collection<T>,
    private readonly written: () => void,
  ) {}
  get = (id: string) => this.base.get(id);
  find: Collection<T>['find'] = (query) => this.base.find(query);
  count: Collection<T>['count'] = (query) => this.base.count(query);
  private async after<R>(work: Promise<R>): Promise<R> {
    const result = await work;
    this.written();
    return result;
  }
  insert = (doc: T) => this.after(this.base.insert(doc));
  insertMany = (docs: readonly T[]) => this.after(this.base.insertMany(docs));
  update = (id: string, expectedRev: string, next: T) => this.after(this.base.update(id, expectedRev, next));
  remove = (id: string, expectedRev: string) => this.after(this.base.remove(id, expectedRev));
}

class WakeStore implements Store {
  constructor(
    private readonly base: Store,
    private readonly written: () => void,
  ) {}

  get tenantId(): string {
    return this.base.tenantId;
  }

  collection<T extends RecordBase>(def: CollectionDef<T>): Collection<T> {
    const collection = this.base.collection(def);
    return def.name === WATCHED ? new WakeCollection(collection, this.written) : collection;
  }

  /** Writes inside a transaction wake the panels after it commits, never before. */
  async transaction<R>(work: (store: Store) => Promise<R>): Promise<R> {
    let wrote = false;
    const result = await this.base.transaction((inner) => work(new WakeStore(inner, () => void (wrote = true))));
    if (wrote) this.written();
    return result;
  }
}

/** Wraps `store` so that committed writes of tickets call `written`. */
export function wakeOnTicketWrites(store: Store, written: () => void): Store {
  return new WakeStore(store, written);
}
