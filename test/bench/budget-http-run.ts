/**
 * `npx tsx test/bench/budget-http-run.ts [--check]`: prints the budget bench (see budget-http.ts)
 * with its ratio to `GET /health` in the same run; `--check` exits 1 below 1,500 req/s or at a p99
 * of 50 ms or more.
 */
import { benchBudgetHttp } from './budget-http.js';

const r = await benchBudgetHttp();
const met = r.budget.perSecond >= 1500 && r.budget.p99Ms < 50 && r.budget.errors === 0;
console.log(
  [
    `budget bench: ${r.connections} connections, ${r.seconds} s per load, SQLite`,
    `  POST /budget/ (10 items): ${r.budget.perSecond} req/s, p50 ${r.budget.p50Ms} ms, p99 ${r.budget.p99Ms} ms, ${r.budget.requests} requests, ${r.budget.errors} errors`,
    `  GET /health (baseline):   ${r.health.perSecond} req/s, p50 ${r.health.p50Ms} ms, p99 ${r.health.p99Ms} ms`,
    `  server CPU per request: budget ${r.budget.serverCpuMsPerRequest ?? '?'} ms, health ${r.health.serverCpuMsPerRequest ?? '?'} ms`,
    `  SQLite on the server's thread per request: budget ${r.budget.sqliteMsPerRequest ?? '?'} ms in ${r.budget.statementsPerRequest ?? '?'} statements, health ${r.health.sqliteMsPerRequest ?? '?'} ms`,
    `  ratio budget/health: ${r.ratio}x`,
    `  target ≥ 1500 req/s and p99 < 50 ms: ${met ? 'met' : 'MISSED'}`,
  ].join('\n'),
);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
