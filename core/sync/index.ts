/** Replication between installations and the server (DESIGN.md "Sync"). */
export * from './protocol.js';
export {
  registerSyncRules,
  syncPermissions,
  syncRulesOf,
  type ConflictHandler,
  type SyncRules,
} from './record-rules.js';
