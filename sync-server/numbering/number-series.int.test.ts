/**
 * The server's counter drawn inside a store transaction (issue 5), on SQLite and on PostgreSQL
 * (`TEST_DATABASE_URL`): the draw joins the transaction instead of waiting for the connection it
 * holds, a rolled back transaction gives its number back, and concurrent transactions never share one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import { numberSeriesMigrations, serverNumberSource } from './number-series.js';

const TENANT = 'clinica-a';
const dir = mkdtempSync(join(tmpdir(), 'clinic-series-'));
const reason = await postgresUnreachable();
const schema = `test_series_${randomBytes(4).toString('hex')}`;
const opened: SqlDatabase[] = [];

afterAll(async () => {
  for (const db of opened) await db.close();
  rmSync(dir, { recursive: true, force: true });
  if (!reason) await dropSchema(schema);
});

const backends = [
  {
    name: 'SQLite',
    skip: false,
    open: () => openSqlDatabase({ url: join(dir, 'server.db'), collections: [], migrations: numberSeriesMigrations }),
  },
  {
    name: 'PostgreSQL',
    skip: skipWithoutPostgres(reason, 'PostgreSQL number series test'),
    open: () => openSqlDatabase({ url: postgresUrl, schema, collections: [], migrations: numberSeriesMigrations }),
  },
];

describe.each(backends)('the server counter on $name', ({ skip, open }) => {
  it.skipIf(skip)('draws inside a transaction, and a rolled back draw is handed out again', async () => {
    const db = await open();
    opened.push(db);
    const numbers = serverNumberSource(db, TENANT);
    const store = db.forTenant(TENANT);
    const first = await store.transaction((tx) => numbers.next('budget', tx));
    await expect(
      store.transaction(async (tx) => {
        expect(await numbers.next('budget', tx)).toBe(first + 1);
        throw new Error('o cadastro falhou');
      }),
    ).rejects.toThrow('o cadastro falhou');
    expect(await store.transaction((tx) => numbers.next('budget', tx))).toBe(first + 1);
    expect(await numbers.next('budget')).toBe(first + 2);
  });

  it.skipIf(skip)('gives 20 concurrent transactions 20 distinct numbers', async () => {
    const db = await open();
    opened.push(db);
    const numbers = serverNumberSource(db, TENANT);
    const store = db.forTenant(TENANT);
    const drawn = await Promise.all(
      Array.from({ length: 20 }, () => store.transaction((tx) => numbers.next('concurrent', tx))),
    );
    expect(new Set(drawn).size).toBe(20);
    expect(Math.max(...drawn)).toBe(20);
  });
});
