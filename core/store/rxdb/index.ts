/**
 * The RxDB adapter of the store port (docs/architecture.md "The store port"): Dexie/IndexedDB in the renderer,
 * memory storage in unit tests. Domain collections share a few RxDB collections (storage groups).
 */
export { openRxdbDatabase, type OpenStorageGroup, type RxdbDatabase, type RxdbDatabaseOptions } from './rx-database.js';
export { dexieStorage, memoryStorage } from './storages.js';
export { toStorageDocument, withoutStorageFields } from './documents.js';
export { COLLECTION_FIELD, groupSchema, type AnyCollectionDef, type RxRecord } from './schema.js';
export { CLINIC_STORAGE_GROUPS, storageGroupOf, type StorageGroups } from './storage-groups.js';
export type { RxRecordCollection } from './storage-io.js';
