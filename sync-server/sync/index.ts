/**
 * Sync on the server (docs/architecture.md "Sync"): installations and their tokens, and the replication
 * endpoints. Wiring, in `assembleServer`: open the database with {@link syncMigrations}; build
 * `const devices = new Devices(database, clock, uuidV7Ids)`; add `...deviceOperations(devices)` to the
 * registry; after `createApp`, call `mountSyncRoutes(app, { database, devices, collections: allCollections, … })`.
 */
export { authenticateDevice } from './device-auth.js';
export { deviceOperations } from './device-ops.js';
export { Devices, devicePermissions, type DeviceActor, type DeviceInfo } from './devices.js';
export { pullChanges, pullGroupChanges } from './pull.js';
export { pushChanges, pushEntries, type PushAnswer, type PushContext, type PushEntry } from './push.js';
export { listReview, type ReviewEntry } from './review.js';
export { mountSyncRoutes, type SyncRouteDeps } from './routes.js';
export { DEVICE_KINDS, syncMigrations, type DeviceKind, type SyncTables } from './sync-tables.js';
export { runSyncAdminCommand, SYNC_USAGE, type SyncCliFlags } from './admin-cli.js';
export { ChangeHub } from './change-hub.js';
export {
  DEFAULT_RETENTION_DAYS,
  purgeTombstones,
  readRetentionDays,
  startTombstonePurge,
  type PurgeResult,
} from './tombstone-retention.js';
