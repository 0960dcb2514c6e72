/**
 * Inventory movements (spec §4.4 Inventory: "get and create inventory movement"; §2.5
 * `InventoryMovement`): the only thing stock is made of. Each movement is one signed change of one
 * product's lot at one clinic; stock is the sum of the movements, never a typed number, so movements
 * made on several offline desks merge by union without conflict (docs/decisions/inventory.md INV-001).
 * Movements are append-only: never edited, never deleted; a mistake is corrected by an adjustment.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/**
 * Kinds of movement: `entry` (entrada), `consumption` (saída), `adjustment` (ajuste, either sign),
 * `loss` (perda: vencido, quebrado), `transfer` (transferência between clinics: one movement leaving
 * and one arriving), `reservation` (reserva with a reason).
 */
export const MOVEMENT_KINDS = ['entry', 'consumption', 'adjustment', 'loss', 'transfer', 'reservation'] as const;
/** One of {@link MOVEMENT_KINDS}. */
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** pt-BR names of the kinds, for screens and exports. */
export const MOVEMENT_KIND_LABELS: Readonly<Record<MovementKind, string>> = {
  entry: 'Entrada',
  consumption: 'Saída',
  adjustment: 'Ajuste',
  loss: 'Perda',
  transfer: 'Transferência',
  reservation: 'Reserva',
};

/** A movement as stored. */
export interface InventoryMovement extends RecordBase {
  /** `clinics` id whose stock changes. */
  clinic: string;
  /** `inventory_products` id. */
  product: string;
  /** Lot number; empty for a product kept without lots. */
  lot: string;
  /** Expiry of the lot, `YYYY-MM-DD`. */
  expiry?: string;
  kind: MovementKind;
  /** Signed change, in consumption units (up to 3 decimals): positive in, negative out. */
  quantity: number;
  /** When it happened (ISO-8601 with offset); the order of a lot's history. */
  occurredAt: string;
  /** Who registered it (user or key id). */
  by: string;
  /**
   * The lot's balance right after this movement as the desk that wrote it saw it. Recalculation
   * compares it with the merged history: a difference shows another desk moved the same lot meanwhile.
   */
  balanceAfter: number;
  /** `inventory_reserve_reasons` id (reservations). */
  reason?: string;
  /** Shared by the two movements of one transfer. */
  transfer?: string;
  /** The other clinic of a transfer. */
  counterpartClinic?: string;
  /** `inventory_counts` id of the count whose closing produced this adjustment. */
  count?: string;
  /** `inventory_kits` id consumed. */
  kit?: string;
  /** `events` id of the procedure that consumed it. */
  event?: string;
  /** `appointments` id whose attendance's end consumed it (or whose undone end put it back). */
  attendance?: string;
  /** `inventory_suppliers` id (entries). */
  supplier?: string;
  note?: string;
}

/** The `inventory_movements` collection: a clinic's history, a product's lots. */
export const inventoryMovements = defineCollection<InventoryMovement>({
  name: 'inventory_movements',
  fields: { clinic: 'string', product: 'string', lot: 'string', kind: 'string', occurredAt: 'string' },
  indexes: [
    ['clinic', 'product', 'occurredAt'],
    ['clinic', 'occurredAt'],
    ['product', 'lot'],
  ],
});

/** A movement as answered. */
export const movementOutput = z
  .object({
    ...recordOutputFields,
    clinic: z.string(),
    product: z.string(),
    lot: z.string(),
    expiry: z.string().optional(),
    kind: z.enum(MOVEMENT_KINDS),
    quantity: z.number(),
    occurredAt: z.string(),
    by: z.string(),
    balanceAfter: z.number(),
    reason: z.string().optional(),
    transfer: z.string().optional(),
    counterpartClinic: z.string().optional(),
    count: z.string().optional(),
    kit: z.string().optional(),
    event: z.string().optional(),
    attendance: z.string().optional(),
    supplier: z.string().optional(),
    note: z.string().optional(),
  })
  .meta({ id: 'InventoryMovement' });
