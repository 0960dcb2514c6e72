/**
 * Product categories (spec §4.4 Inventory: "list, delete and update categories"; §2.5 `Category`) and
 * reserve reasons (spec §4.4 "create a reserve reason"; §2.5 `ReserveReason`): why stock is set aside
 * (cirurgia agendada, kit de urgência). Both are short named lists of the account.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** A category as stored. */
export interface InventoryCategory extends RecordBase {
  name: string;
  /** Search key of the name (core/br/text.ts `searchKey`): unique in the account. */
  nameKey: string;
}

/** The `inventory_categories` collection, listed by name. */
export const inventoryCategories = defineCollection<InventoryCategory>({
  name: 'inventory_categories',
  fields: { nameKey: 'string' },
  indexes: [['nameKey']],
});

/** A category as answered. */
export const categoryOutput = z.object({ ...recordOutputFields, name: z.string() }).meta({ id: 'InventoryCategory' });

/** A reserve reason as stored. */
export interface ReserveReason extends RecordBase {
  name: string;
  nameKey: string;
  active: boolean;
}

/** The `inventory_reserve_reasons` collection. */
export const reserveReasons = defineCollection<ReserveReason>({
  name: 'inventory_reserve_reasons',
  fields: { nameKey: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey']],
});

/** A reserve reason as answered. */
export const reserveReasonOutput = z
  .object({ ...recordOutputFields, name: z.string(), active: z.boolean() })
  .meta({ id: 'ReserveReason' });
