/** Replication between installations and the server (docs/architecture.md "Sync"). */
export * from './protocol.js';
export { syncPermissions, syncRulesOf, type ConflictHandler, type SyncRules } from './record-rules.js';
export { startSync, type SyncHandle, type SyncOptions } from './replicate.js';
export { parseSse, syncStream, type SyncStreamEvent } from './sse.js';
export { SyncStatusTracker, UNKNOWN_STATUS, type SyncStatus } from './status.js';
export {
  fetchNumberLeaser,
  fetchTransport,
  SyncHttpError,
  type FetchLike,
  type ReviewItem,
  type SyncTransport,
} from './transport.js';
