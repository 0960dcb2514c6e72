import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceCollections, describeStoreConformance } from '#core/store/conformance.js';
import { openSqlDatabase } from './database.js';
import { describeSqlAdapter } from './sql-adapter-suite.js';
import { postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';

const url = postgresUrl;

const reason = await postgresUnreachable();
const skip = skipWithoutPostgres(reason, 'PostgreSQL store tests');

// Every database of this file gets its own schema, so test files can run in parallel on one server.
const prefix = `test_store_${randomBytes(4).toString('hex')}`;
const schemas: string[] = [];
const fresh = () => {
  const schema = `${prefix}_${schemas.length + 1}`;
  schemas.push(schema);
  return { url, schema };
};

afterAll(async () => {
  if (reason !== undefined) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
});

describe.skipIf(skip)('postgresql', () => {
  it(`reaches ${url}`, () => {
    expect(reason, 'PostgreSQL must be reachable in CI (TEST_DATABASE_URL)').toBeUndefined();
  });
  describeStoreConformance('postgresql', () => openSqlDatabase({ ...fresh(), collections: conformanceCollections }));
  describeSqlAdapter('postgresql', fresh);
});
