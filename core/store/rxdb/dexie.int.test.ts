import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { conformanceCollections, describeStoreConformance, samples, type Sample } from '#core/store/conformance.js';
import { adapterSuiteCollections, adapterSuiteGroups, describeAdapterBehaviour } from './adapter-suite.js';
import { describeSparseRecords } from './sparse-suite.js';
import { neighbourCollections, neighbourGroups, withNeighbours } from './group-neighbours.js';
import { openRxdbDatabase } from './rx-database.js';
import { dexieStorage } from './storages.js';

// RxDB's Dexie storage advertises its premium storages once per process; keep the test output clean.
const warn = console.warn.bind(console);
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (!String(args[0]).includes('RxDB Open Core RxStorage')) warn(...args);
});

let opened = 0;
const run = Math.random().toString(36).slice(2, 8);
const uniqueName = (label: string) => `${label}-${run}-${++opened}`;

// Beside another collection in one storage group, as the catalogue's collections live.
describeStoreConformance('rxdb dexie (fake-indexeddb)', () =>
  withNeighbours('samples', () =>
    openRxdbDatabase({
      name: uniqueName('conformance-dexie'),
      storage: dexieStorage(indexedDB, IDBKeyRange),
      collections: neighbourCollections,
      groups: neighbourGroups,
      multiInstance: false,
    }),
  ),
);

describeSparseRecords('dexie (fake-indexeddb)', () =>
  withNeighbours('sparse', () =>
    openRxdbDatabase({
      name: uniqueName('sparse-dexie'),
      storage: dexieStorage(indexedDB, IDBKeyRange),
      collections: neighbourCollections,
      groups: neighbourGroups,
      multiInstance: false,
    }),
  ),
);

describeAdapterBehaviour('dexie (fake-indexeddb)', () =>
  openRxdbDatabase({
    name: uniqueName('adapter-dexie'),
    storage: dexieStorage(indexedDB, IDBKeyRange),
    collections: adapterSuiteCollections,
    groups: adapterSuiteGroups,
    multiInstance: false,
  }),
);

describe('rxdb dexie persistence', () => {
  it('keeps records, revisions and tombstones across closing and reopening', async () => {
    const name = uniqueName('reopen');
    const open = () =>
      openRxdbDatabase({
        name,
        storage: dexieStorage(indexedDB, IDBKeyRange),
        collections: conformanceCollections,
        multiInstance: false,
      });
    const record: Sample = {
      id: '01900000-0000-7000-8000-00000000a001',
      tenantId: 'tenant-a',
      createdAt: '2026-11-23T09:00:00.000-03:00',
      updatedAt: '2026-11-23T09:00:00.000-03:00',
      kind: 'consulta',
      rank: 1.5,
      active: true,
      label: 'João',
      nested: { tags: ['ção'], price: 10.5, note: null },
    };
    const gone = { ...record, id: '01900000-0000-7000-8000-00000000a002' };

    const first = await open();
    const col = first.forTenant('tenant-a').collection(samples);
    const stored = await col.insert(record);
    const removed = await col.insert(gone);
    await col.remove(removed.id, removed._rev);
    await first.close();

    const second = await open();
    try {
      const again = second.forTenant('tenant-a').collection(samples);
      expect(await again.get(record.id)).toEqual(stored);
      expect((await again.find({ selector: { kind: 'consulta' } })).map((d) => d.id)).toEqual([record.id]);
      expect(await again.get(gone.id)).toBeUndefined();
      await expect(again.insert(gone)).rejects.toMatchObject({ code: 'conflict' });
      const updated = await again.update(record.id, stored._rev, { ...record, label: 'José' });
      expect(updated._rev).not.toBe(stored._rev);
    } finally {
      await second.close();
    }
  });
});
