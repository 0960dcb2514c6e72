/**
 * What the desk read benches' pages share (desk-medical-page.ts, desk-finance-page.ts,
 * desk-inventory-page.ts): the local core as the renderer opens it (every local collection, RxDB on
 * Dexie over the page's IndexedDB), bulk seeding straight into the storage groups, and the timing loop.
 */
import '../../renderer/src/zod-config.js';
import type { Clock } from '#core/clock.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { dexieStorage, toStorageDocument } from '#core/store/rxdb/index.js';
import { openLocalCore, type LocalCore } from '../../renderer/src/local/local-core.js';
import { median } from './bench-stats.js';

/** Opens the desk database `name` (new: every bench run launches Chromium with a fresh profile). */
export async function openDeskCore(name: string, tenantId: string, clock?: Clock): Promise<LocalCore> {
  return openLocalCore({ name, tenantId, storage: dexieStorage(), multiInstance: false, ...(clock ? { clock } : {}) });
}

/**
 * Inserts `docs` into `def`'s storage group with RxDB bulk inserts of `chunk` documents (what a sync
 * pull writes, without the store port's per-record checks). Prints progress every 100,000.
 * @returns the time it took, ms. @throws Error when RxDB refused any document.
 */
export async function bulkSeed<T extends RecordBase>(
  core: LocalCore,
  def: CollectionDef<T>,
  docs: Iterable<T>,
  chunk = 5000,
): Promise<number> {
  const rx = core.database.rxCollection(def);
  const started = performance.now();
  let batch: Record<string, unknown>[] = [];
  let written = 0;
  const flush = async () => {
    const result = await rx.bulkInsert(batch as never);
    if (result.error.length) throw new Error(`${def.name}: ${result.error.length} documents refused`);
    written += batch.length;
    if (written % 100_000 === 0)
      console.log(`${def.name}: ${written} in ${Math.round(performance.now() - started)} ms`);
    batch = [];
  };
  for (const doc of docs) {
    batch.push(toStorageDocument(def.name, def, doc as unknown as Record<string, unknown>));
    if (batch.length === chunk) await flush();
  }
  if (batch.length) await flush();
  return performance.now() - started;
}

/** A timed pair: the desk's read and its raw baseline, medians in ms. */
export interface TimedPair {
  medianMs: number;
  rawMedianMs: number;
  /** Every timing of the desk's read, ms (for the diary's spread). */
  times: number[];
}

/**
 * Times `desk(i)` then `raw(i)` for i = 0…runs (run 0 is a warm-up, not counted), alternating so both
 * meet the same machine load.
 */
export async function timePair(
  runs: number,
  desk: (i: number) => Promise<unknown>,
  raw: (i: number) => Promise<unknown>,
): Promise<TimedPair> {
  const times: number[] = [];
  const rawTimes: number[] = [];
  for (let i = 0; i <= runs; i++) {
    let t = performance.now();
    await desk(i);
    const spent = performance.now() - t;
    t = performance.now();
    await raw(i);
    const bare = performance.now() - t;
    if (i === 0) continue;
    times.push(spent);
    rawTimes.push(bare);
  }
  return { medianMs: median(times), rawMedianMs: median(rawTimes), times };
}
