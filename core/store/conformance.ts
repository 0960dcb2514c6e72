/**
 * The store port's conformance suite: every adapter (RxDB memory, RxDB Dexie, SQLite, PostgreSQL)
 * runs it and must agree with the reference semantics in `match.ts` on every query shape, on
 * revision conflicts, on tenant isolation and on transactions. Test-only module.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '#core/errors.js';
import { defineCollection } from './collection-def.js';
import { matchesQuery } from './match.js';
import type { Database, Store } from './port.js';
import { normaliseQuery, type Query } from './query.js';
import type { RecordBase } from './record.js';

/** The record the suite stores: a few indexed scalars plus nested data that must round-trip. */
export interface Sample extends RecordBase {
  kind: string;
  rank: number;
  active: boolean;
  label: string;
  nested?: { tags: string[]; price: number; note: string | null };
}

export const samples = defineCollection<Sample>({
  name: 'samples',
  fields: { kind: 'string', rank: 'number', active: 'boolean', label: 'string' },
  indexes: [['kind'], ['rank'], ['active', 'rank'], ['label']],
});

/** Collections an adapter must be opened with to run the suite. */
export const conformanceCollections = [samples];

const TENANT = 'tenant-a';
const OTHER = 'tenant-b';
const LABELS = ['abacate', 'Ábaco', 'zebra', 'Zé', 'maçã', 'banana', 'Banana', '', 'a b', 'ação'];
const KINDS = ['consulta', 'exame', 'retorno'];

function sample(n: number, tenantId = TENANT): Sample {
  return {
    id: `0190${String(n).padStart(4, '0')}-0000-7000-8000-000000000000`,
    tenantId,
    createdAt: '2026-11-23T09:00:00.000-03:00',
    updatedAt: '2026-11-23T09:00:00.000-03:00',
    kind: KINDS[n % KINDS.length]!,
    rank: ((n * 37) % 23) - 5 + (n % 4) * 0.25,
    active: n % 3 !== 0,
    label: LABELS[n % LABELS.length]!,
    nested: { tags: [`t${n}`, 'ção'], price: Math.round(n * 10.1) / 100, note: n % 2 ? null : 'observação' },
  };
}

const dataset = Array.from({ length: 60 }, (_, n) => sample(n));

