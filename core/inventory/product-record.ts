/**
 * Inventory products (spec §4.4 Inventory: "create, inactivate, edit and get an inventory product";
 * §2.5 `Product`): materials, medications and consumables a clinic keeps. A product is bought in one
 * unit (caixa) and consumed in another (unidade), with the conversion between them (a box of 50 → 50
 * units); stock is always counted in the consumption unit. A medication or material may carry its TUSS
 * code (TISS terminologies 19 materiais and 20 medicamentos, 8 digits as in TUSS 22).
 */
import { z } from 'zod';
import { nameInput } from '#core/br/schemas.js';
import { recordOutputFields } from '#core/common/records.js';
import { refInput } from '#core/references.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { inventoryCategories } from './category-record.js';
import { nonNegativeQuantityInput, positiveQuantityInput } from './quantity.js';
import { suppliers } from './supplier-record.js';

/** Kinds of product: material (gaze, luva), medication (anestésico) or consumable (papel, álcool). */
export const PRODUCT_KINDS = ['material', 'medication', 'consumable'] as const;
/** One of {@link PRODUCT_KINDS}. */
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** A product as stored. */
export interface Product extends RecordBase {
  name: string;
  nameKey: string;
  kind: ProductKind;
  /** TUSS code, 8 digits. */
  tussCode?: string;
  /** Unit bought in (`caixa`). */
  purchaseUnit: string;
  /** Unit stock is counted and consumed in (`unidade`). */
  consumptionUnit: string;
  /** Consumption units in one purchase unit (a box of 50 → 50). */
  unitsPerPurchase: number;
  /** Below this (consumption units) the product shows in the low-stock list; 0 means no alert. */
  minimumStock: number;
  /** `inventory_categories` id. */
  category?: string;
  /** `inventory_suppliers` ids. */
  suppliers: string[];
  active: boolean;
}

/** The `inventory_products` collection: listed by name, found by category or TUSS code. */
export const products = defineCollection<Product>({
  name: 'inventory_products',
  fields: { nameKey: 'string', category: 'string', tussCode: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['category'], ['tussCode']],
});

const unitInput = z
  .string()
  .trim()
  .min(1, 'informe a unidade')
  .max(30, 'no máximo 30 caracteres')
  .describe('unidade, por exemplo caixa, unidade, ml');

/** A product's fields as input (create and full edit). */
export const productFieldsInput = {
  name: nameInput(200),
  kind: z.enum(PRODUCT_KINDS, { message: `use ${PRODUCT_KINDS.join(', ')}` }),
  tussCode: z
    .string()
    .regex(/^\d{8}$/, 'código TUSS tem 8 dígitos')
    .optional(),
  purchaseUnit: unitInput,
  consumptionUnit: unitInput,
  unitsPerPurchase: positiveQuantityInput.describe('unidades de consumo por unidade de compra (caixa com 50 → 50)'),
  minimumStock: nonNegativeQuantityInput.default(0).describe('estoque mínimo, em unidades de consumo'),
  category: refInput(() => inventoryCategories).optional(),
  suppliers: z
    .array(refInput(() => suppliers))
    .max(50)
    .default([])
    .transform((ids) => [...new Set(ids)]),
};

/** A product as answered. */
export const productOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    tussCode: z.string().optional(),
    purchaseUnit: z.string(),
    consumptionUnit: z.string(),
    unitsPerPurchase: z.number(),
    minimumStock: z.number(),
    category: z.string().optional(),
    suppliers: z.array(z.string()),
    active: z.boolean(),
  })
  .meta({ id: 'Product' });

/** Purchase units to consumption units: 2 boxes of 50 → 100. */
export function toConsumptionUnits(product: Pick<Product, 'unitsPerPurchase'>, purchaseQuantity: number): number {
  return Math.round(purchaseQuantity * product.unitsPerPurchase * 1000) / 1000;
}
