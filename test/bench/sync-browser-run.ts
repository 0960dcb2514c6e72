/**
 * `npx tsx test/bench/sync-browser-run.ts [--check]`: prints the browser initial-sync bench
 * (sync-browser.ts); `--check` exits 1 when sync is below 0.7x of a plain bulkInsert in the page (the Node bench's target).
 * `BENCH_BROWSER_DOCS` sets the size.
 */
import { benchBrowserSync } from './sync-browser.js';
import { loadAverage } from './sync-propagation.js';

const TARGET = 0.7;
const f = await benchBrowserSync();
console.log(
  [
    `initial sync of ${f.docs} documents in headless Chromium (RxDB on Dexie/IndexedDB, server on PostgreSQL):`,
    `  sync        ${f.syncDocsPerSecond} docs/s`,
    `  bulkInsert  ${f.bulkInsertDocsPerSecond} docs/s (baseline, same page)`,
    `  ratio       ${f.ratio.toFixed(2)}x of bulkInsert (target ≥ ${TARGET}x)`,
    `  load average ${loadAverage()}`,
  ].join('\n'),
);
if (process.argv.includes('--check') && f.ratio < TARGET) process.exitCode = 1;
