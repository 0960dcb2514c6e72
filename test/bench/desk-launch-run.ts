/**
 * `npx tsx test/bench/desk-launch-run.ts [--check]`: builds the renderer, prints its bundle and the desk
 * launch bench (desk-launch.ts); `--check` exits 1 when the median launch reaches the target.
 * `BENCH_DESK_LAUNCHES` sets the number of launches.
 */
import { bundleFiles, buildRenderer } from './desk-app.js';
import { benchDeskLaunch } from './desk-launch.js';
import { loadAverage } from './sync-propagation.js';

/** Median launch to an interactive day, ms (decisions.md "Renderer"). */
const TARGET_MS = 2000;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
await buildRenderer();
const files = bundleFiles();
const f = await benchDeskLaunch();
const firstScreen = f.launches.map((l) => l.scriptBytes);
console.log(
  [
    `desk launch to an interactive day, headless Chromium, ${f.appointments} appointments in IndexedDB (${f.todayCount} today; seeded in ${(f.seedMs / 1000).toFixed(1)} s):`,
    `  bundle       ${files.map((b) => `${b.file} ${kB(b.bytes)}`).join(', ')}`,
    `  first screen ${kB(Math.max(...firstScreen))} of JavaScript fetched`,
    `  launches     ${f.launches.map((l) => l.interactive).join(' ')} ms (interactive)`,
    `  DOM ready    ${f.launches.map((l) => l.domContentLoaded).join(' ')} ms`,
    `  grid drawn   median ${f.medianGrid} ms`,
    `  interactive  median ${f.medianInteractive} ms (target < ${TARGET_MS} ms; ratio ${(f.medianInteractive / TARGET_MS).toFixed(2)}x)`,
    `  sign-in      ${f.signIn.join(' ')} ms to a focused e-mail field (signed out), median ${f.medianSignIn} ms; ${kB(f.signInScriptBytes)} of JavaScript`,
    `  load average ${loadAverage()}`,
  ].join('\n'),
);
if (process.argv.includes('--check') && f.medianInteractive >= TARGET_MS) process.exitCode = 1;
