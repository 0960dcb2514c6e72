/**
 * `npx tsx test/bench/finance-run.ts [--check] [--desk]` (`npm run bench -- finance`): prints the finance bench
 * (see finance.ts) with each median's ratio to its baseline (the bare store queries) and, for the flux, to the
 * bare movement queries it ran before the daily summaries (`before`, FIN-031); `--check` exits 1
 * when any median misses 50 ms; `--desk` runs only the desk (Chromium). Figures recorded in finance.md beside this file.
 */
import { benchFinance, QUERIES, RECORDS } from './finance.js';

const TARGET_MS = 50;
const results = await benchFinance(process.argv.includes('--desk'));
const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(
  `\nfinance bench: ${RECORDS.toLocaleString('en-US')} finance records in the tenant, ${QUERIES} queries of each kind`,
);
console.log(
  `${'adapter'.padEnd(16)}${'query'.padEnd(30)}${'insert s'.padStart(10)}${'median ms'.padStart(11)}${'p95 ms'.padStart(9)}${'base ms'.padStart(9)}${'ratio'.padStart(7)}${'before ms'.padStart(11)}${'ratio'.padStart(7)}${'load'.padStart(7)}`,
);
for (const r of results) {
  console.log(
    `${r.adapter.padEnd(16)}${r.query.padEnd(30)}${fmt(r.insertMs / 1000, 1).padStart(10)}${fmt(r.medianMs).padStart(11)}${fmt(r.p95Ms).padStart(9)}${fmt(r.baselineMs).padStart(9)}${fmt(r.medianMs / r.baselineMs).padStart(7)}${(r.beforeMs === undefined ? '' : fmt(r.beforeMs)).padStart(11)}${(r.beforeMs === undefined ? '' : fmt(r.medianMs / r.beforeMs)).padStart(7)}${r.load.padStart(7)}`,
  );
}
const met = results.every((r) => r.medianMs < TARGET_MS);
console.log(`\ntarget (median under ${TARGET_MS} ms, every adapter and query): ${met ? 'met' : 'MISSED'}`);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
