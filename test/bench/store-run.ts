/**
 * `npx tsx test/bench/store-run.ts [--check]`: store benchmarks for every adapter (issue 2). For each: bulk insert of DOCS documents
 * (docs/s) and an indexed range query returning RANGE of them (ms, median of QUERY_RUNS), each with
 * its ratio to the same work done with raw better-sqlite3 statements, the limit. Target: the SQLite
 * adapter within 2x of raw on both. `BENCH_DOCS` shrinks the collection for a quick look; `--check`
 * exits 1 when the SQLite target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { conformanceCollections } from '#core/store/conformance.js';
import { dexieStorage, memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { postgresUnreachable, postgresUrl } from '../../sync-server/testing/postgres.js';
import { benchPort } from './port-bench.js';
import { benchRawSqlite } from './raw-sqlite.js';
import { DOCS, RANGE, type BenchResult } from './workload.js';

const TARGET = 2;
const dir = mkdtempSync(join(tmpdir(), 'clinic-bench-'));
const pgUrl = postgresUrl;

const raw = benchRawSqlite(join(dir, 'raw.db'));
const results: BenchResult[] = [raw];
results.push(
  await benchPort(
    'sqlite adapter',
    await openSqlDatabase({ url: join(dir, 'adapter.db'), collections: conformanceCollections }),
  ),
);
if ((await postgresUnreachable()) === undefined) {
  const schema = `bench_${Date.now()}`;
  results.push(
    await benchPort(
      'postgresql adapter',
      await openSqlDatabase({ url: pgUrl, schema, collections: conformanceCollections }),
    ),
  );
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
} else {
  console.log(`postgresql adapter: skipped, nothing answers at ${pgUrl}`);
}
results.push(
  await benchPort(
    'rxdb memory',
    await openRxdbDatabase({
      name: `bench-memory-${Date.now()}`,
      storage: memoryStorage(),
      collections: conformanceCollections,
    }),
  ),
);
results.push(
  await benchPort(
    'rxdb dexie (fake-indexeddb)',
    await openRxdbDatabase({
      name: `bench-dexie-${Date.now()}`,
      storage: dexieStorage(indexedDB, IDBKeyRange),
      collections: conformanceCollections,
    }),
  ),
);
rmSync(dir, { recursive: true, force: true });

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(
  `\nstore bench: ${fmt(DOCS)} documents, range query of ${fmt(RANGE)} (median of 20); ratio = times slower than raw better-sqlite3`,
);
console.log(
  `${'adapter'.padEnd(30)}${'insert docs/s'.padStart(15)}${'ratio'.padStart(8)}${'range ms'.padStart(12)}${'ratio'.padStart(8)}`,
);
for (const r of results) {
  const insertRatio = raw.insertDocsPerSecond / r.insertDocsPerSecond;
  const queryRatio = r.rangeQueryMs / raw.rangeQueryMs;
  console.log(
    `${r.adapter.padEnd(30)}${fmt(r.insertDocsPerSecond).padStart(15)}${fmt(insertRatio, 2).padStart(8)}${fmt(r.rangeQueryMs, 2).padStart(12)}${fmt(queryRatio, 2).padStart(8)}`,
  );
}
const sqlite = results.find((r) => r.adapter === 'sqlite adapter')!;
const within =
  raw.insertDocsPerSecond / sqlite.insertDocsPerSecond <= TARGET && sqlite.rangeQueryMs / raw.rangeQueryMs <= TARGET;
console.log(`\nsqlite adapter target (within ${TARGET}x of raw on both): ${within ? 'met' : 'MISSED'}`);
if (process.argv.includes('--check') && !within) process.exitCode = 1;
