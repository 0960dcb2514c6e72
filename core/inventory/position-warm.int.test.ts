/**
 * INV-016: once the desk warmed the stock position's live indexes, the first position of each clinic
 * reads nothing from storage; without the warm-up it reads the clinic's lots, the products and the
 * categories. On RxDB's memory storage (the reads counted are the store port's).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, TEST_NOW, type MasterDataHarness } from '#core/common/testing.js';
import { fixedClock } from '#core/clock.js';
import { memoryStorage } from '#core/store/rxdb/index.js';
import { RxdbCollection } from '#core/store/rxdb/rx-collection.js';
import { createMovement } from './movement-ops.js';
import { positionOf } from './position.js';
import { warmStockPosition } from './position-warm.js';
import { createProduct } from './product-ops.js';
import { inventoryCollections } from './testing.js';

let h: MasterDataHarness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
});

async function deskWithStock(): Promise<{ h: MasterDataHarness; clinics: string[] }> {
  const desk = await openMasterData(inventoryCollections, fixedClock(TEST_NOW), memoryStorage());
  const clinics = [
    (await desk.run(createClinic, { name: 'Clínica Centro' })).clinic.id,
    (await desk.run(createClinic, { name: 'Clínica Norte' })).clinic.id,
  ];
  const product = await desk.run(createProduct, {
    name: 'Luva M',
    kind: 'material',
    purchaseUnit: 'caixa',
    consumptionUnit: 'un',
    unitsPerPurchase: 100,
  });
  for (const clinic of clinics)
    await desk.run(createMovement, {
      clinic,
      product: product.id,
      kind: 'entry',
      quantity: 40,
      lot: 'L1',
      expiry: '2099-01-31',
    });
  return { h: desk, clinics };
}

describe('the stock position warmed at the desk', () => {
  it('answers the first position of every clinic from memory', async () => {
    const desk = await deskWithStock();
    h = desk.h;
    const store = desk.h.ctx.store;
    await warmStockPosition(store);
    const reads = vi.spyOn(RxdbCollection.prototype, 'find');
    for (const clinic of desk.clinics) {
      const position = await positionOf(store, clinic, '2026-11-28');
      expect(position.lines.map((l) => [l.lot, l.quantity])).toEqual([['L1', 40]]);
    }
    expect(reads).not.toHaveBeenCalled();
  });

  it('reads the storage for a first position that was not warmed', async () => {
    const desk = await deskWithStock();
    h = desk.h;
    const reads = vi.spyOn(RxdbCollection.prototype, 'find');
    await positionOf(desk.h.ctx.store, desk.clinics[0]!, '2026-11-28');
    expect(reads).toHaveBeenCalled();
  });
});
