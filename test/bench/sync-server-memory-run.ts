/**
 * `npx tsx test/bench/sync-server-memory-run.ts [--check]`: prints the server-memory bench
 * (sync-server-memory.ts); `--check` exits 1 when the peak grows past the idle RSS (ratio > 1).
 */
import { benchServerMemory } from './sync-server-memory.js';
import { loadAverage } from './sync-propagation.js';

const TARGET = 1;
const f = await benchServerMemory();
console.log(
  [
    `server RSS while ${f.installations} ${f.clients === 'raw' ? 'raw paging' : 'RxDB'} installations sync ${f.docs} patients at once (PostgreSQL, ${f.seconds} s):`,
    `  idle        ${f.idleMiB} MiB (baseline)`,
    `  peak        ${f.peakMiB} MiB, +${f.peakMiB - f.idleMiB} MiB`,
    `  by quarter ${f.quarterPeaksMiB.join(' / ')} MiB (peak in each quarter of the documents sent)`,
    `  ratio       ${f.ratio.toFixed(2)}x of idle grown (target ≤ ${TARGET}x)`,
    `  load average ${loadAverage()}`,
  ].join('\n'),
);
if (process.argv.includes('--check') && f.ratio > TARGET) process.exitCode = 1;
