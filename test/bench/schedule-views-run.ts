/**
 * `npx tsx test/bench/schedule-views-run.ts [--check]`: prints the schedule views bench (see
 * schedule-views.ts) with each median's ratio to its baseline (the bare store query); `--check`
 * exits 1 when a SQLite median misses 20 ms.
 */
import { APPOINTMENTS, benchScheduleViews, QUERIES } from './schedule-views.js';

const TARGET_MS = 20;
const results = await benchScheduleViews();
const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(
  `\nschedule views bench: ${APPOINTMENTS.toLocaleString('en-US')} appointments, ${QUERIES} views of each kind`,
);
console.log(
  `${'adapter'.padEnd(16)}${'view'.padEnd(32)}${'insert s'.padStart(10)}${'median ms'.padStart(11)}${'p95 ms'.padStart(9)}${'base ms'.padStart(9)}${'ratio'.padStart(7)}${'items'.padStart(7)}`,
);
for (const r of results) {
  console.log(
    `${r.adapter.padEnd(16)}${r.view.padEnd(32)}${fmt(r.insertMs / 1000, 1).padStart(10)}${fmt(r.medianMs).padStart(11)}${fmt(r.p95Ms).padStart(9)}${fmt(r.baselineMs).padStart(9)}${fmt(r.medianMs / r.baselineMs).padStart(7)}${String(r.medianItems).padStart(7)}`,
  );
}
const sqlite = results.filter((r) => r.adapter === 'sqlite adapter');
const met = sqlite.every((r) => r.medianMs < TARGET_MS);
console.log(`\nsqlite target (median under ${TARGET_MS} ms, both views): ${met ? 'met' : 'MISSED'}`);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
