/**
 * Preloaded into the budget bench's server (`--import`, with `BENCH_SQLITE_TIME=<file>`): times every
 * better-sqlite3 statement (run, all, get, iterate, exec) on the event loop's thread, so the bench can
 * say how much of a request is SQLite itself. On SIGUSR2 it writes the totals so far to that file as
 * JSON ({@link SqliteTotals}); the bench takes the difference over one load.
 *
 * The timing itself costs two clock reads per statement: run it apart from the throughput figures.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/** What the preload writes: statements run and the microseconds spent inside them. */
export interface SqliteTotals {
  statements: number;
  micros: number;
}

const out = process.env.BENCH_SQLITE_TIME;
if (out) {
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  const probe = new Database(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  const totals: SqliteTotals = { statements: 0, micros: 0 };
  const timed = (proto: Record<string, unknown>, method: string) => {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function (this: unknown, ...args: unknown[]) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        totals.statements++;
        totals.micros += Number(process.hrtime.bigint() - started) / 1000;
      }
    };
  };
  for (const method of ['run', 'all', 'get', 'iterate']) timed(statementProto, method);
  timed(Database.prototype as unknown as Record<string, unknown>, 'exec');
  process.on('SIGUSR2', () => writeFileSync(out, JSON.stringify(totals)));
}
