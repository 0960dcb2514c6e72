import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { allCollections, allOperations } from '../core/catalogue.js';
import { systemClock } from '../core/clock.js';
import { uuidV7Ids } from '../core/ids.js';
import { createRegistry } from '../core/registry.js';
import { createApp } from './app.js';
import { AccountsAndKeys } from './auth/api-keys.js';
import { authMigrations, type AuthTables } from './auth/auth-tables.js';
import { apiKeyAuthenticator } from './auth/authenticate.js';
import type { ServerConfig } from './config.js';
import { openSqlDatabase, type SqlDatabase } from './store/index.js';

/** The package version, shown by /health and /openapi.json. */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** A ready server: the app to serve and what to close on shutdown. */
export interface BuiltServer {
  app: Hono;
  database: SqlDatabase;
  keys: AccountsAndKeys;
}

/**
 * Opens the database (running migrations), registers `CLINIC_API_KEY` on first start, and builds
 * the app. Does not listen: `main.ts` does, tests call `app.request()`.
 */
export async function buildServer(config: ServerConfig, logger: Logger): Promise<BuiltServer> {
  const database = await openSqlDatabase({
    url: config.databaseUrl,
    collections: allCollections,
    migrations: authMigrations,
  });
  const keys = new AccountsAndKeys(database.kysely.withTables<AuthTables>(), systemClock, uuidV7Ids);
  if (config.apiKey) {
    const tenantId = await keys.bootstrap(config.apiKey);
    logger.info({ tenantId }, 'CLINIC_API_KEY registered for the account');
  }
  const app = createApp({
    registry: createRegistry(allOperations),
    database,
    authenticate: apiKeyAuthenticator(keys),
    logger,
    bodyLimit: config.bodyLimit,
    ping: () => database.ping(),
    version: VERSION,
  });
  return { app, database, keys };
}
