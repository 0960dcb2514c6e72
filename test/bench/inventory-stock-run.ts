/**
 * `npm run bench -- inventory [--check]`: the stock position bench (inventory-stock.ts) on the SQLite
 * adapter, PostgreSQL (skipped with a line when nothing answers) and the desk in headless Chromium (RxDB on
 * Dexie over IndexedDB, desk-inventory-page.ts), each median with its ratio to the bare query and the load
 * average; `--desk` runs only the desk; `--check` exits 1 when a median misses 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { postgresUnreachable, postgresUrl } from '../../sync-server/testing/postgres.js';
import { callPage, loadAverage, openBenchPage } from './desk-chromium.js';
import type { InventoryPageResult } from './desk-inventory-page.js';
import {
  benchCollections,
  measureInventoryStock,
  MOVEMENTS,
  PRODUCTS,
  QUERIES,
  type InventoryStockResult,
} from './inventory-stock.js';

const TARGET_MS = 100;
const collections = benchCollections;
const dir = mkdtempSync(join(tmpdir(), 'clinic-inventory-bench-'));
const results: InventoryStockResult[] = [];
const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const print = (r: InventoryStockResult) =>
  console.log(
    `${r.adapter.padEnd(20)}${fmt(r.insertMs / 1000).padStart(10)}${fmt(r.medianMs).padStart(12)}${fmt(r.baselineMs).padStart(10)}${fmt(r.medianMs / r.baselineMs, 2).padStart(7)}${String(r.lines).padStart(7)}`,
  );

console.log(
  `\ninventory stock bench: ${PRODUCTS.toLocaleString('en-US')} products, ${MOVEMENTS.toLocaleString('en-US')} movements at one clinic`,
);
console.log(
  `${'adapter'.padEnd(20)}${'insert s'.padStart(10)}${'median ms'.padStart(12)}${'base ms'.padStart(10)}${'ratio'.padStart(7)}${'lines'.padStart(7)}`,
);
/** The server's adapters: SQLite (a temporary file) and PostgreSQL when something answers. */
async function servers(): Promise<void> {
  results.push(
    await measureInventoryStock('sqlite adapter', await openSqlDatabase({ url: join(dir, 'bench.db'), collections })),
  );
  print(results.at(-1)!);
  if ((await postgresUnreachable()) === undefined) {
    const schema = `bench_inventory_${Date.now()}`;
    try {
      results.push(
        await measureInventoryStock(
          'postgresql adapter',
          await openSqlDatabase({ url: postgresUrl, schema, collections }),
        ),
      );
      print(results.at(-1)!);
    } finally {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  } else {
    console.log(`postgresql adapter: skipped, nothing answers at ${postgresUrl}`);
  }
}

const deskOnly = process.argv.includes('--desk');
try {
  if (!deskOnly) await servers();
  const bench = await openBenchPage('desk-inventory-page.ts', 'benchStock');
  try {
    const desk = await callPage<InventoryPageResult>(bench.page, 'benchStock', MOVEMENTS, QUERIES);
    results.push({
      adapter: 'desk chromium',
      movements: MOVEMENTS,
      insertMs: desk.seedMs + desk.balancesMs,
      medianMs: desk.medianMs,
      baselineMs: desk.rawMedianMs,
      lines: desk.lines,
    });
    print(results.at(-1)!);
    console.log(
      `desk seeding: bulk inserts ${fmt(desk.seedMs / 1000)} s, balance records ${fmt(desk.balancesMs / 1000)} s; load average ${loadAverage()}`,
    );
    console.log(
      `desk position: background warm-up ${fmt(desk.warmUpMs)} ms, then the first position ${fmt(desk.coldMs)} ms, warm median ${fmt(desk.medianMs)} ms ` +
        `(${desk.times.map((t) => fmt(t)).join(', ')}), from a fresh IndexedDB read ${fmt(desk.freshMedianMs)} ms, ` +
        `bare query ${fmt(desk.rawMedianMs)} ms; load average ${loadAverage()}`,
    );
  } finally {
    await bench.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const met = results.every((r) => r.medianMs < TARGET_MS);
console.log(`\ntarget (median under ${TARGET_MS} ms on every adapter): ${met ? 'met' : 'MISSED'}`);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
