/**
 * `npx tsx test/bench/sync-initial-run.ts [--check]`: prints the initial-sync bench (sync-initial.ts);
 * `--check` exits 1 when sync is below 0.7x of a plain bulkInsert. `BENCH_SYNC_DOCS` sets the size.
 */
import { benchSyncInitial } from './sync-initial.js';

const TARGET = 0.7;
const figures = await benchSyncInitial();
console.log(
  [
    `initial sync of ${figures.docs} documents (RxDB memory, Node, server on SQLite):`,
    `  sync        ${figures.syncDocsPerSecond} docs/s`,
    `  bulkInsert  ${figures.bulkInsertDocsPerSecond} docs/s (baseline)`,
    `  ratio       ${figures.ratio.toFixed(2)}x of bulkInsert (target ≥ ${TARGET}x)`,
  ].join('\n'),
);
if (process.argv.includes('--check') && figures.ratio < TARGET) process.exitCode = 1;
