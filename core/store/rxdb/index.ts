/**
 * The RxDB adapter of the store port (DESIGN.md "The store port"): Dexie/IndexedDB in the renderer,
 * memory storage in unit tests.
 */
export { openRxdbDatabase, type RxdbDatabase, type RxdbDatabaseOptions } from './rx-database.js';
export { dexieStorage, memoryStorage } from './storages.js';
export { rxSchemaFor, type AnyCollectionDef, type RxRecord } from './schema.js';
export type { RxRecordCollection } from './storage-io.js';
