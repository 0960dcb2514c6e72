/**
 * The RxDB adapter's live indexes (STORE-021) against a fresh storage read, on the memory storage and on
 * the desk's Dexie storage over fake-indexeddb: after the port's writes, a transaction's undo, writes
 * straight through the storage instance (what replication does), deletions, a write during the first
 * read, and across tenants.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { samples, type Sample } from '#core/store/conformance.js';
import type { Store } from '#core/store/port.js';
import { newDocumentData, replacementData, toStorageDocument } from './documents.js';
import { openRxdbDatabase, type RxdbDatabase } from './rx-database.js';
import { readDocuments, writeDocuments } from './storage-io.js';
import { dexieStorage, memoryStorage } from './storages.js';

const warn = console.warn.bind(console);
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (!String(args[0]).includes('RxDB Open Core RxStorage')) warn(...args);
});

const TENANT = 'tenant-a';
const OTHER = 'tenant-b';
const AT = '2026-11-27T10:00:00.000-03:00';
const sample = (n: number, tenantId = TENANT, kind = ['consulta', 'exame', 'retorno'][n % 3]!): Sample => ({
  id: `${tenantId}-${String(n).padStart(4, '0')}`,
  tenantId,
  createdAt: AT,
  updatedAt: AT,
  kind,
  rank: n,
  active: n % 2 === 0,
  label: `item ${n}`,
});

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const storages = [
  ['memory', () => memoryStorage()],
  ['dexie (fake-indexeddb)', () => dexieStorage(indexedDB, IDBKeyRange)],
] as const;

describe.each(storages)('live index on %s storage (STORE-021)', (_, storage) => {
  let db: RxdbDatabase;
  let store: Store;

  beforeEach(async () => {
    db = await openRxdbDatabase({
      name: `live-index-${Math.random().toString(36).slice(2, 8)}`,
      storage: storage(),
      collections: [samples],
      multiInstance: false,
    });
    store = db.forTenant(TENANT);
    await store.collection(samples).insertMany(Array.from({ length: 30 }, (_, n) => sample(n)));
    await db
      .forTenant(OTHER)
      .collection(samples)
      .insertMany(Array.from({ length: 10 }, (_, n) => sample(n, OTHER)));
  });
  afterEach(() => db.close());

  /** The index's answer and a fresh storage read of the same records, both by id. */
  async function both(kind: string) {
    const live = await store.liveIndex!(samples, 'kind').select(kind);
    const fresh = await store.collection(samples).find({ selector: { kind } });
    return { live: [...live].sort(byId), fresh: fresh.sort(byId) };
  }

  async function expectAgrees() {
    for (const kind of ['consulta', 'exame', 'retorno', 'outro']) {
      const { live, fresh } = await both(kind);
      expect(live).toEqual(fresh);
    }
  }

  it('answers what a storage read answers, only for its tenant, and follows the port writes', async () => {
    await expectAgrees();
    expect((await both('exame')).live.every((s) => s.tenantId === TENANT)).toBe(true);
    const samplesOf = store.collection(samples);
    const version = store.liveIndex!(samples, 'kind').version;
    await samplesOf.insert(sample(100));
    const five = (await samplesOf.get(sample(5).id))!;
    await samplesOf.update(five.id, five._rev, { ...sample(5), label: 'mudou' });
    // A field change moves the record to another value's records.
    const six = (await samplesOf.get(sample(6).id))!;
    await samplesOf.update(six.id, six._rev, { ...sample(6), kind: 'retorno' });
    const seven = (await samplesOf.get(sample(7).id))!;
    await samplesOf.remove(seven.id, seven._rev);
    // Another tenant's writes never reach it.
    await db
      .forTenant(OTHER)
      .collection(samples)
      .insert(sample(101, OTHER, 'exame'));
    expect(store.liveIndex!(samples, 'kind').version).toBeGreaterThan(version);
    await expectAgrees();
    expect((await both('retorno')).live.map((s) => s.id)).toContain(six.id);
    expect((await both('consulta')).live.map((s) => s.id)).not.toContain(six.id);
  });

  it('reflects the undo of a failed transaction', async () => {
    await expectAgrees();
    const failed = store.transaction(async (tx) => {
      const col = tx.collection(samples);
      await col.insert(sample(200, TENANT, 'exame'));
      const two = (await col.get(sample(2).id))!;
      await col.update(two.id, two._rev, { ...sample(2), kind: 'exame', label: 'desfeito' });
      const three = (await col.get(sample(3).id))!;
      await col.remove(three.id, three._rev);
      // Inside the transaction the index sees its writes, as every read of this adapter does.
      expect((await tx.liveIndex!(samples, 'kind').select('exame')).map((s) => s.id)).toContain(sample(200).id);
      throw new Error('falhou');
    });
    await expect(failed).rejects.toThrow('falhou');
    await expectAgrees();
    expect((await both('exame')).live.map((s) => s.id)).not.toContain(sample(200).id);
    // The removed record (a consulta) is back.
    expect((await both('consulta')).live.map((s) => s.id)).toContain(sample(3).id);
    expect((await both('retorno')).live.map((s) => s.id)).toContain(sample(2).id);
  });

  it('follows writes straight through the storage instance (replication), deletions included', async () => {
    await expectAgrees();
    const rx = db.rxCollection(samples);
    const pulled = toStorageDocument(samples.name, samples, { ...sample(300, TENANT, 'exame') });
    const elsewhere = toStorageDocument(samples.name, samples, { ...sample(301, OTHER, 'exame') });
    const current = await readDocuments(rx, [sample(8).id, sample(11).id], false);
    const eight = current.get(sample(8).id)!;
    const eleven = current.get(sample(11).id)!;
    const { errors } = await writeDocuments(
      rx,
      [
        { document: newDocumentData(pulled) },
        { document: newDocumentData(elsewhere) },
        {
          previous: eight,
          document: replacementData(
            toStorageDocument(samples.name, samples, { ...sample(8), kind: 'exame' }),
            eight,
            false,
          ),
        },
        { previous: eleven, document: { ...eleven, _deleted: true, _meta: { ...eleven._meta } } },
      ],
      'replication-pull',
    );
    expect(errors).toEqual([]);
    await expectAgrees();
    const exams = (await both('exame')).live.map((s) => s.id);
    expect(exams).toContain(sample(300).id);
    expect(exams).toContain(sample(8).id);
    expect(exams).not.toContain(sample(301, OTHER).id);
  });

  it('keeps a write made while the first read of a value runs', async () => {
    const index = store.liveIndex!(samples, 'kind');
    const reading = index.select('exame');
    const writing = store.collection(samples).insert(sample(400, TENANT, 'exame'));
    const [records] = await Promise.all([reading, writing]);
    // Whichever came first, the index ends with the record.
    expect(records.length).toBeGreaterThanOrEqual(10);
    await expectAgrees();
    expect((await index.select('exame')).map((s) => s.id)).toContain(sample(400).id);
  });

  it('hands out frozen records, the whole collection without a field, and refuses an undeclared field', async () => {
    const all = await store.liveIndex!(samples).select();
    expect(all.map((s) => s.id).sort()).toEqual((await store.collection(samples).find()).map((s) => s.id).sort());
    expect(Object.isFrozen(all[0])).toBe(true);
    expect(() => store.liveIndex!(samples, 'rank')).toThrow('não é um campo de texto');
    expect(store.liveIndex!(samples, 'kind')).toBe(db.forTenant(TENANT).liveIndex!(samples, 'kind'));
    expect(store.liveIndex!(samples, 'kind')).not.toBe(db.forTenant(OTHER).liveIndex!(samples, 'kind'));
  });
});
