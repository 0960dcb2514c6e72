/**
 * INV-014: the desk's position from its live indexes (lot balances by clinic, products, categories)
 * equals the position computed from a fresh store read, on the memory storage and on the desk's Dexie
 * storage over fake-indexeddb: after local movements, after the undo of a failed operation, after
 * records written as replication writes them (straight through the storage instance), after deletions,
 * and over random sequences of those (fast-check).
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, TEST_NOW, type MasterDataHarness } from '#core/common/testing.js';
import { fixedClock } from '#core/clock.js';
import { isDomainError } from '#core/errors.js';
import type { Store } from '#core/store/port.js';
import type { RxdbDatabase } from '#core/store/rxdb/index.js';
import { dexieStorage, memoryStorage, toStorageDocument } from '#core/store/rxdb/index.js';
import { lotBalanceId, lotBalances, type LotBalanceRecord } from './balance-record.js';
import { createCategory } from './category-ops.js';
import { createMovement } from './movement-ops.js';
import { positionOf } from './position.js';
import { createProduct, updateProduct } from './product-ops.js';
import { products } from './product-record.js';
import { clinicStock } from './stock-ops.js';
import { inventoryCollections } from './testing.js';

const warn = console.warn.bind(console);
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (!String(args[0]).includes('RxDB Open Core RxStorage')) warn(...args);
});

const TODAY = '2026-11-23';
const LOTS = [
  { lot: 'A', expiry: '2027-01-31' },
  { lot: 'B', expiry: '2026-12-15' },
  { lot: 'C', expiry: '2026-11-01' },
];

/** The same store without its live indexes: the position from a fresh storage read. */
function freshReads(store: Store): Store {
  return {
    tenantId: store.tenantId,
    collection: (def) => store.collection(def),
    transaction: (work) => store.transaction(work),
  };
}

interface Desk {
  h: MasterDataHarness;
  clinics: string[];
  products: string[];
}

async function openDesk(storage: () => Parameters<typeof openMasterData>[2]): Promise<Desk> {
  const h = await openMasterData(inventoryCollections, fixedClock(TEST_NOW), storage());
  const clinics = [
    (await h.run(createClinic, { name: 'Clínica Centro' })).clinic.id,
    (await h.run(createClinic, { name: 'Clínica Norte' })).clinic.id,
  ];
  const category = await h.run(createCategory, { name: 'Descartáveis' });
  const made = [];
  for (const [i, name] of ['Luva M', 'Agulha 25x7', 'Seringa 5 ml'].entries()) {
    made.push(
      (
        await h.run(createProduct, {
          name,
          kind: 'material',
          purchaseUnit: 'caixa',
          consumptionUnit: 'un',
          unitsPerPurchase: 10,
          minimumStock: 5 * i,
          ...(i === 0 ? { category: category.id } : {}),
        })
      ).id,
    );
  }
  return { h, clinics, products: made };
}

/** The live position equals a fresh read's, for every clinic. */
async function expectAgrees(desk: Desk): Promise<void> {
  const store = desk.h.ctx.store;
  expect(typeof store.liveIndex).toBe('function');
  for (const clinicId of desk.clinics) {
    const live = await positionOf(store, clinicId, TODAY);
    const fresh = await positionOf(freshReads(store), clinicId, TODAY);
    expect(live).toEqual(fresh);
  }
}

/** A balance record as the server sends it in a pull, written as RxDB's replication writes it. */
async function pullBalance(desk: Desk, clinic: string, product: string, lot: string, quantity: number) {
  const db = desk.h.database as RxdbDatabase;
  const rx = db.rxCollection(lotBalances);
  const id = lotBalanceId('t1', clinic, product, lot);
  const current = (await rx.storageInstance.findDocumentsById([id], true))[0];
  const record: LotBalanceRecord = {
    id,
    tenantId: 't1',
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
    clinic,
    product,
    lot,
    quantity,
  };
  const document = {
    ...toStorageDocument(lotBalances.name, lotBalances, record as unknown as Record<string, unknown>),
    _deleted: false,
    _attachments: {},
    _meta: { lwt: Date.now() },
    _rev: current?._rev ?? '',
  };
  const { error } = await rx.storageInstance.bulkWrite(
    [current ? { previous: current, document: document } : { document: document }],
    'replication-pull',
  );
  expect(error).toEqual([]);
}

/** A record deleted as a pulled tombstone deletes it (straight through the storage instance). */
async function pullDeletion(desk: Desk, def: typeof products | typeof lotBalances, id: string) {
  const rx = (desk.h.database as RxdbDatabase).rxCollection(def);
  const current = (await rx.storageInstance.findDocumentsById([id], false))[0];
  if (!current) return;
  const { error } = await rx.storageInstance.bulkWrite(
    [{ previous: current, document: { ...current, _deleted: true, _meta: { ...current._meta } } }],
    'replication-pull',
  );
  expect(error).toEqual([]);
}

const storages = [
  ['memory', () => memoryStorage()],
  ['dexie (fake-indexeddb)', () => dexieStorage(indexedDB, IDBKeyRange)],
] as const;

