import { performance } from 'node:perf_hooks';
import { samples } from '#core/store/conformance.js';
import type { Database } from '#core/store/port.js';
import { benchDoc, DOCS, median, QUERY_RUNS, RANGE, rangeStart, TENANT, type BenchResult } from './workload.js';

/** Runs the workload through the store port: one `insertMany`, then RANGE-sized indexed range queries. */
export async function benchPort(adapter: string, db: Database): Promise<BenchResult> {
  const col = db.forTenant(TENANT).collection(samples);
  const docs = Array.from({ length: DOCS }, (_, n) => benchDoc(n));
  const t0 = performance.now();
  await col.insertMany(docs);
  const insertMs = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i++) {
    const from = rangeStart(i);
    const t = performance.now();
    const found = await col.find({ selector: { rank: { $gte: from, $lt: from + RANGE } }, sort: [{ rank: 'asc' }] });
    times.push(performance.now() - t);
    if (found.length !== RANGE) throw new Error(`${adapter} query returned ${found.length}`);
  }
  await db.close();
  return { adapter, insertDocsPerSecond: DOCS / (insertMs / 1000), rangeQueryMs: median(times) };
}
