import type { Sample } from '#core/store/conformance.js';

/** Size of the bench collection and of the range the query returns (issue 2's targets). */
export const DOCS = Number(process.env.BENCH_DOCS ?? 100_000);
export const RANGE = 1_000;
export const QUERY_RUNS = 20;
export const TENANT = 'bench-tenant';

/** Document `n`: `rank` is unique, so `rank ∈ [from, from + RANGE)` returns exactly RANGE docs. */
export function benchDoc(n: number): Sample {
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    tenantId: TENANT,
    createdAt: '2026-11-23T09:00:00.000-03:00',
    updatedAt: '2026-11-23T09:00:00.000-03:00',
    kind: n % 2 ? 'consulta' : 'exame',
    rank: n,
    active: n % 3 !== 0,
    label: `Paciente ${n}`,
    nested: { tags: ['orçamento', `t${n % 10}`], price: (n % 1000) / 4, note: null },
  };
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Start of the i-th query's range, spread over the collection so caches do not flatter. */
export function rangeStart(i: number): number {
  return Math.floor((((i * 7919) % 97) / 97) * (DOCS - RANGE));
}

/** One adapter's figures. */
export interface BenchResult {
  adapter: string;
  insertDocsPerSecond: number;
  rangeQueryMs: number;
}
