import type { Kysely } from 'kysely';
import { executorOf, type SqlDatabase } from '../store/index.js';
import type { AuthTables } from './auth-tables.js';

/** Runs `work` in one transaction over the auth tables: all its statements land, or none. */
export type Transactor = <R>(work: (db: Kysely<AuthTables>) => Promise<R>) => Promise<R>;

/**
 * A {@link Transactor} over the store's own transactions. Going through the store (not Kysely's
 * `transaction()`) matters on SQLite: the store owns the one connection, and a second transaction
 * opened beside one of its own would wait for it forever.
 *
 * @param tenantId the store the transaction is opened through; auth tables are not tenant-scoped,
 *   so any id serves when the work touches no collection.
 */
export function transactor(database: SqlDatabase, tenantId = ''): Transactor {
  return (work) =>
    database.forTenant(tenantId).transaction((store) => work(executorOf(store).withTables<AuthTables>()));
}
