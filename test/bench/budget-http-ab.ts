/**
 * `npm run bench -- budget-http-ab`: the budget bench (budget-http.ts) as an interleaved A/B between
 * another checkout's server (A, the baseline: `BENCH_BASELINE`, default `/work/main`, read only) and
 * this one's (B). Rounds alternate the order (A B, B A, A B…) so a machine getting busier or quieter
 * weighs on both sides alike; it prints each run, then the medians and B/A ratios of req/s, p99 and
 * server CPU per request (the steadiest figure on a shared machine). `BENCH_ROUNDS` (default 3) runs
 * per side, `BENCH_SECONDS` per load. Without a baseline checkout (and no `BENCH_BASELINE`) it skips. `--check` fails when B's median req/s falls under 95 % of A's.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { benchBudgetHttp, THIS_CHECKOUT, type BudgetHttpResult } from './budget-http.js';

const baseline = process.env.BENCH_BASELINE ?? '/work/main';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!existsSync(join(baseline, 'sync-server/main.ts'))) {
  // A plain `npm run bench` on a machine without the default baseline skips the A/B; a named one must exist.
  console.log(`no baseline checkout at ${baseline} (BENCH_BASELINE): A/B skipped`);
  process.exit(process.env.BENCH_BASELINE ? 2 : 0);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const runs: Record<'A' | 'B', BudgetHttpResult[]> = { A: [], B: [] };
for (let round = 0; round < rounds; round++) {
  const order: ('A' | 'B')[] = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
  for (const side of order) {
    const r = await benchBudgetHttp(undefined, side === 'A' ? baseline : THIS_CHECKOUT);
    runs[side].push(r);
    console.log(
      `round ${round + 1} ${side}: ${r.budget.perSecond} req/s, p99 ${r.budget.p99Ms} ms, ` +
        `CPU ${r.budget.serverCpuMsPerRequest ?? '?'} ms/req, ${r.budget.statementsPerRequest ?? '?'} statements/req, ` +
        `${r.budget.errors} errors (health ${r.health.perSecond} req/s)`,
    );
  }
}
const figure = (side: 'A' | 'B', pick: (r: BudgetHttpResult) => number | undefined) =>
  median(runs[side].map(pick).filter((v): v is number => v !== undefined));
const rows = [
  ['req/s', (r: BudgetHttpResult) => r.budget.perSecond],
  ['p99 ms', (r: BudgetHttpResult) => r.budget.p99Ms],
  ['server CPU ms/req', (r: BudgetHttpResult) => r.budget.serverCpuMsPerRequest],
  ['health req/s', (r: BudgetHttpResult) => r.health.perSecond],
] as const;
console.log(`\nA = ${baseline}, B = ${THIS_CHECKOUT}, ${rounds} runs each, medians:`);
for (const [name, pick] of rows) {
  const a = figure('A', pick);
  const b = figure('B', pick);
  console.log(`  ${name}: A ${a}, B ${b}, B/A ${(b / a).toFixed(3)}`);
}
const ratio = figure('B', (r) => r.budget.perSecond) / figure('A', (r) => r.budget.perSecond);
const errors = [...runs.A, ...runs.B].reduce((n, r) => n + r.budget.errors, 0);
if (process.argv.includes('--check') && (ratio < 0.95 || errors > 0)) process.exitCode = 1;
