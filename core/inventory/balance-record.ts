/**
 * The running balance of one lot at one clinic (docs/decisions/inventory.md INV-009): a derived record,
 * kept by every movement's write in the same transaction, so a clinic's position reads one record per
 * lot instead of folding its whole history. The movements stay the truth (INV-001): recalculation
 * rebuilds the balances from them and reports, and corrects, any balance that differs.
 *
 * Its id is derived from the tenant, clinic, product and lot, so two desks moving the same lot offline
 * write the same record; their versions merge as counters (balance-merge.ts): each side's change since
 * the version it started from is added, none is lost.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { derivedUuid } from './derived-id.js';

/** A lot's balance as stored. */
export interface LotBalanceRecord extends RecordBase {
  clinic: string;
  product: string;
  /** Empty for stock kept without lots. */
  lot: string;
  /** `YYYY-MM-DD`, the first one the lot's movements gave. */
  expiry?: string;
  /** Consumption units, the sum of the lot's movements (up to 3 decimals). */
  quantity: number;
  /**
   * The part of `quantity` made of movements whose id two desks may both write (an attendance's kit
   * consumption and its reversal, INV-011), by movement id: on a merge these are united, counted once,
   * while the rest of the quantity merges as a counter (balance-merge.ts).
   */
  shared?: Record<string, number>;
}

/** The `inventory_lot_balances` collection: a clinic's lots, a product's lots at a clinic. */
export const lotBalances = defineCollection<LotBalanceRecord>({
  name: 'inventory_lot_balances',
  fields: { clinic: 'string', product: 'string', lot: 'string' },
  indexes: [['clinic', 'product']],
  // An undone first movement of a lot leaves its balance at zero, not a tombstone (STORE-022).
  emptied: ({ shared: _shared, ...balance }) => ({ ...balance, quantity: 0 }),
});

/** A lot's balance as answered. */
export const lotBalanceOutput = z
  .object({
    ...recordOutputFields,
    clinic: z.string(),
    product: z.string(),
    lot: z.string(),
    expiry: z.string().optional(),
    quantity: z.number(),
    shared: z.record(z.string(), z.number()).optional(),
  })
  .meta({ id: 'InventoryLotBalance' });

/**
 * The id of a lot's balance record: a UUID (version 8 layout) from SHA-256 of tenant, clinic, product
 * and lot, the same on every desk and the server.
 */
export function lotBalanceId(tenantId: string, clinic: string, product: string, lot: string): string {
  return derivedUuid([tenantId, clinic, product, lot]);
}
