/**
 * Test-only: the master-data harness (core/common/testing.ts) with the inventory collections,
 * and a clinic and a product to move stock of.
 */
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { fixedClock, type Clock } from '#core/clock.js';
import { TEST_NOW } from '#core/common/testing.js';
import { inventoryModule } from './module.js';
import { createProduct } from './product-ops.js';

/** The inventory collections. */
export const inventoryCollections = inventoryModule.collections.map((c) => c.def);

/** A harness with two clinics and a product (a box of 50 pairs of gloves, minimum 100). */
export interface InventoryHarness extends MasterDataHarness {
  clinic: string;
  otherClinic: string;
  product: string;
}

/** Opens a fresh store with a clinic, a second clinic and a product. */
export async function openInventory(clock: Clock = fixedClock(TEST_NOW)): Promise<InventoryHarness> {
  const h = await openMasterData(inventoryCollections, clock);
  const { clinic } = await h.run(createClinic, { name: 'Clínica Centro' });
  const { clinic: other } = await h.run(createClinic, { name: 'Clínica Norte' });
  const product = await h.run(createProduct, {
    name: 'Luva de procedimento M',
    kind: 'material',
    purchaseUnit: 'caixa',
    consumptionUnit: 'par',
    unitsPerPurchase: 50,
    minimumStock: 100,
  });
  return { ...h, clinic: clinic.id, otherClinic: other.id, product: product.id };
}
