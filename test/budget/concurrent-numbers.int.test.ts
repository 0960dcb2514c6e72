/**
 * Budget numbers drawn inside the create's transaction (issue 5) stay unique under concurrency, on
 * SQLite (one connection, transactions queue) and on PostgreSQL (`TEST_DATABASE_URL`; the counter's
 * row lock queues them), there also across two server processes' pools on one database.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import {
  dropSchema,
  postgresUnreachable,
  postgresUrl,
  skipWithoutPostgres,
} from '../../sync-server/testing/postgres.js';
import { openBudgetFixture, type BudgetFixture } from './budget-fixture.js';

const CREATES = 20;
const reason = await postgresUnreachable();
const skipPg = skipWithoutPostgres(reason, 'PostgreSQL budget numbers test');
const schema = `test_budget_numbers_${randomBytes(4).toString('hex')}`;
const closing: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const close of closing.reverse()) await close();
  if (!reason) await dropSchema(schema);
});

async function createAll(f: BudgetFixture, servers: TestServer[]): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: CREATES }, (_, i) =>
      servers[i % servers.length]!.call('POST', '/budget/', { key: f.key, body: f.body() }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
  return answers.map((a) => (a.body.budget as { budgetNumber: number }).budgetNumber);
}

describe(`${CREATES} concurrent budget creates`, () => {
  it('get distinct numbers on SQLite, and the next create follows them', async () => {
    const f = await openBudgetFixture({ apiKeyRatePerMinute: 10_000 });
    closing.push(() => f.server.close());
    const numbers = await createAll(f, [f.server]);
    expect(new Set(numbers).size).toBe(CREATES);
    const next = await f.call('POST', '/budget/', f.body());
    expect((next.body.budget as { budgetNumber: number }).budgetNumber).toBe(Math.max(...numbers) + 1);
  });

  it.skipIf(skipPg)('get distinct numbers on PostgreSQL through two servers on one database', async () => {
    const open = () =>
      openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations });
    const f = await openBudgetFixture({ apiKeyRatePerMinute: 10_000 }, await open());
    closing.push(() => f.server.close());
    const other = await startTestServer({ database: await open(), access: { apiKeyRatePerMinute: 10_000 } });
    closing.push(() => other.close());
    const numbers = await createAll(f, [f.server, other]);
    expect(new Set(numbers).size).toBe(CREATES);
  });
});