async function expectCode(promise: Promise<unknown>, code: DomainError['code']): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected DomainError ${code}`).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
}

/** Fixed query shapes: each must return exactly the oracle's ids, in the oracle's order. */
const shapes: [string, Query<Sample>][] = [
  ['everything, default order', {}],
  ['equality on a string', { selector: { kind: 'exame' } }],
  ['explicit $eq on a boolean', { selector: { active: { $eq: false } } }],
  ['$in', { selector: { kind: { $in: ['consulta', 'retorno'] } } }],
  ['$gt', { selector: { rank: { $gt: 5 } } }],
  ['$gte and $lte', { selector: { rank: { $gte: -2, $lte: 4.25 } } }],
  ['$lt on a string (binary order)', { selector: { label: { $lt: 'b' } } }],
  ['two fields', { selector: { active: true, rank: { $lt: 3 } } }],
  ['sort desc', { sort: [{ rank: 'desc' }] }],
  ['sort on two fields', { sort: [{ kind: 'asc' }, { rank: 'desc' }] }],
  ['sort on strings with accents and case', { sort: [{ label: 'asc' }] }],
  ['limit', { sort: [{ rank: 'asc' }], limit: 7 }],
  ['skip', { sort: [{ rank: 'asc' }], skip: 50 }],
  ['skip and limit', { selector: { kind: 'consulta' }, sort: [{ label: 'desc' }], skip: 3, limit: 4 }],
  ['no match', { selector: { kind: 'cirurgia' } }],
  ['limit 0', { limit: 0 }],
  ['id range', { selector: { id: { $gte: sample(10).id, $lt: sample(20).id } } }],
];

const queryArbitrary: fc.Arbitrary<Query<Sample>> = fc.record(
  {
    selector: fc.record(
      {
        kind: fc.oneof(fc.constantFrom(...KINDS), fc.record({ $in: fc.subarray(KINDS) })),
        rank: fc.record(
          { $gt: fc.integer({ min: -6, max: 18 }), $lte: fc.double({ min: -6, max: 18, noNaN: true }) },
          { requiredKeys: [] },
        ),
        active: fc.boolean(),
        label: fc.record({ $gte: fc.constantFrom(...LABELS), $lt: fc.constantFrom(...LABELS) }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
    sort: fc.subarray([
      { kind: 'asc' as const },
      { rank: 'desc' as const },
      { label: 'asc' as const },
      { active: 'desc' as const },
    ]),
    skip: fc.nat(10),
    limit: fc.nat(30),
  },
  { requiredKeys: [] },
);

/**
 * Registers the conformance tests for one adapter.
 *
 * @param name shown in the test report (`sqlite file`, `rxdb memory`…)
 * @param open opens a fresh, empty database declaring `conformanceCollections`
 */
export function describeStoreConformance(name: string, open: () => Promise<Database>): void {
  describe(`store conformance: ${name}`, () => {
    let db: Database;
    let store: Store;
    let other: Store;
    const oracle = (q: Query<Sample>) => matchesQuery(dataset, normaliseQuery(samples, q)).map((d) => d.id);

    beforeAll(async () => {
      db = await open();
      store = db.forTenant(TENANT);
      other = db.forTenant(OTHER);
      await store.collection(samples).insertMany(dataset);
      // Another tenant's records with the same shape must never leak into tenant A's answers.
      await other.collection(samples).insertMany(Array.from({ length: 20 }, (_, n) => ({ ...sample(n + 100, OTHER) })));
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });

    it('gives back a record exactly as stored, with a revision', async () => {
      const got = await store.collection(samples).get(dataset[4]!.id);
      expect(got).toMatchObject(dataset[4]!);
      expect(typeof got?._rev).toBe('string');
      expect(await store.collection(samples).get('missing')).toBeUndefined();
    });

    it.each(shapes)('find: %s', async (_label, query) => {
      const got = await store.collection(samples).find(query);
      expect(got.map((d) => d.id)).toEqual(oracle(query));
    });

    it('find agrees with the reference semantics on random queries', async () => {
      await fc.assert(
        fc.asyncProperty(queryArbitrary, async (query) => {
          const got = await store.collection(samples).find(query);
          expect(got.map((d) => d.id)).toEqual(oracle(query));
        }),
        { numRuns: 60, seed: 20261123 },
      );
    });

    it('counts matching records', async () => {
      const selector = { kind: 'exame', active: true };
      expect(await store.collection(samples).count({ selector })).toBe(oracle({ selector }).length);
      expect(await store.collection(samples).count()).toBe(dataset.length);
    });

    it('refuses a query on an undeclared field', async () => {
      const query = { selector: { nested: 'x' } } as unknown as Query<Sample>;
      await expect(store.collection(samples).find(query)).rejects.toThrow(/not declared/);
    });

    it('refuses a second insert of the same id and keeps the first', async () => {
      const doc = sample(500);
      await store.collection(samples).insert(doc);
      await expectCode(store.collection(samples).insert({ ...doc, label: 'outro' }), 'conflict');
      expect((await store.collection(samples).get(doc.id))?.label).toBe(doc.label);
    });

    it('insertMany is all or nothing', async () => {
      const fresh = [sample(600), sample(601)];
      await expectCode(store.collection(samples).insertMany([...fresh, dataset[0]!]), 'conflict');
      expect(await store.collection(samples).get(fresh[0]!.id)).toBeUndefined();
    });

    it('updates with the current revision and refuses a stale one', async () => {
      const col = store.collection(samples);
      const first = await col.insert(sample(700));
      const second = await col.update(first.id, first._rev, { ...sample(700), label: 'novo', rank: 99 });
      expect(second._rev).not.toBe(first._rev);
      expect(await col.get(first.id)).toMatchObject({ label: 'novo', rank: 99 });
      await expectCode(col.update(first.id, first._rev, { ...sample(700), label: 'perdido' }), 'conflict');
      expect((await col.get(first.id))?.label).toBe('novo');
      expect((await col.find({ selector: { rank: 99 } })).map((d) => d.id)).toEqual([first.id]);
    });

    it('lets exactly one of two concurrent writers with the same revision win', async () => {
      const col = store.collection(samples);
      const doc = await col.insert(sample(710));
      const results = await Promise.allSettled(
        ['um', 'dois'].map((label) => col.update(doc.id, doc._rev, { ...sample(710), label })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const loser = results.find((r) => r.status === 'rejected');
      expect((loser?.reason as DomainError).code).toBe('conflict');
    });

    it('answers not_found when updating a missing record', async () => {
      await expectCode(store.collection(samples).update(sample(720).id, '1', sample(720)), 'not_found');
    });

    it('soft-deletes: the record disappears and its id stays taken', async () => {
      const col = store.collection(samples);
      const doc = await col.insert(sample(730));
      await expectCode(col.remove(doc.id, 'stale'), 'conflict');
      await col.remove(doc.id, doc._rev);
      expect(await col.get(doc.id)).toBeUndefined();
      expect((await col.find({ selector: { id: doc.id } })).length).toBe(0);
      await expectCode(col.remove(doc.id, doc._rev), 'not_found');
      await expectCode(col.insert(sample(730)), 'conflict');
    });

    it("never shows or touches another tenant's records", async () => {
      const theirs = sample(100, OTHER);
      const col = store.collection(samples);
      expect(await col.get(theirs.id)).toBeUndefined();
      expect((await col.find({ selector: { id: theirs.id } })).length).toBe(0);
      const stored = await other.collection(samples).get(theirs.id);
      await expectCode(col.update(theirs.id, stored!._rev, { ...theirs, tenantId: TENANT }), 'not_found');
      await expectCode(col.remove(theirs.id, stored!._rev), 'not_found');
      await expectCode(col.insert(sample(740, OTHER)), 'forbidden');
      expect(await other.collection(samples).get(theirs.id)).toMatchObject(theirs);
    });

    it('commits every write of a transaction', async () => {
      const before = await store.collection(samples).get(dataset[1]!.id);
      await store.transaction(async (tx) => {
        await tx.collection(samples).insert(sample(800));
        await tx.collection(samples).update(before!.id, before!._rev, { ...dataset[1]!, label: 'tx' });
      });
      expect(await store.collection(samples).get(sample(800).id)).toBeDefined();
      expect((await store.collection(samples).get(dataset[1]!.id))?.label).toBe('tx');
    });

    it('undoes every write of a transaction that throws', async () => {
      const col = store.collection(samples);
      const before = await col.get(dataset[2]!.id);
      const victim = await col.insert(sample(810));
      await expect(
        store.transaction(async (tx) => {
          await tx.collection(samples).insert(sample(811));
          await tx.collection(samples).update(before!.id, before!._rev, { ...dataset[2]!, label: 'desfeito' });
          await tx.collection(samples).remove(victim.id, victim._rev);
          throw new Error('falhou no meio');
        }),
      ).rejects.toThrow('falhou no meio');
      expect(await col.get(sample(811).id)).toBeUndefined();
      expect((await col.get(dataset[2]!.id))?.label).toBe(dataset[2]!.label);
      expect(await col.get(victim.id)).toMatchObject(sample(810));
      expect(await col.count({ selector: { label: 'desfeito' } })).toBe(0);
    });
  });
}
