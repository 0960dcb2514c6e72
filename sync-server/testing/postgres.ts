/**
 * The PostgreSQL the integration tests use (test-only module): `TEST_DATABASE_URL`, or the local
 * server every development machine and CI start (trust auth, database `test`).
 */
import pg from 'pg';

export const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL cannot be used, or undefined when it answers. */
export async function postgresUnreachable(url = postgresUrl): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether a PostgreSQL suite steps aside: on a laptop without PostgreSQL it does (with a warning
 * naming `what`); in CI a missing server is a failure, so it never does.
 */
export function skipWithoutPostgres(reason: string | undefined, what: string): boolean {
  const skip = reason !== undefined && !process.env.CI;
  if (skip) console.warn(`${what} skipped: ${postgresUrl} unreachable (${reason})`);
  return skip;
}

/** Drops a test's schema and everything in it. */
export async function dropSchema(schema: string, url = postgresUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE`);
  } finally {
    await client.end();
  }
}
