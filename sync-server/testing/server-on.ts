/**
 * A test server on either database the server supports, for REST suites that run on both: a fresh
 * SQLite file, or a PostgreSQL schema of its own that `close()` drops.
 */
import { randomBytes } from 'node:crypto';
import { allCollections } from '#core/catalogue.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from './postgres.js';

/** The databases a REST suite runs on. */
export type TestEngine = 'sqlite' | 'postgresql';

/**
 * SQLite always, PostgreSQL where it answers (in CI a missing PostgreSQL fails the suite); `what` names
 * the suite in the warning when PostgreSQL is skipped.
 */
export async function testEngines(what: string): Promise<TestEngine[]> {
  return skipWithoutPostgres(await postgresUnreachable(), what) ? ['sqlite'] : ['sqlite', 'postgresql'];
}

/** Starts {@link startTestServer} on `engine`; other options pass through. */
export async function startTestServerOn(
  engine: TestEngine,
  options: Omit<Parameters<typeof startTestServer>[0] & object, 'database'> = {},
): Promise<TestServer> {
  if (engine === 'sqlite') return startTestServer(options);
  const schema = `test_rest_${randomBytes(4).toString('hex')}`;
  const database = await openSqlDatabase({
    url: postgresUrl,
    schema,
    collections: allCollections,
    migrations: serverMigrations,
  });
  const server = await startTestServer({ ...options, database });
  const close = server.close.bind(server);
  return Object.assign(server, {
    async close() {
      await close();
      await dropSchema(schema);
    },
  });
}
