/**
 * `npx tsx test/bench/sync-initial-run.ts [--check]`: prints the initial-sync bench (sync-initial.ts);
 * `--check` exits 1 when sync is below 0.7x of a plain bulkInsert. `BENCH_SYNC_DOCS` sets the size,
 * `BENCH_PULL_BATCH` the replication's pull batch (default `startSync`'s).
 */
import { loadavg } from 'node:os';
import { benchSyncInitial } from './sync-initial.js';

const TARGET = 0.7;
const load = loadavg()[0]!.toFixed(1);
const figures = await benchSyncInitial();
console.log(
  [
    `initial sync of ${figures.docs} documents (RxDB memory, Node; server child on PostgreSQL, loopback HTTP):`,
    `  sync        ${figures.syncDocsPerSecond} docs/s (installation's wall time)`,
    `  bulkInsert  ${figures.bulkInsertDocsPerSecond} docs/s (baseline)`,
    `  ratio       ${figures.ratio.toFixed(2)}x of bulkInsert (target ≥ ${TARGET}x)`,
    `  CPU s       sync: installation ${figures.syncClientCpu.toFixed(1)}, server ${figures.syncServerCpu.toFixed(1)}; bulkInsert ${figures.bulkCpu.toFixed(1)}`,
    `  load avg    ${load} at start, ${loadavg()[0]!.toFixed(1)} at end (2 cores)`,
  ].join('\n'),
);
if (process.argv.includes('--check') && figures.ratio < TARGET) process.exitCode = 1;
