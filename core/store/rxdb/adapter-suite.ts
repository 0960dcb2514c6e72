/**
 * Tests of what the RxDB adapter adds beyond the shared conformance suite: plain JSON copies, input
 * checks, the storage's own revision check, nested and failing transactions, and the RxDB handles
 * replication will use. Both storages run it. Test-only module.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '#core/errors.js';
import { defineCollection } from '#core/store/collection-def.js';
import { samples, type Sample } from '#core/store/conformance.js';
import type { Store } from '#core/store/port.js';
import type { RxdbDatabase } from './rx-database.js';
import type { StorageGroups } from './storage-groups.js';

/** A collection declared like `samples`, sharing its storage group: neither may see the other's records. */
export const sampleTwins = defineCollection<Sample>({
  name: 'sample_twins',
  fields: { kind: 'string', rank: 'number', active: 'boolean', label: 'string' },
  indexes: [['kind'], ['rank'], ['active', 'rank'], ['label']],
});

/** A derived collection (its ids computed, like a lot's balance): an undone insert leaves it emptied (STORE-022). */
export const sampleSums = defineCollection<Sample>({
  name: 'sample_sums',
  fields: { kind: 'string', rank: 'number', active: 'boolean', label: 'string' },
  indexes: [['rank']],
  emptied: (record) => ({ ...record, rank: 0, label: 'vazio' }),
});

/** Collections the suite needs the database opened with. */
export const adapterSuiteCollections = [samples, sampleTwins, sampleSums];

/** The storage groups the suite needs: the three collections in one RxDB collection. */
export const adapterSuiteGroups: StorageGroups = { shared: ['samples', 'sample_twins', 'sample_sums'] };

const TENANT = 'tenant-a';

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof DomainError
    ? error.code
    : error === undefined
      ? undefined
      : `not a DomainError: ${error instanceof Error ? error.message : typeof error}`;
}

function sample(n: number): Sample {
  return {
    id: `0192${String(n).padStart(4, '0')}-0000-7000-8000-000000000000`,
    tenantId: TENANT,
    createdAt: '2026-11-23T09:00:00.000-03:00',
    updatedAt: '2026-11-23T09:00:00.000-03:00',
    kind: 'consulta',
    rank: n,
    active: true,
    label: `amostra ${n}`,
    nested: { tags: ['a'], price: 1.5, note: null },
  };
}

/**
 * Registers the adapter's own tests.
 *
 * @param open opens a fresh, empty database declaring {@link adapterSuiteCollections} in
 *   {@link adapterSuiteGroups}
 */
