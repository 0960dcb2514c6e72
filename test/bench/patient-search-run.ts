/**
 * `npx tsx test/bench/patient-search-run.ts [--check]`: prints the patient search bench (see
 * patient-search.ts); `--check` exits 1 when the SQLite median misses 20 ms.
 */
import { benchPatientSearch, PATIENTS, SEARCHES } from './patient-search.js';

const TARGET_MS = 20;
const results = await benchPatientSearch();
const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(
  `\npatient search bench: ${PATIENTS.toLocaleString('en-US')} patients, ${SEARCHES} name-prefix searches (one page of 20)`,
);
console.log(
  `${'adapter'.padEnd(18)}${'insert s'.padStart(10)}${'median ms'.padStart(12)}${'p95 ms'.padStart(10)}${'hits'.padStart(7)}`,
);
for (const r of results) {
  console.log(
    `${r.adapter.padEnd(18)}${fmt(r.insertMs / 1000, 1).padStart(10)}${fmt(r.medianMs).padStart(12)}${fmt(r.p95Ms).padStart(10)}${String(r.medianHits).padStart(7)}`,
  );
}
const sqlite = results[0]!;
const met = sqlite.medianMs < TARGET_MS;
console.log(`\nsqlite target (median under ${TARGET_MS} ms): ${met ? 'met' : 'MISSED'}`);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
