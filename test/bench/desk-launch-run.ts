/**
 * `npx tsx test/bench/desk-launch-run.ts [--check]`: builds the renderer, prints its bundle and the desk
 * launch bench (desk-launch.ts); `--check` exits 1 when the median launch reaches the target.
 * `BENCH_DESK_LAUNCHES` sets the number of launches; `BENCH_DESK_COMPARE=<dist/renderer of another
 * build>` alternates launches with that build and prints the ratio.
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
const lines = [
  `desk launch to an interactive day, headless Chromium, ${f.appointments} appointments in IndexedDB (${f.todayCount} today; seeded in ${(f.seedMs / 1000).toFixed(1)} s):`,
  `  bundle       ${files.map((b) => `${b.file} ${kB(b.bytes)}`).join(', ')}`,
];
for (const b of f.builds)
  lines.push(
    `  [${b.build}]`,
    `  first screen ${kB(Math.max(...b.launches.map((l) => l.scriptBytes)))} of JavaScript fetched (signed in)`,
    `  launches     ${b.launches.map((l) => l.interactive).join(' ')} ms (interactive)`,
    `  DOM ready    ${b.launches.map((l) => l.domContentLoaded).join(' ')} ms`,
    `  grid drawn   median ${b.medianGrid} ms`,
    `  interactive  median ${b.medianInteractive} ms (target < ${TARGET_MS} ms; ratio ${(b.medianInteractive / TARGET_MS).toFixed(2)}x)`,
    `  sign-in      ${b.signIn.join(' ')} ms to a focused e-mail field (signed out), median ${b.medianSignIn} ms; ${kB(b.signInScriptBytes)} of JavaScript`,
  );
const [current, compare] = f.builds;
if (current && compare)
  lines.push(
    `  current ÷ compare: interactive day ${(current.medianInteractive / compare.medianInteractive).toFixed(2)}x, sign-in ${(current.medianSignIn / compare.medianSignIn).toFixed(2)}x`,
  );
lines.push(`  load average ${loadAverage()}`);
console.log(lines.join('\n'));
if (process.argv.includes('--check') && current!.medianInteractive >= TARGET_MS) process.exitCode = 1;