export function describeAdapterBehaviour(name: string, open: () => Promise<RxdbDatabase>): void {
  describe(`rxdb adapter: ${name}`, () => {
    let db: RxdbDatabase;
    let store: Store;

    beforeAll(async () => {
      db = await open();
      store = db.forTenant(TENANT);
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });

    describe('records as plain JSON', () => {
      it('returns copies without RxDB bookkeeping, detached from the stored record', async () => {
        const col = store.collection(samples);
        const input = sample(1);
        const stored = await col.insert(input);
        expect(Object.keys(stored).filter((k) => k.startsWith('_'))).toEqual(['_rev']);
        input.nested!.tags.push('mutated input');
        stored.nested!.tags.push('mutated output');
        const found = await col.find({ selector: { id: input.id } });
        found[0]!.nested!.tags.push('mutated find');
        expect((await col.get(input.id))?.nested?.tags).toEqual(['a']);
      });

      it('accepts a record read back, _rev included, as the next state', async () => {
        const col = store.collection(samples);
        const stored = await col.insert(sample(2));
        const next = await col.update(stored.id, stored._rev, { ...stored, label: 'de novo' });
        expect(next.label).toBe('de novo');
      });
    });

    describe('input checks', () => {
      it('refuses bad ids, wrongly typed declared fields and a changed id', async () => {
        const col = store.collection(samples);
        expect(await codeOf(col.insert({ ...sample(3), id: 'com espaço' }))).toBe('validation');
        expect(await codeOf(col.insert({ ...sample(3), id: 'x'.repeat(65) }))).toBe('validation');
        expect(await codeOf(col.insert({ ...sample(3), rank: '3' } as unknown as Sample))).toBe('validation');
        expect(await codeOf(col.insert({ ...sample(3), label: 5 } as unknown as Sample))).toBe('validation');
        const stored = await col.insert(sample(3));
        expect(await codeOf(col.update(stored.id, stored._rev, { ...sample(4) }))).toBe('validation');
        expect(await codeOf(col.update(stored.id, stored._rev, { ...sample(3), tenantId: 'tenant-b' }))).toBe(
          'forbidden',
        );
      });

      it('refuses an insertMany repeating an id, writing nothing', async () => {
        const col = store.collection(samples);
        expect(await codeOf(col.insertMany([sample(5), sample(6), sample(5)]))).toBe('conflict');
        expect(await col.get(sample(6).id)).toBeUndefined();
      });

      it('refuses an undeclared collection or tenant id', () => {
        const other = defineCollection<Sample>({ name: 'undeclared', fields: {}, indexes: [] });
        expect(() => store.collection(other)).toThrow(/não foi declarada/);
        expect(() => db.forTenant('')).toThrow();
      });
    });

    it("answers conflict when RxDB's own revision check catches a write that slipped in", async () => {
      const col = store.collection(samples);
      const doc = await col.insert(sample(10));
      const rx = db.rxCollection(samples);
      const read = rx.storageInstance.findDocumentsById.bind(rx.storageInstance);
      // Another writer (replication, another window) changes the record right after the adapter read it.
      const spy = vi.spyOn(rx.storageInstance, 'findDocumentsById').mockImplementationOnce(async (ids, deleted) => {
        const before = await read(ids, deleted);
        const current = before[0]!;
        await rx.storageInstance.bulkWrite(
          [{ previous: current, document: { ...current, label: 'de fora', _meta: { ...current._meta } } }],
          'test',
        );
        return before;
      });
      try {
        expect(await codeOf(col.update(doc.id, doc._rev, { ...sample(10), label: 'perde' }))).toBe('conflict');
      } finally {
        spy.mockRestore();
      }
      expect((await col.get(doc.id))?.label).toBe('de fora');
    });

    describe('transactions', () => {
      it('undoes only the nested work that threw; the outer work goes on and commits', async () => {
        const col = store.collection(samples);
        await store.transaction(async (tx) => {
          await tx.collection(samples).insert(sample(20));
          await expect(
            tx.transaction(async (inner) => {
              await inner.collection(samples).insert(sample(21));
              throw new Error('interno');
            }),
          ).rejects.toThrow('interno');
          await tx.collection(samples).insert(sample(22));
        });
        expect(await col.get(sample(20).id)).toBeDefined();
        expect(await col.get(sample(21).id)).toBeUndefined();
        expect(await col.get(sample(22).id)).toBeDefined();
      });

      it('undoes nested work that succeeded when the outer work throws, and several writes to one record', async () => {
        const col = store.collection(samples);
        const before = await col.insert(sample(30));
        await expect(
          store.transaction(async (tx) => {
            const txCol = tx.collection(samples);
            const first = await txCol.update(before.id, before._rev, { ...sample(30), label: 'um' });
            await tx.transaction(async (inner) => {
              await inner.collection(samples).update(first.id, first._rev, { ...sample(30), label: 'dois', rank: 99 });
              await inner.collection(samples).insert(sample(31));
            });
            throw new Error('externo');
          }),
        ).rejects.toThrow('externo');
        expect(await col.get(before.id)).toMatchObject(sample(30));
        expect(await col.get(sample(31).id)).toBeUndefined();
        // Undoing an insert leaves a tombstone: the id stays taken (documented limit).
        expect(await codeOf(col.insert(sample(31)))).toBe('conflict');
      });

      it('leaves a derived record emptied, not deleted, when its insert is undone, so its id stays usable', async () => {
        const sums = store.collection(sampleSums);
        await expect(
          store.transaction(async (tx) => {
            await tx.collection(sampleSums).insert(sample(35));
            throw new Error('desfeito');
          }),
        ).rejects.toThrow('desfeito');
        const left = await sums.get(sample(35).id);
        expect(left).toMatchObject({ rank: 0, label: 'vazio', kind: 'consulta' });
        const next = await sums.update(left!.id, left!._rev, { ...sample(35), rank: 7 });
        expect((await sums.find({ selector: { rank: 7 } })).map((r) => r.id)).toEqual([next.id]);
      });

      it('holds plain writes back until the transaction ends', async () => {
        const col = store.collection(samples);
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let plainDone = false;
        const running = store.transaction(async (tx) => {
          await tx.collection(samples).insert(sample(40));
          await gate;
          expect(await tx.collection(samples).get(sample(41).id)).toBeUndefined();
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
        const plain = col.insert(sample(41)).then(() => (plainDone = true));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(plainDone).toBe(false);
        release();
        await running;
        await plain;
        expect(plainDone).toBe(true);
      });

      it('refuses writes through a transaction store after the transaction ended', async () => {
        let leaked: Store | undefined;
        await store.transaction((tx) => {
          leaked = tx;
          return Promise.resolve();
        });
        await expect(leaked!.collection(samples).insert(sample(50))).rejects.toThrow(/transação já terminou/);
      });

      it('leaves a record another writer changed meanwhile and reports internal', async () => {
        const col = store.collection(samples);
        const doc = await col.insert(sample(60));
        const rx = db.rxCollection(samples);
        const error: unknown = await store
          .transaction(async (tx) => {
            await tx.collection(samples).update(doc.id, doc._rev, { ...sample(60), label: 'na transação' });
            const [current] = await rx.storageInstance.findDocumentsById([doc.id], false);
            await rx.storageInstance.bulkWrite(
              [{ previous: current!, document: { ...current!, label: 'de fora', _meta: { ...current!._meta } } }],
              'test',
            );
            throw new Error('falhou');
          })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('internal');
        expect(((error as DomainError).cause as Error).message).toBe('falhou');
        expect((await col.get(doc.id))?.label).toBe('de fora');
      });
    });

    describe('collections sharing a storage group', () => {
      it("never show, count, change or remove each other's records, and keep ids unique", async () => {
        const col = store.collection(samples);
        const twins = store.collection(sampleTwins);
        const mine = await col.insert(sample(80));
        const theirs = await twins.insert(sample(81));
        expect(await twins.get(mine.id)).toBeUndefined();
        expect(await col.get(theirs.id)).toBeUndefined();
        expect((await twins.find({ selector: { kind: mine.kind } })).map((d) => d.id)).toEqual(
          theirs.kind === mine.kind ? [theirs.id] : [],
        );
        expect(await twins.count()).toBe(1);
        expect((await col.find({ selector: { rank: theirs.rank } })).map((d) => d.id)).not.toContain(theirs.id);
        expect(await codeOf(twins.update(mine.id, mine._rev, sample(80)))).toBe('not_found');
        expect(await codeOf(twins.remove(mine.id, mine._rev))).toBe('not_found');
        // One primary key per RxDB collection: an id is taken across the group.
        expect(await codeOf(twins.insert(sample(80)))).toBe('conflict');
        expect(await col.get(mine.id)).toEqual(mine);
      });

      it('refuses records carrying fields named like the storage fields', async () => {
        const col = store.collection(samples);
        const bad = { ...sample(82), rx_collection: 'sample_twins' } as Sample;
        expect(await codeOf(col.insert(bad))).toBe('validation');
        expect(await col.get(sample(82).id)).toBeUndefined();
      });
    });

    describe('RxDB handles for replication and live queries', () => {
      it("exposes the group's collection, whose queries and change stream see the adapter writes", async () => {
        const rx = db.rxCollection(samples);
        expect(db.rxCollection(sampleTwins)).toBe(rx);
        expect(db.groupOf(samples).name).toBe('shared');
        expect([...db.groupOf(samples).members.keys()]).toEqual(['samples', 'sample_twins', 'sample_sums']);
        const seen: string[] = [];
        const subscription = rx.$.subscribe((event) => seen.push(event.documentId));
        let sampleChanges = 0;
        const changes = db.changes$(samples).subscribe(() => sampleChanges++);
        const stored = await store.collection(samples).insert(sample(70));
        await store.collection(sampleTwins).insert(sample(71));
        const doc = await rx.findOne(stored.id).exec();
        subscription.unsubscribe();
        changes.unsubscribe();
        expect(doc?.get('label')).toBe(sample(70).label);
        expect(doc?.get('rx_collection')).toBe('samples');
        expect(doc?.revision).toBe(stored._rev);
        expect(seen).toContain(stored.id);
        expect(sampleChanges).toBe(1);
        expect(db.rxdb.collections['shared']).toBe(rx);
      });
    });
  });
}
