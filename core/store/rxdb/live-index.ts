/**
 * The RxDB adapter's live in-memory indexes (port.ts `LiveIndex`, docs/decisions/store.md STORE-021):
 * one collection of one tenant by one declared string field, read from storage once per value and then
 * kept current from the storage group's change stream, so the desk answers a read of thousands of
 * records (a clinic's 6,000 lot balances) from memory instead of IndexedDB.
 *
 * Why the change stream keeps it exact: every write to the storage instance (this adapter's writes and
 * their undo, RxDB's replication, bulk inserts) emits its events on `changeStream()` synchronously before
 * the write's promise settles, so once a write has returned, the index already holds its result.
 */
import type { RxDocumentData, RxStorageChangeEvent } from 'rxdb';
import type { Subscription } from 'rxjs';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Collection, LiveIndex } from '#core/store/port.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { toStored } from './documents.js';
import { COLLECTION_FIELD, declaredFields, type RxRecord } from './schema.js';
import type { RxRecordCollection } from './storage-io.js';

type Event = RxStorageChangeEvent<RxDocumentData<RxRecord>>;

/** The key of the whole-collection index's one bucket. */
const ALL = '';

/** A record frozen through and through: the index hands the same object to every reader. */
function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  }
  return value;
}

/** The number before the `-` of an RxDB revision (its write count). */
function revHeight(rev: string): number {
  return Number.parseInt(rev, 10) || 0;
}

/** One field value's records, or the load of them that is running. */
interface Bucket<T extends RecordBase> {
  records: Map<string, Stored<T>>;
  /** Set while the first read runs: events seen meanwhile, replayed over its answer. */
  pending?: Event[];
  ready: Promise<void>;
}

/**
 * A live index of `def` for one tenant by `field` (undefined: the whole collection).
 *
 * Loading a value registers its bucket as pending before reading, so an event emitted during the
 * read is kept and replayed, in order, over the read's answer: each record ends at its last event's
 * state, which is never older than the read's. A record whose field changes moves between buckets;
 * one that leaves every loaded bucket is forgotten.
 */
export class RxdbLiveIndex<T extends RecordBase> implements LiveIndex<T> {
  private readonly buckets = new Map<string, Bucket<T>>();
  private readonly subscription: Subscription;
  private versionCount = 0;

  constructor(
    private readonly tenantId: string,
    private readonly def: CollectionDef<T>,
    private readonly field: string | undefined,
    rx: RxRecordCollection,
    /** The tenant's collection, for the first read of a value. */
    private readonly collection: Collection<T>,
  ) {
    if (field !== undefined && !declaredFields(def).some(([name, type]) => name === field && type === 'string'))
      throw new Error(`campo "${field}" não é um campo de texto declarado de "${def.name}"`);
    this.subscription = rx.storageInstance.changeStream().subscribe((bulk) => this.apply(bulk.events));
  }

  get version(): number {
    return this.versionCount;
  }

  async select(value?: string): Promise<readonly Stored<T>[]> {
    const key = this.field === undefined ? ALL : (value ?? '');
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = this.load(key);
      this.buckets.set(key, bucket);
    }
    await bucket.ready;
    return [...bucket.records.values()];
  }

  /** Stops following the change stream (the database is closing). */
  close(): void {
    this.subscription.unsubscribe();
  }

  private load(key: string): Bucket<T> {
    const pending: Event[] = [];
    const bucket: Bucket<T> = { records: new Map(), pending, ready: Promise.resolve() };
    bucket.ready = (async () => {
      try {
        const selector = this.field === undefined ? undefined : { [this.field]: key };
        const found = await this.collection.find(selector ? { selector: selector as never } : undefined);
        for (const record of found) bucket.records.set(record.id, deepFreeze(record));
        delete bucket.pending;
        for (const event of pending) this.applyTo(key, bucket, event);
        this.versionCount++;
      } catch (error) {
        // A failed read is not kept: the next select reads again.
        this.buckets.delete(key);
        throw error;
      }
    })();
    return bucket;
  }

  /** The bucket key of a live document of this tenant and collection; undefined when it is in none. */
  private keyOf(data: RxDocumentData<RxRecord> | undefined): string | undefined {
    if (!data || data._deleted || data.tenantId !== this.tenantId || data[COLLECTION_FIELD] !== this.def.name)
      return undefined;
    if (this.field === undefined) return ALL;
    const value = (data as Record<string, unknown>)[this.field];
    return typeof value === 'string' ? value : undefined;
  }

  private apply(events: Event[]): void {
    let touched = false;
    for (const event of events) {
      const data = event.documentData ?? event.previousDocumentData;
      if (!data || data.tenantId !== this.tenantId || data[COLLECTION_FIELD] !== this.def.name) continue;
      for (const [key, bucket] of this.buckets) {
        if (bucket.pending) bucket.pending.push(event);
        else touched = this.applyTo(key, bucket, event) || touched;
      }
    }
    if (touched) this.versionCount++;
  }

  /** Applies one event to a loaded bucket; true when the bucket changed. */
  private applyTo(key: string, bucket: Bucket<T>, event: Event): boolean {
    const id = event.documentId;
    const data = event.operation === 'DELETE' ? undefined : event.documentData;
    const current = bucket.records.get(id);
    if (this.keyOf(data) === key && data) {
      // A late event of another window (BroadcastChannel) must not take a record back in time.
      if (current && revHeight(current._rev) > revHeight(data._rev)) return false;
      bucket.records.set(id, deepFreeze(toStored<T>(data)));
      return true;
    }
    return bucket.records.delete(id);
  }
}
