/**
 * `npx tsx test/bench/tiss-batch-run.ts [--check]`: prints the TISS bench (see tiss-batch.ts): the
 * time to write 500 SP/SADT guides, to validate them, and the ratio of the whole to validation alone;
 * `--check` exits 1 when writing and validating take over 15 s or a message is invalid.
 */
import { benchTissBatch, GUIDES } from './tiss-batch.js';

// libxml2 compiles the ANS schemas on every call (xmllint-wasm has no compiled-schema cache): most of the time.
const TARGET_MS = 15_000;
const r = await benchTissBatch();
const total = r.writeMs + r.validateMs;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
console.log(`\nTISS bench: ${GUIDES} SP/SADT guides in 5 batches, ${(r.bytes / 1024).toFixed(0)} KiB of XML`);
console.log(`write ${fmt(r.writeMs)} ms, validate ${fmt(r.validateMs)} ms, total ${fmt(total)} ms`);
console.log(`ratio total / validation alone: ${(total / r.validateMs).toFixed(2)}; invalid messages: ${r.invalid}`);
const met = total < TARGET_MS && r.invalid === 0;
console.log(`target (valid and under ${TARGET_MS} ms): ${met ? 'met' : 'MISSED'}`);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
