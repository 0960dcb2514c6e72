/**
 * Inventory counts (contagem; spec §4.4 Inventory: "get open inventory for a clinic"; §2.5
 * `Inventory`): a person counts what is on the shelves of one clinic, product by product and lot by
 * lot; closing the count registers one adjustment movement per line whose counted quantity differs
 * from the stock at that moment. At most one count is open per clinic.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** One counted line. */
export interface CountLine {
  product: string;
  /** Empty for a product kept without lots. */
  lot: string;
  expiry?: string;
  /** Stock of the line when the count was opened (consumption units). */
  expected: number;
  /** What the person counted; absent until counted (an uncounted line produces no adjustment). */
  counted?: number;
}

/** A count as stored. */
export interface InventoryCount extends RecordBase {
  clinic: string;
  status: 'open' | 'closed';
  openedAt: string;
  openedBy: string;
  closedAt?: string;
  lines: CountLine[];
  /** Movements registered on closing. */
  adjustments: string[];
}

/** The `inventory_counts` collection: a clinic's counts, the open one found by status. */
export const inventoryCounts = defineCollection<InventoryCount>({
  name: 'inventory_counts',
  fields: { clinic: 'string', status: 'string', openedAt: 'string' },
  indexes: [
    ['clinic', 'status'],
    ['clinic', 'openedAt'],
  ],
});

/** A count as answered. */
export const countOutput = z
  .object({
    ...recordOutputFields,
    clinic: z.string(),
    status: z.enum(['open', 'closed']),
    openedAt: z.string(),
    openedBy: z.string(),
    closedAt: z.string().optional(),
    lines: z.array(
      z.object({
        product: z.string(),
        lot: z.string(),
        expiry: z.string().optional(),
        expected: z.number(),
        counted: z.number().optional(),
      }),
    ),
    adjustments: z.array(z.string()),
  })
  .meta({ id: 'Inventory' });
