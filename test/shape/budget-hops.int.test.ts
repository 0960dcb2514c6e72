/**
 * How many calls `POST /budget/` makes from its route handler to the SQLite insert of the budget
 * (docs/architecture.md "From request to row"; issue 21: at most six), read off the stack at the moment
 * better-sqlite3 runs the insert, on a real server over a real SQLite file. Frames in our own source
 * (core/, sync-server/) from the route handler down count one hop each; the list there and this test say
 * the same, so a new layer on the path shows up here first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../sync-server/config.js';
import { buildServer } from '../../sync-server/server.js';

const KEY = 'chave-do-teste-de-caminho-2026';
const dir = mkdtempSync(join(tmpdir(), 'clinic-budget-hops-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The functions on the stack when better-sqlite3 runs the budget's insert, handler first, ours only. */
async function framesAtBudgetInsert(): Promise<string[]> {
  type Statement = { source: string; run: (...args: unknown[]) => unknown };
  const BetterSqlite3 = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => {
    prepare(sql: string): Statement;
    close(): void;
  };
  const probe = new BetterSqlite3(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Statement;
  probe.close();
  const run = proto.run;
  let stack: string | undefined;
  proto.run = function (this: Statement, ...args: unknown[]) {
    if (stack === undefined && this.source.startsWith('insert into "doc_budgets"')) {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 100;
      stack = new Error('insert').stack;
      Error.stackTraceLimit = limit;
    }
    return run.apply(this, args);
  };
  const server = await buildServer(
    readConfig({ DATABASE_URL: join(dir, 'hops.db'), CLINIC_API_KEY: KEY }),
    pino({ level: 'silent' }),
  );
  try {
    const post = async (path: string, body: unknown) => {
      const res = await server.app.request(path, {
        method: 'POST',
        headers: { 'auth-bearer': KEY, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return (await res.json()) as Record<string, { id: string }>;
    };
    const clinic = (await post('/clinic/', { name: 'Clínica Caminho' })).clinic!.id;
    const patient = (await post('/patient/', { name: 'Maria Caminho', cellPhone: '(11) 98765-4321' })).patient!.id;
    await post('/budget/', { patient, clinic, items: [] });
  } finally {
    proto.run = run;
    await server.database.close();
  }
  const ours = (stack ?? '')
    .split('\n')
    .map((line) =>
      /at (?:async )?(?:(\S+)(?: \[as \S+\])? \()?\/.*?\/((?:core|sync-server)\/[^:]+):\d+:\d+\)?$/.exec(line.trim()),
    )
    .filter((m): m is RegExpExecArray => m !== null && !m[2]!.endsWith('.test.ts'))
    .map((m) => `${m[1] ?? '(callback)'} ${m[2]}`);
  // Handler first; the app's middlewares before it are not on the request's way to its operation.
  const handler = ours.findIndex((frame) => frame.endsWith('sync-server/http/mount.ts'));
  return ours.slice(0, handler + 1).reverse();
}

/** The hops docs/architecture.md lists, handler first. */
const HOPS = [
  '(callback) sync-server/http/mount.ts',
  'invoke core/operation.ts',
  'atomically sync-server/store/session.ts',
  'Object.run core/budget/budget-ops.ts',
  'SqlCollection.insert sync-server/store/sql-collection.ts',
  'Object.executeOnSqlite sync-server/store/fast/sqlite-direct.ts',
];

describe('POST /budget/ on its way to the row', () => {
  it('reaches the insert in at most six hops, through the calls docs/architecture.md lists', async () => {
    const frames = await framesAtBudgetInsert();
    expect(frames[0]).toBe('(callback) sync-server/http/mount.ts');
    expect(frames.at(-1)).toMatch(/ sync-server\/store\//);
    expect(frames.length).toBeLessThanOrEqual(6);
    expect(frames).toEqual(HOPS);
  });
});
