/**
 * `npx tsx test/bench/tiss-batch-run.ts [--check]`: prints the TISS bench (see tiss-batch.ts): the
 * time to write 500 SP/SADT guides, to validate them, and the ratio of the whole to validation alone;
 * `--check` exits 1 when writing and validating take 2 s or more, or a message is invalid. The diary of
 * measurements is tiss-batch.md.
 */
import { benchTissBatch, GUIDES } from './tiss-batch.js';

// Issue 25: building and validating 500 SP/SADT guides under 2 s on the server.
const TARGET_MS = 2_000;
const r = await benchTissBatch();
const total = r.writeMs + r.validateMs;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
console.log(`\nTISS bench: ${GUIDES} SP/SADT guides in 5 batches, ${(r.bytes / 1024).toFixed(0)} KiB of XML`);
console.log(`write ${fmt(r.writeMs)} ms, validate ${fmt(r.validateMs)} ms, total ${fmt(total)} ms`);
console.log(`one libxml2 run per message instead: validate ${fmt(r.perMessageMs)} ms`);
console.log(`ratio total / validation alone: ${(total / r.validateMs).toFixed(2)}; invalid messages: ${r.invalid}`);
const met = total < TARGET_MS && r.invalid === 0;
console.log(`target (valid and under ${TARGET_MS} ms): ${met ? 'met' : 'MISSED'}`);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
