/**
 * `npx tsx test/bench/desk-memory-run.ts [--check]`: builds the renderer and prints the desk memory bench
 * (desk-memory.ts); `--check` exits 1 when the heap grew by more than 10% over the simulated hour.
 * `BENCH_DESK_CYCLES` sets the cycles (20 stand for an hour of reception work).
 */
import { buildRenderer } from './desk-app.js';
import { benchDeskMemory } from './desk-memory.js';
import { loadAverage } from './sync-propagation.js';

/** Largest heap growth over the hour, as a fraction of the heap after warm-up. */
const TARGET = 0.1;

const pct = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)}%`;
const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
await buildRenderer();
const f = await benchDeskMemory();
console.log(
  [
    `desk renderer memory over ${f.cycles} reception cycles (≈ ${Math.round((f.cycles * 60) / 20)} min of a busy desk) after ${f.warmupCycles} of warm-up, headless Chromium, run in ${(f.ms / 1000).toFixed(0)} s:`,
    ...f.samples.map(
      (s) =>
        `  cycle ${String(s.cycle).padStart(2)}  heap ${MiB(s.heapBytes)}  DOM nodes ${s.nodes}  listeners ${s.listeners}`,
    ),
    `  snapshot     compiled code ${MiB(f.start.codeBytes)} → ${MiB(f.end.codeBytes)}, the rest ${MiB(f.start.otherBytes)} → ${MiB(f.end.otherBytes)} (${pct(f.end.otherBytes / f.start.otherBytes - 1)})`,
    `  growth       ${(f.growth * 100).toFixed(1)}% (target ≤ ${TARGET * 100}%; ratio ${(f.growth / TARGET).toFixed(2)}x)`,
    `  load average ${loadAverage()}`,
  ].join('\n'),
);
if (process.argv.includes('--check') && f.growth > TARGET) process.exitCode = 1;
