/**
 * `npx tsx test/bench/medical-history-run.ts [--check]`: prints the medical history bench (see
 * medical-history.ts); `--check` exits 1 when the median misses 100 ms. Figures recorded in medical-history.md beside this file.
 */
import { loadAverage } from './desk-chromium.js';
import { benchMedicalHistory } from './medical-history.js';
import { HISTORY, OPENINGS } from './medical-history-data.js';

const TARGET_MS = 100;
const before = loadAverage();
const r = await benchMedicalHistory();
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
console.log(
  `\nmedical history bench: a patient's ${HISTORY} attendances, median of ${OPENINGS} openings, Chromium IndexedDB (seeded in ${fmt(r.seedMs)} ms)`,
);
console.log(`load average (1 min) before / after: ${before} / ${r.load}`);
console.log(`desk history (loadHistory, every page): ${fmt(r.medianMs)} ms`);
console.log(`same documents straight from RxDB:     ${fmt(r.rawMedianMs)} ms`);
console.log(`ratio desk / raw: ${fmt(r.medianMs / r.rawMedianMs)}`);
const met = r.medianMs < TARGET_MS;
console.log(`target (median under ${TARGET_MS} ms): ${met ? 'met' : 'MISSED'}`);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
