/**
 * Records missing indexed fields, and values RxDB's own index keys cannot hold exactly (control
 * characters, strings past maxLength, numbers finer than multipleOf): find and count must still
 * agree with the reference semantics of match.ts (query-plan.ts explains how). Both storages run it.
 * Test-only module.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCollection } from '#core/store/collection-def.js';
import { matchesQuery } from '#core/store/match.js';
import type { Store } from '#core/store/port.js';
import { normaliseQuery, type Query } from '#core/store/query.js';
import type { RecordBase } from '#core/store/record.js';
import type { RxdbDatabase } from './rx-database.js';

const TENANT = 'tenant-a';

/** A record whose queryable fields may all be missing. */
export interface Sparse extends RecordBase {
  name?: string;
  score?: number;
  done?: boolean;
  group?: string;
  extra?: { deep: { list: (number | string | null)[] } };
}

export const sparse = defineCollection<Sparse>({
  name: 'sparse',
  fields: { name: 'string', score: 'number', done: 'boolean', group: 'string' },
  indexes: [['name'], ['score'], ['group', 'score'], ['done', 'name'], ['group', 'name']],
});

const LONG = 'x'.repeat(300);
// Values RxDB's memory index keys get wrong: control characters (padding is a space), strings past
// maxLength, numbers finer than multipleOf or far from zero, and missing values.
const NAMES = [undefined, 'a', 'a\t', 'a b', 'B', 'ção', '', LONG, `${LONG}a`, 'Ábaco', 'a\u0001'];
const SCORES = [undefined, 0, -0.5, 1e-7, 2e-7, 0.1234567891, 0.1234567892, 1e12 + 0.5, -3, 7, 7.000000001];
const GROUPS = [undefined, 'g1', 'g2'];
const DONE = [undefined, true, false];

function sparseRecord(n: number): Sparse {
  const record: Sparse = {
    id: `0191${String(n).padStart(4, '0')}-0000-7000-8000-000000000000`,
    tenantId: TENANT,
    createdAt: '2026-11-23T09:00:00.000-03:00',
    updatedAt: '2026-11-23T09:00:00.000-03:00',
    extra: { deep: { list: [n, 'ção', null] } },
  };
  const name = NAMES[n % NAMES.length];
  const score = SCORES[(n * 7) % SCORES.length];
  const group = GROUPS[(n * 5) % GROUPS.length];
  const done = DONE[(n * 3 + Math.floor(n / 3)) % DONE.length];
  if (name !== undefined) record.name = name;
  if (score !== undefined) record.score = score;
  if (group !== undefined) record.group = group;
  if (done !== undefined) record.done = done;
  return record;
}

export const sparseData = Array.from({ length: 66 }, (_, n) => sparseRecord(n));
const present = <T>(values: readonly (T | undefined)[]): T[] => values.filter((v): v is T => v !== undefined);

/** A condition that is absent two times out of three, so most queries keep some records. */
const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary, weight: 1 });

const sparseQuery: fc.Arbitrary<Query<Sparse>> = fc.record(
  {
    selector: fc.record({
      name: maybe(
        fc.oneof(
          fc.constantFrom(...present(NAMES)),
          fc.record(
            { $gte: fc.constantFrom(...present(NAMES)), $lt: fc.constantFrom(...present(NAMES)) },
            { requiredKeys: [] },
          ),
          fc.record({ $in: fc.subarray(present(NAMES)) }),
        ),
      ),
      score: maybe(
        fc.oneof(
          fc.constantFrom(...present(SCORES)),
          fc.record(
            { $gt: fc.constantFrom(...present(SCORES)), $lte: fc.double({ min: -4, max: 8, noNaN: true }) },
            { requiredKeys: [] },
          ),
        ),
      ),
      group: maybe(fc.oneof(fc.constantFrom('g1', 'g2', 'g3'), fc.record({ $in: fc.subarray(['g1', 'g2']) }))),
      done: maybe(fc.boolean()),
    }),
    sort: fc.subarray([
      { name: 'asc' as const },
      { score: 'desc' as const },
      { group: 'asc' as const },
      { done: 'desc' as const },
      { score: 'asc' as const },
    ]),
    skip: fc.nat(8),
    limit: fc.nat(25),
  },
  { requiredKeys: [] },
);

/** Collections the suite needs the database opened with. */
export const sparseSuiteCollections = [sparse];

/**
 * Registers the tests on sparse records.
 *
 * @param open opens a fresh, empty database declaring {@link sparseSuiteCollections}
 */
export function describeSparseRecords(name: string, open: () => Promise<RxdbDatabase>): void {
  describe(`rxdb adapter, sparse records: ${name}`, () => {
    let db: RxdbDatabase;
    let store: Store;

    beforeAll(async () => {
      db = await open();
      store = db.forTenant(TENANT);
      await store.collection(sparse).insertMany(sparseData);
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });

    const oracle = (q: Query<Sparse>) => matchesQuery(sparseData, normaliseQuery(sparse, q)).map((d) => d.id);

    it.each<[string, Query<Sparse>]>([
      ['sort on a field some records lack (missing first)', { sort: [{ name: 'asc' }] }],
      ['sort desc on a field some records lack (missing last)', { sort: [{ score: 'desc' }], limit: 20 }],
      [
        'range on a string: control characters and long strings',
        { selector: { name: { $gte: 'a', $lt: 'b' } }, sort: [{ name: 'asc' }] },
      ],
      ['range on a number finer than multipleOf', { selector: { score: { $gt: 1e-7, $lte: 0.1234567891 } } }],
      ['equality on a boolean never matches a missing one', { selector: { done: false } }],
      [
        'compound index with a field without condition',
        { selector: { group: 'g1' }, sort: [{ name: 'asc' }], limit: 5 },
      ],
      [
        'compound index with both fields constrained',
        { selector: { group: 'g2', score: { $gte: 0 } }, sort: [{ score: 'asc' }] },
      ],
      ['$in on strings', { selector: { name: { $in: ['a\t', LONG, 'zzz'] } } }],
    ])('find: %s', async (_label, query) => {
      const got = await store.collection(sparse).find(query);
      expect(got.map((d) => d.id)).toEqual(oracle(query));
    });

    it('agrees with the reference semantics on random queries, find and count', async () => {
      await fc.assert(
        fc.asyncProperty(sparseQuery, async (query) => {
          const col = store.collection(sparse);
          expect((await col.find(query)).map((d) => d.id)).toEqual(oracle(query));
          expect(await col.count({ selector: query.selector })).toBe(oracle({ selector: query.selector }).length);
        }),
        { numRuns: 150, seed: 20261124 },
      );
    });

    it('gives back a missing field as missing and nested data untouched', async () => {
      const record = sparseData.find((r) => r.done === undefined && r.name === undefined)!;
      const got = await store.collection(sparse).get(record.id);
      expect(got).toEqual({ ...record, _rev: got?._rev });
      expect(got && 'done' in got).toBe(false);
    });
  });
}
