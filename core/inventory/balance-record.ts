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
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

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
}

/** The `inventory_lot_balances` collection: a clinic's lots, a product's lots at a clinic. */
export const lotBalances = defineCollection<LotBalanceRecord>({
  name: 'inventory_lot_balances',
  fields: { clinic: 'string', product: 'string', lot: 'string' },
  indexes: [['clinic', 'product']],
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
  })
  .meta({ id: 'InventoryLotBalance' });

/**
 * The id of a lot's balance record: a UUID (version 8 layout) from SHA-256 of tenant, clinic, product
 * and lot, the same on every desk and the server.
 */
export function lotBalanceId(tenantId: string, clinic: string, product: string, lot: string): string {
  const hex = bytesToHex(sha256(utf8ToBytes([tenantId, clinic, product, lot].join('\u0000')))).slice(0, 32);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
