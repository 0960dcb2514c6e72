import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { samples, type Sample } from '#core/store/conformance.js';
import { normaliseQuery, type Query } from '#core/store/query.js';
import { dexieReadAll } from './dexie-read.js';
import { planQuery } from './query-plan.js';
import { openRxdbDatabase, type RxdbDatabase } from './rx-database.js';
import { slotsOf } from './schema.js';
import { dexieStorage } from './storages.js';

// RxDB's Dexie storage advertises its premium storages once per process; keep the test output clean.
const warn = console.warn.bind(console);
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (!String(args[0]).includes('RxDB Open Core RxStorage')) warn(...args);
});

const TENANT = 'tenant-a';
const AT = '2026-11-27T10:00:00.000-03:00';
const sample = (n: number, tenantId = TENANT): Sample => ({
  id: `${tenantId}-${String(n).padStart(4, '0')}`,
  tenantId,
  createdAt: AT,
  updatedAt: AT,
  kind: ['consulta', 'exame', 'retorno'][n % 3]!,
  rank: (n * 37) % 101,
  active: n % 2 === 0,
  label: `item ${n % 17}`,
});

let db: RxdbDatabase;
beforeAll(async () => {
  db = await openRxdbDatabase({
    name: `dexie-read-${Math.random().toString(36).slice(2, 8)}`,
    storage: dexieStorage(indexedDB, IDBKeyRange),
    collections: [samples],
    multiInstance: false,
  });
  const store = db.forTenant(TENANT);
  await store.collection(samples).insertMany(Array.from({ length: 120 }, (_, n) => sample(n)));
  await db
    .forTenant('tenant-b')
    .collection(samples)
    .insertMany(Array.from({ length: 30 }, (_, n) => sample(n, 'tenant-b')));
  // A removed record (a tombstone) must never come back.
  const gone = await store.collection(samples).get(sample(4).id);
  await store.collection(samples).remove(gone!.id, gone!._rev);
});
afterAll(() => db.close());

/** The storage query the adapter plans for `query`, read both ways. */
async function bothWays(query: Query<Sample>) {
  const rx = db.rxCollection(samples);
  const prepared = planQuery(
    rx.schema.jsonSchema,
    TENANT,
    { collection: samples.name, slots: slotsOf(samples) },
    normaliseQuery(samples, query),
    'native',
  );
  const fast = await dexieReadAll(rx, prepared);
  const rxdb = (await rx.storageInstance.query(prepared)).documents;
  return { fast: fast?.map((d) => d.id), rxdb: rxdb.map((d) => d.id) };
}

describe('desk reads with one getAll over the index range (STORE-020)', () => {
  it.each<[string, Query<Sample>]>([
    ['a range on an index, ordered by it', { selector: { rank: { $gte: 20, $lt: 70 } }, sort: [{ rank: 'asc' }] }],
    ['the same, newest first', { selector: { rank: { $gte: 20 } }, sort: [{ rank: 'desc' }], limit: 7 }],
    ['an index range with a page', { selector: { rank: { $gte: 0 } }, sort: [{ rank: 'asc' }], skip: 5, limit: 10 }],
    ['an equality and a condition the index leaves to the matcher', { selector: { kind: 'exame', active: true } }],
    ['no index condition: the tenant collection', { selector: { label: { $in: ['item 3', 'item 5'] } } }],
    ['every record', {}],
  ])('answers %s exactly as RxDB does', async (_, query) => {
    const { fast, rxdb } = await bothWays(query);
    expect(fast).toBeDefined();
    expect(fast).toEqual(rxdb);
    expect(fast).not.toContain(sample(4).id);
    expect(fast!.every((id) => id.startsWith(TENANT))).toBe(true);
  });

  it('leaves to RxDB a bounded read in index order that a matcher filters (its cursor stops early)', async () => {
    const { fast, rxdb } = await bothWays({
      selector: { rank: { $gte: 10 }, active: true },
      sort: [{ rank: 'asc' }],
      limit: 2,
    });
    expect(fast).toBeUndefined();
    expect(rxdb).toHaveLength(2);
  });

  it('is what the store port answers on the desk storage', async () => {
    const found = await db
      .forTenant(TENANT)
      .collection(samples)
      .find({ selector: { kind: 'retorno' }, sort: [{ rank: 'desc' }, { id: 'asc' }] });
    const expected = Array.from({ length: 120 }, (_, n) => sample(n))
      .filter((s) => s.kind === 'retorno')
      .sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id))
      .map((s) => s.id);
    expect(found.map((s) => s.id)).toEqual(expected);
  });
});
