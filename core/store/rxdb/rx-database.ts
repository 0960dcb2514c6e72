import { createRxDatabase, type RxCollectionCreator, type RxDatabase, type RxStorage } from 'rxdb';
import { filter, map, type Observable } from 'rxjs';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Database, Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { isValidKey } from './documents.js';
import { Mutex } from './mutex.js';
import { indexTrustOf } from './query-plan.js';
import { RxdbStore, type DatabaseContext } from './rx-store.js';
import { COLLECTION_FIELD, groupSchema, type AnyCollectionDef } from './schema.js';
import type { RxRecordCollection } from './storage-io.js';
import { CLINIC_STORAGE_GROUPS, storageGroupOf, type StorageGroups } from './storage-groups.js';

/** Options of {@link openRxdbDatabase}. */
export interface RxdbDatabaseOptions {
  /**
   * Database name, also the IndexedDB name prefix under Dexie. Lowercase letters, digits, `_`, `$`, `-`
   * (RxDB's rule). One process (browser tab, test file) may not open the same name twice at once.
   */
  name: string;
  /** Where documents live: {@link memoryStorage} in tests, {@link dexieStorage} in the renderer. */
  storage: RxStorage<unknown, unknown>;
  /**
   * The collections to open. Each lives in its storage group's RxDB collection (see `groups`); without
   * an RxDB premium flag at most 13 RxDB collections may be open in one JavaScript realm (error COL23),
   * so `allCollections` fits in a handful. A group's schema derives from the members opened: every
   * window of one installation must open the same list (the renderer opens `allCollections`).
   */
  collections: readonly AnyCollectionDef[];
  /**
   * Which storage group holds each collection. Default {@link CLINIC_STORAGE_GROUPS}; a collection no
   * group lists gets an RxDB collection of its own, named after it.
   */
  groups?: StorageGroups;
  /**
   * Share change events with other tabs/windows opening the same database (RxDB's BroadcastChannel).
   * Default true, as the desk, totem and panel windows share one IndexedDB; tests pass false.
   */
  multiInstance?: boolean;
}

/** One storage group as opened: the shared RxDB collection and the domain collections in it. */
export interface OpenStorageGroup {
  /** The group's name, also its RxDB collection's name and its replication's (`people`). */
  readonly name: string;
  /** The RxDB collection every member's documents live in (tagged with `rx_collection`). */
  readonly rx: RxRecordCollection;
  /** The members opened in this database, by name. */
  readonly members: ReadonlyMap<string, AnyCollectionDef>;
}

/** The port's {@link Database}, plus the RxDB handles replication and live UI queries attach to. */
export interface RxdbDatabase extends Database {
  /** The underlying RxDB database. */
  readonly rxdb: RxDatabase;
  /** The storage groups opened, by name: one RxDB collection and one replication each. */
  readonly groups: ReadonlyMap<string, OpenStorageGroup>;
  /** The storage group holding a declared collection. @throws Error when `def` was not declared. */
  groupOf(def: AnyCollectionDef): OpenStorageGroup;
  /**
   * The RxDB collection behind a declared collection: its storage group's, shared with the group's
   * other collections. Its documents carry `rx_…` storage fields; read records through the store port.
   * @throws Error when `def` was not declared.
   */
  rxCollection(def: AnyCollectionDef): RxRecordCollection;
  /**
   * Emits after each storage write touching records of `def` (any tenant; replication's writes
   * included), for live screens that re-read through the store port. Writes to the group's other
   * collections do not wake it.
   * @throws Error when `def` was not declared.
   */
  changes$(def: AnyCollectionDef): Observable<void>;
}

/**
 * Opens (creating when new) an RxDB database with one RxDB collection per storage group holding the
 * declared collections, and serves the store port over it: tenant-scoped stores, optimistic
 * revisions, soft deletes, emulated transactions (see {@link RxdbStore}).
 *
 * @example
 * const db = await openRxdbDatabase({ name: 'clinic-acme', storage: dexieStorage(), collections: allCollections })
 *
 * @throws Error when two declarations share a name, or RxDB refuses the database or a schema
 *   (e.g. a group stored earlier with another schema: raise its version with a migration).
 */
export async function openRxdbDatabase(options: RxdbDatabaseOptions): Promise<RxdbDatabase> {
  const groupMembers = new Map<string, Map<string, AnyCollectionDef>>();
  const seen = new Set<string>();
  for (const def of options.collections) {
    if (seen.has(def.name)) throw new Error(`coleção "${def.name}" declarada duas vezes`);
    seen.add(def.name);
    const group = storageGroupOf(def.name, options.groups ?? CLINIC_STORAGE_GROUPS);
    const members = groupMembers.get(group) ?? new Map<string, AnyCollectionDef>();
    groupMembers.set(group, members);
    members.set(def.name, def);
  }
  const creators: Record<string, RxCollectionCreator> = {};
  for (const [group, members] of groupMembers) creators[group] = { schema: groupSchema(group, [...members.values()]) };
  const rxdb = await createRxDatabase({
    name: options.name,
    storage: options.storage,
    multiInstance: options.multiInstance ?? true,
  });
  let created: Record<string, RxRecordCollection>;
  try {
    created = await rxdb.addCollections(creators);
  } catch (error) {
    await rxdb.close();
    throw error;
  }
  const groups = new Map<string, OpenStorageGroup>();
  const collections = new Map<
    string,
    { def: CollectionDef<RecordBase>; rx: RxRecordCollection; group: OpenStorageGroup }
  >();
  for (const [name, members] of groupMembers) {
    const rx = created[name];
    if (!rx) throw new Error(`RxDB não criou a coleção "${name}"`);
    const group: OpenStorageGroup = { name, rx, members };
    groups.set(name, group);
    for (const def of members.values()) {
      collections.set(def.name, { def: def as unknown as CollectionDef<RecordBase>, rx, group });
    }
  }
  const entryOf = (def: AnyCollectionDef) => {
    const entry = collections.get(def.name);
    if (!entry) throw new Error(`coleção "${def.name}" não foi declarada ao abrir o banco`);
    return entry;
  };
  const context: DatabaseContext = {
    mutex: new Mutex(),
    trust: indexTrustOf(options.storage.name),
    collections,
    liveIndexes: new Map(),
  };
  return {
    rxdb,
    forTenant(tenantId: string): Store {
      if (!isValidKey(tenantId)) throw new Error('identificador de conta inválido');
      return new RxdbStore(context, tenantId);
    },
    groups,
    groupOf: (def) => entryOf(def).group,
    rxCollection: (def) => entryOf(def).rx,
    changes$(def) {
      const { rx } = entryOf(def);
      return rx.storageInstance.changeStream().pipe(
        filter((bulk) =>
          bulk.events.some(
            (event) =>
              (event.documentData?.[COLLECTION_FIELD] ?? event.previousDocumentData?.[COLLECTION_FIELD]) === def.name,
          ),
        ),
        map(() => undefined),
      );
    },
    async close(): Promise<void> {
      // Waits for the running transaction and queued writes, so none is cut off half-way.
      await context.mutex.run(async () => {
        for (const index of context.liveIndexes.values()) index.close();
        context.liveIndexes.clear();
        await rxdb.close();
      });
    },
  };
}