describe.each(storages)('the desk position from its live indexes on %s storage (INV-014)', (_, storage) => {
  let desk: Desk;
  beforeEach(async () => {
    desk = await openDesk(storage);
  });
  afterEach(() => desk.h.close());

  it('follows local movements, a product edit, a failed operation undone, pulled records and deletions', async () => {
    const [centro, norte] = desk.clinics as [string, string];
    const [luva, agulha] = desk.products as [string, string];
    // Cold: the first position fills the indexes.
    await expectAgrees(desk);
    await desk.h.run(createMovement, { clinic: centro, product: luva, kind: 'entry', quantity: 10, ...LOTS[0]! });
    await desk.h.run(createMovement, { clinic: centro, product: agulha, kind: 'entry', quantity: 4, ...LOTS[1]! });
    await desk.h.run(createMovement, { clinic: centro, product: luva, kind: 'consumption', quantity: 3 });
    await desk.h.run(createMovement, { clinic: centro, product: luva, kind: 'transfer', quantity: 2, toClinic: norte });
    await expectAgrees(desk);
    expect((await desk.h.run(clinicStock, { clinicId: centro })).lines.map((l) => l.quantity)).toEqual([4, 5]);

    // A product renamed: the cached catalogue is rebuilt (names and order change).
    const current = (await desk.h.ctx.store.collection(products).get(agulha))!;
    await desk.h.run(updateProduct, {
      id: agulha,
      name: 'Zagulha',
      kind: current.kind,
      purchaseUnit: current.purchaseUnit,
      consumptionUnit: current.consumptionUnit,
      unitsPerPurchase: current.unitsPerPurchase,
      minimumStock: 1,
    });
    await expectAgrees(desk);
    expect((await desk.h.run(clinicStock, { clinicId: centro })).lines.map((l) => l.productName)).toEqual([
      'Luva M',
      'Zagulha',
    ]);

    // A failed operation: its movements and balance writes are undone, and so is the live position.
    const failed = desk.h.ctx.store.transaction(async (store) => {
      await createMovement.run(
        { ...desk.h.ctx, store },
        {
          clinic: centro,
          product: luva,
          kind: 'consumption',
          quantity: 4,
          inPurchaseUnits: false,
        },
      );
      expect((await positionOf(store, centro, TODAY)).lines.map((l) => l.quantity)).toEqual([1, 4]);
      throw new Error('falhou depois de gravar');
    });
    await expect(failed).rejects.toThrow('falhou depois de gravar');
    await expectAgrees(desk);
    expect((await desk.h.run(clinicStock, { clinicId: centro })).lines.map((l) => l.quantity)).toEqual([5, 4]);

    // Pulled by replication: a changed balance, a new lot; then a pulled deletion of a product.
    await pullBalance(desk, centro, luva, 'A', 7);
    await pullBalance(desk, norte, agulha, 'Z', 3);
    await expectAgrees(desk);
    expect((await desk.h.run(clinicStock, { clinicId: centro })).lines.map((l) => l.quantity)).toEqual([7, 4]);
    await pullDeletion(desk, products, agulha);
    await pullDeletion(desk, lotBalances, lotBalanceId('t1', norte, luva, 'A'));
    await expectAgrees(desk);
    const norteLines = (await desk.h.run(clinicStock, { clinicId: norte })).lines;
    expect(norteLines.map((l) => [l.productName, l.quantity])).toEqual([[agulha, 3]]);
  });

  it('holds over random sequences of movements, failures, pulls and deletions', async () => {
    const step = fc.oneof(
      fc.record({
        act: fc.constantFrom('entry', 'consumption', 'adjustment', 'transfer', 'failed'),
        clinic: fc.nat({ max: 1 }),
        product: fc.nat({ max: 2 }),
        lot: fc.nat({ max: LOTS.length - 1 }),
        quantity: fc.integer({ min: 1, max: 5000 }).map((m) => m / 1000),
      }),
      fc.record({
        act: fc.constantFrom('pull', 'deleteBalance', 'rename'),
        clinic: fc.nat({ max: 1 }),
        product: fc.nat({ max: 2 }),
        lot: fc.nat({ max: LOTS.length - 1 }),
        quantity: fc.integer({ min: -3000, max: 9000 }).map((m) => m / 1000),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await desk.h.close();
        desk = await openDesk(storage);
        await expectAgrees(desk);
        for (const [n, s] of steps.entries()) {
          const clinic = desk.clinics[s.clinic]!;
          const product = desk.products[s.product]!;
          const { lot, expiry } = LOTS[s.lot]!;
          try {
            if (s.act === 'pull') await pullBalance(desk, clinic, product, lot, s.quantity);
            else if (s.act === 'deleteBalance')
              await pullDeletion(desk, lotBalances, lotBalanceId('t1', clinic, product, lot));
            else if (s.act === 'rename') {
              const p = (await desk.h.ctx.store.collection(products).get(product))!;
              const { _rev, ...rest } = p;
              await desk.h.ctx.store.collection(products).update(p.id, _rev, { ...rest, name: `Produto ${n}` });
            } else if (s.act === 'failed') {
              await desk.h.ctx.store
                .transaction(async (store) => {
                  await createMovement.run(
                    { ...desk.h.ctx, store },
                    { clinic, product, kind: 'entry', quantity: s.quantity, lot, expiry, inPurchaseUnits: false },
                  );
                  throw new Error('desfeita');
                })
                .catch((error: unknown) => {
                  if (!isDomainError(error) && (!(error instanceof Error) || error.message !== 'desfeita')) throw error;
                });
            } else {
              await desk.h.run(createMovement, {
                clinic,
                product,
                kind: s.act,
                quantity: s.quantity,
                ...(s.act === 'entry' ? { lot, expiry } : { lot }),
                ...(s.act === 'transfer' ? { toClinic: desk.clinics[1 - s.clinic]! } : {}),
              });
            }
          } catch (error) {
            // Refused movements (not enough stock, expired lot) change nothing. An undone first movement of a lot
            // leaves its balance at zero, not a tombstone (STORE-022), so no later movement meets `conflict`.
            if (!isDomainError(error) || !['invalid_transition', 'validation'].includes(error.code)) throw error;
          }
          await expectAgrees(desk);
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
