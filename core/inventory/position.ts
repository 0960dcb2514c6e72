/**
 * A clinic's stock position: every lot with stock (or below zero), with its product's name and unit,
 * whether it is expired, and the products below their minimum. Read by the stock, alerts and export
 * operations; derived from the clinic's movements on every read (INV-001).
 */
import type { Store } from '#core/store/port.js';
import type { InventoryCategory } from './category-record.js';
import { inventoryCategories } from './category-record.js';
import { inventoryMovements } from './movement-record.js';
import { products, type Product } from './product-record.js';
import { fromMilli, toMilli } from './quantity.js';
import { balancesOf, isExpired, replay, type LotBalance, type Replay } from './stock.js';

/** One line of a position: a lot of a product. */
export interface PositionLine extends LotBalance {
  productName: string;
  unit: string;
  category?: string;
  expired: boolean;
}

/** A product's total at a clinic against its minimum. */
export interface ProductTotal {
  product: string;
  productName: string;
  unit: string;
  quantity: number;
  minimumStock: number;
}

/** A clinic's position. */
export interface Position {
  lines: PositionLine[];
  totals: ProductTotal[];
}

/** The movements of a clinic, every lot (the whole history: INV-001 explains why this is bounded). */
export async function clinicHistory(store: Store, clinic: string) {
  return store.collection(inventoryMovements).find({ selector: { clinic } });
}

/** The replay of a clinic's whole history (stock.ts `replay`). */
export async function replayClinic(store: Store, clinic: string): Promise<Replay> {
  return replay(await clinicHistory(store, clinic));
}

/** Products and category names by id, for the lines. */
async function catalogue(store: Store): Promise<{ byId: Map<string, Product>; categories: Map<string, string> }> {
  const all = await store.collection(products).find();
  const cats: InventoryCategory[] = await store.collection(inventoryCategories).find();
  return { byId: new Map(all.map((p) => [p.id, p])), categories: new Map(cats.map((c) => [c.id, c.name])) };
}

/**
 * The position of `clinic` on `today` (`YYYY-MM-DD`): lots with a non-zero balance, and the total of
 * every active product (those without any movement count as zero, so they show as low stock too).
 */
export async function positionOf(store: Store, clinic: string, today: string): Promise<Position> {
  const [history, { byId, categories }] = await Promise.all([clinicHistory(store, clinic), catalogue(store)]);
  const lines: PositionLine[] = [];
  const totals = new Map<string, number>();
  for (const balance of balancesOf(history)) {
    totals.set(balance.product, (totals.get(balance.product) ?? 0) + toMilli(balance.quantity));
    if (balance.quantity === 0) continue;
    const product = byId.get(balance.product);
    const category = product?.category ? categories.get(product.category) : undefined;
    lines.push({
      ...balance,
      productName: product?.name ?? balance.product,
      unit: product?.consumptionUnit ?? '',
      ...(category ? { category } : {}),
      expired: isExpired(balance.expiry, today),
    });
  }
  lines.sort((a, b) => a.productName.localeCompare(b.productName, 'pt-BR') || 0);
  const productTotals: ProductTotal[] = [...byId.values()]
    .filter((p) => p.active || totals.has(p.id))
    .map((p) => ({
      product: p.id,
      productName: p.name,
      unit: p.consumptionUnit,
      quantity: fromMilli(totals.get(p.id) ?? 0),
      minimumStock: p.minimumStock,
    }))
    .sort((a, b) => a.productName.localeCompare(b.productName, 'pt-BR'));
  return { lines, totals: productTotals };
}
