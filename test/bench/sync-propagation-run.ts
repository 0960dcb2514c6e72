/**
 * `npx tsx test/bench/sync-propagation-run.ts [--check]`: prints the propagation bench
 * (sync-propagation.ts) with one and with two server processes; `--check` exits 1 when a p95 is 1 s
 * or more. `BENCH_PROPAGATION_CHANGES` sets the number of changes.
 */
import { benchPropagation, loadAverage } from './sync-propagation.js';

const TARGET_P95_MS = 1000;
let missed = false;
for (const servers of [1, 2] as const) {
  const figures = await benchPropagation(servers);
  console.log(
    [
      `change propagation desk A → server${servers === 2 ? ' A → PostgreSQL NOTIFY → server B' : ''} → desk B (SSE), ${figures.changes} changes, ${servers} server process(es), PostgreSQL:`,
      `  median      ${figures.medianMs} ms, p95 ${figures.p95Ms} ms (target p95 < ${TARGET_P95_MS} ms)`,
      `  REST        ${figures.restMedianMs} ms median POST /patient/ round trip (baseline)`,
      `  ratio       ${figures.ratio.toFixed(1)}x of a REST round trip`,
    ].join('\n'),
  );
  if (figures.p95Ms >= TARGET_P95_MS) missed = true;
}
console.log(`  load average ${loadAverage()}`);
if (process.argv.includes('--check') && missed) process.exitCode = 1;
