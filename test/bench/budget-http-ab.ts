/**
 * `npm run bench -- budget-http-ab`: the budget bench (budget-http.ts) as an interleaved A/B between a
 * baseline (A) and this checkout (B). A is the commit `BENCH_BASE` (default a94958f, the commit before
 * issue 21's six-hop path), exported with `git archive` into a temporary directory with this
 * checkout's `node_modules` linked in (nothing of the old code is kept in the sources; the repository's
 * worktrees are not touched), or an existing checkout named by `BENCH_BASELINE`. Rounds alternate the
 * order (A B, B A, A B…) so a machine getting busier or quieter weighs on both sides alike; it prints
 * each run, then the medians and B/A ratios of req/s, p99 and server CPU per request (the steadiest
 * figure on a shared machine). `BENCH_ROUNDS` (default 3) runs per side, `BENCH_SECONDS` per load.
 * `--check` fails when B's median req/s falls under 95 % of A's. The diary is budget-http.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBudgetHttp, THIS_CHECKOUT, type BudgetHttpResult } from './budget-http.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const base = process.env.BENCH_BASE ?? 'a94958f';

/** The baseline checkout: the one named, or `base` exported from this repository into a temp dir. */
function baselineCheckout(): { root: string; label: string; cleanup(): void } {
  const named = process.env.BENCH_BASELINE;
  if (named) {
    if (!existsSync(join(named, 'sync-server/main.ts'))) {
      console.error(`no checkout at ${named} (BENCH_BASELINE)`);
      process.exit(2);
    }
    return { root: named, label: named, cleanup: () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), 'clinic-bench-base-'));
  try {
    const archive = execFileSync('git', ['-C', THIS_CHECKOUT, 'archive', '--format=tar', base], {
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    // A plain `npm run bench` outside a git checkout (or without the commit) skips the A/B.
    console.log(`cannot export ${base} from git (${(error as Error).message.split('\n')[0]}): A/B skipped`);
    process.exit(process.env.BENCH_BASE ? 2 : 0);
  }
  symlinkSync(realpathSync(join(THIS_CHECKOUT, 'node_modules')), join(dir, 'node_modules'));
  return {
    root: dir,
    label: `${base} (git archive in ${dir})`,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const baseline = baselineCheckout();
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const runs: Record<'A' | 'B', BudgetHttpResult[]> = { A: [], B: [] };
for (let round = 0; round < rounds; round++) {
  const order: ('A' | 'B')[] = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
  for (const side of order) {
    const r = await benchBudgetHttp(undefined, side === 'A' ? baseline.root : THIS_CHECKOUT);
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
console.log(`\nA = ${baseline.label}, B = ${THIS_CHECKOUT}, ${rounds} runs each, medians:`);
for (const [name, pick] of rows) {
  const a = figure('A', pick);
  const b = figure('B', pick);
  console.log(`  ${name}: A ${Number(a.toFixed(3))}, B ${Number(b.toFixed(3))}, B/A ${(b / a).toFixed(3)}`);
}
// Each round ran A and B back to back: the median of their ratios weighs a load swing between rounds least.
const paired = (pick: (r: BudgetHttpResult) => number | undefined) =>
  median(runs.A.map((a, i) => (pick(runs.B[i]!) ?? NaN) / (pick(a) ?? NaN)).filter((v) => Number.isFinite(v)));
console.log(
  `  paired rounds, median B/A: req/s ${paired((r) => r.budget.perSecond).toFixed(3)}, ` +
    `server CPU ms/req ${paired((r) => r.budget.serverCpuMsPerRequest).toFixed(3)}`,
);
const ratio = figure('B', (r) => r.budget.perSecond) / figure('A', (r) => r.budget.perSecond);
const errors = [...runs.A, ...runs.B].reduce((n, r) => n + r.budget.errors, 0);
baseline.cleanup();
if (process.argv.includes('--check') && (ratio < 0.95 || errors > 0)) process.exitCode = 1;
