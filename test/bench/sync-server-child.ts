/**
 * A sync server process for the sync benches: the real server (`assembleServer`, as `npm run server`
 * serves it) on PostgreSQL in the schema `BENCH_PG_SCHEMA` (main.ts cannot pick a schema), port `PORT`.
 * Prints `ready` once listening; exits on SIGTERM.
 */
import { serve } from '@hono/node-server';
import { allCollections } from '#core/catalogue.js';
import { createLogger } from '../../sync-server/log.js';
import { assembleServer, serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { postgresUrl } from '../../sync-server/testing/postgres.js';

const database = await openSqlDatabase({
  url: postgresUrl,
  schema: process.env.BENCH_PG_SCHEMA!,
  collections: allCollections,
  migrations: serverMigrations,
});
const built = await assembleServer(
  database,
  { apiKey: undefined, bodyLimit: 1024 * 1024 },
  createLogger({ level: 'warn' }),
);
const server = serve({ fetch: built.app.fetch, port: Number(process.env.PORT) }, () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  void database.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
});
