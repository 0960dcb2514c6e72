/**
 * Kits (spec §2.5 `Kit`): the products, with quantities, a procedure consumes (an endodontia uses one
 * anestésico, two pares de luva, gaze…). A kit may name the event (core/clinic/event-record.ts) it
 * belongs to; consuming it registers one consumption movement per item, lots chosen FEFO.
 */
import { z } from 'zod';
import { nameInput } from '#core/br/schemas.js';
import { events } from '#core/clinic/event-record.js';
import { recordOutputFields } from '#core/common/records.js';
import { refInput } from '#core/references.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { products } from './product-record.js';
import { positiveQuantityInput } from './quantity.js';

/** One product of a kit, in its consumption unit. */
export interface KitItem {
  product: string;
  quantity: number;
}

/** A kit as stored. */
export interface Kit extends RecordBase {
  name: string;
  nameKey: string;
  /** `events` id of the procedure that consumes it. */
  event?: string;
  items: KitItem[];
  active: boolean;
}

/** The `inventory_kits` collection: listed by name, found by event. */
export const kits = defineCollection<Kit>({
  name: 'inventory_kits',
  fields: { nameKey: 'string', event: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['event']],
});

/** A kit's fields as input: at least one item, each product once. */
export const kitFieldsInput = {
  name: nameInput(200),
  event: refInput(() => events).optional(),
  items: z
    .array(z.strictObject({ product: refInput(() => products), quantity: positiveQuantityInput }))
    .min(1, 'informe ao menos um produto')
    .max(100)
    .refine((items) => new Set(items.map((i) => i.product)).size === items.length, 'cada produto uma vez só'),
};

/** A kit as answered. */
export const kitOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    event: z.string().optional(),
    items: z.array(z.object({ product: z.string(), quantity: z.number() })),
    active: z.boolean(),
  })
  .meta({ id: 'Kit' });
