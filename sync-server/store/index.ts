/**
 * The SQL adapter of the store port (docs/architecture.md "The store port"): SQLite or PostgreSQL through Kysely.
 */
export { executeIn, executorOf, openSqlDatabase, type OpenSqlDatabaseOptions, type SqlDatabase } from './database.js';
export { parseDatabaseUrl, type DatabaseTarget, type SqlDialectName } from './dialect.js';
export { docTableName, fieldColumn, type DocRow, type StoreTables, type TenantSeqRow } from './layout.js';
export type { Migration } from './migrations.js';
export { changesAfter, lockTenant, masterState, type FeedRow } from './sync-feed.js';
