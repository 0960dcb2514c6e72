import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';

/**
 * RxDB's in-memory storage, for tests. Its data outlives `close()` within the process (RxDB keeps
 * it per database name), so give every test database a unique name.
 */
export function memoryStorage(): RxStorage<unknown, unknown> {
  return getRxStorageMemory() as RxStorage<unknown, unknown>;
}

/**
 * RxDB's Dexie storage on IndexedDB: the renderer's storage. Without arguments it uses the
 * environment's `indexedDB`/`IDBKeyRange` (the browser's); Node tests pass fake-indexeddb's.
 */
export function dexieStorage(indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange): RxStorage<unknown, unknown> {
  const settings = indexedDB ? { indexedDB, IDBKeyRange: keyRange ?? globalThis.IDBKeyRange } : {};
  return getRxStorageDexie(settings);
}
