import { createRxDatabase, type RxCollectionCreator, type RxDatabase, type RxStorage } from 'rxdb';
import type { CollectionDef } from '../collection-def.js';
import type { Database, Store } from '../port.js';
import type { RecordBase } from '../record.js';
import { isValidKey } from './documents.js';
import { Mutex } from './mutex.js';
import { indexTrustOf } from './query-plan.js';
import { RxdbStore, type DatabaseContext } from './rx-store.js';
import { rxSchemaFor, type AnyCollectionDef } from './schema.js';
import type { RxRecordCollection } from './storage-io.js';

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
   * The collections to open, each an RxDB collection named after `def.name`. Without an RxDB premium
   * flag, at most 13 collections may be open in one JavaScript realm (RxDB error COL23).
   */
  collections: readonly AnyCollectionDef[];
  /**
   * Share change events with other tabs/windows opening the same database (RxDB's BroadcastChannel).
   * Default true, as the desk, totem and panel windows share one IndexedDB; tests pass false.
   */
  multiInstance?: boolean;
}

/** The port's {@link Database}, plus the RxDB handles replication and live UI queries attach to. */
export interface RxdbDatabase extends Database {
  /** The underlying RxDB database (e.g. for `replicateRxCollection`). */
  readonly rxdb: RxDatabase;
  /** The RxDB collection behind a declared collection. @throws Error when `def` was not declared. */
  rxCollection(def: AnyCollectionDef): RxRecordCollection;
}

/**
 * Opens (creating when new) an RxDB database with one collection per declaration, and serves the
 * store port over it: tenant-scoped stores, optimistic revisions, soft deletes, emulated
 * transactions (see {@link RxdbStore}).
 *
 * @throws Error when two declarations share a name, or RxDB refuses the database or a schema
 *   (e.g. a collection stored earlier with another schema: raise its version with a migration).
 */
export async function openRxdbDatabase(options: RxdbDatabaseOptions): Promise<RxdbDatabase> {
  const defs = options.collections as readonly CollectionDef<RecordBase>[];
  const creators: Record<string, RxCollectionCreator> = {};
  for (const def of defs) {
    if (creators[def.name]) throw new Error(`coleção "${def.name}" declarada duas vezes`);
    creators[def.name] = { schema: rxSchemaFor(def) };
  }
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
  const collections = new Map<string, { def: CollectionDef<RecordBase>; rx: RxRecordCollection }>();
  for (const def of defs) {
    const rx = created[def.name];
    if (!rx) throw new Error(`RxDB não criou a coleção "${def.name}"`);
    collections.set(def.name, { def, rx });
  }
  const context: DatabaseContext = { mutex: new Mutex(), trust: indexTrustOf(options.storage.name), collections };
  return {
    rxdb,
    forTenant(tenantId: string): Store {
      if (!isValidKey(tenantId)) throw new Error('identificador de conta inválido');
      return new RxdbStore(context, tenantId);
    },
    rxCollection(def: AnyCollectionDef): RxRecordCollection {
      const entry = collections.get(def.name);
      if (!entry) throw new Error(`coleção "${def.name}" não foi declarada ao abrir o banco`);
      return entry.rx;
    },
    async close(): Promise<void> {
      // Waits for the running transaction and queued writes, so none is cut off half-way.
      await context.mutex.run(async () => {
        await rxdb.close();
      });
    },
  };
}
