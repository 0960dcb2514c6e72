/**
 * A clinic's stock position: every lot with stock (or below zero), with its product's name and unit,
 * whether it is expired, and the products below their minimum. Read by the stock, alerts and export
 * operations; derived from the clinic's movements (INV-001) through the lots' balance records (INV-009).
 */
import type { Store } from '#core/store/port.js';
import type { InventoryCategory } from './category-record.js';
import { inventoryCategories } from './category-record.js';
import { inventoryMovements } from './movement-record.js';
import { products, type Product } from './product-record.js';
import { fromMilli, toMilli } from './quantity.js';
import { lotBalances } from './balance-record.js';
import { fefoOrder, isExpired, replay, type LotBalance, type Replay } from './stock.js';

// One collator: localeCompare with a locale builds one per call (a 6,000-line position spent most of
// its time there).
const byName = new Intl.Collator('pt-BR').compare;

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

/**
 * The balance of every lot of `clinic` from its balance records (INV-009), in the order of
 * stock.ts `balancesOf`: one record per lot, not the whole history.
 */
export async function clinicBalances(store: Store, clinic: string): Promise<LotBalance[]> {
  return (await unorderedBalances(store, clinic)).sort(
    (a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : 0) || fefoOrder(a, b),
  );
}

async function unorderedBalances(store: Store, clinic: string): Promise<LotBalance[]> {
  // The desk answers from its live index of the balances by clinic (INV-014): IndexedDB hands over the
  // 6,000 records of a clinic in hundreds of ms. Elsewhere (the server's SQL stores) the query.
  // A condition on `product` (every balance has one) lets the desk walk the (clinic, product) index: only
  // this clinic's lots are read, not every lot of the account (core/store/rxdb/query-plan.ts, FIN-030's rule).
  const live = store.liveIndex?.(lotBalances, 'clinic');
  const records = live
    ? await live.select(clinic)
    : await store.collection(lotBalances).find({ selector: { clinic, product: { $gte: '' } } });
  // Built field by field: an object spread costs microseconds a record, milliseconds over a clinic.
  return records.map((r) => {
    const balance = { clinic: r.clinic, product: r.product, lot: r.lot } as LotBalance;
    if (r.expiry !== undefined) balance.expiry = r.expiry;
    balance.quantity = r.quantity;
    return balance;
  });
}

/** The replay of a clinic's whole history (stock.ts `replay`). */
export async function replayClinic(store: Store, clinic: string): Promise<Replay> {
  return replay(await clinicHistory(store, clinic));
}

/** What the position needs of the catalogue: products by id, ordered by name, and category names. */
interface Catalogue {
  byId: Map<string, Product>;
  /** Every product, by name (pt-BR collation). */
  ordered: Product[];
  /** Each product's place in `ordered`. */
  rank: Map<string, number>;
  categories: Map<string, string>;
}

function catalogueOf(all: readonly Product[], cats: readonly InventoryCategory[]): Catalogue {
  // Products ordered by name once; lines then sort by that rank and FEFO, with no collation per line.
  const ordered = [...all].sort((a, b) => byName(a.name, b.name));
  return {
    byId: new Map(all.map((p) => [p.id, p])),
    ordered,
    rank: new Map(ordered.map((p, i) => [p.id, i])),
    categories: new Map(cats.map((c) => [c.id, c.name])),
  };
}

/** The catalogue built from the desk's live indexes, kept while their versions stay (INV-014). */
const liveCatalogues = new WeakMap<object, { versions: string; catalogue: Catalogue }>();

/** Products and category names by id, for the lines. */
async function catalogue(store: Store): Promise<Catalogue> {
  const liveProducts = store.liveIndex?.(products);
  const liveCategories = store.liveIndex?.(inventoryCategories);
  if (!liveProducts || !liveCategories) {
    const [all, cats] = await Promise.all([
      store.collection(products).find(),
      store.collection(inventoryCategories).find(),
    ]);
    return catalogueOf(all, cats);
  }
  // Versions read before the selects: what they answer is at least that recent, so a change meanwhile
  // only makes the next call rebuild, never keeps an older catalogue under a newer version.
  const versions = `${liveProducts.version}:${liveCategories.version}`;
  const [all, cats] = await Promise.all([liveProducts.select(), liveCategories.select()]);
  const kept = liveCatalogues.get(liveProducts);
  if (kept?.versions === versions) return kept.catalogue;
  const built = catalogueOf(all, cats);
  liveCatalogues.set(liveProducts, { versions, catalogue: built });
  return built;
}

/**
 * The position of `clinic` on `today` (`YYYY-MM-DD`): lots with a non-zero balance, and the total of
 * every active product (those without any movement count as zero, so they show as low stock too).
 */
export async function positionOf(store: Store, clinic: string, today: string): Promise<Position> {
  const [balances, { byId, ordered, rank, categories }] = await Promise.all([
    unorderedBalances(store, clinic),
    catalogue(store),
  ]);
  // Lines go to their product's place in the name order (one list a product, its few lots sorted FEFO):
  // no comparison sort over thousands of lines, the bulk of a warm desk position (INV-014).
  const byRank: PositionLine[][] = Array.from({ length: ordered.length }, () => []);
  const unknown: PositionLine[] = [];
  const totals = new Map<string, number>();
  for (const balance of balances) {
    totals.set(balance.product, (totals.get(balance.product) ?? 0) + toMilli(balance.quantity));
    if (balance.quantity === 0) continue;
    const product = byId.get(balance.product);
    const category = product?.category ? categories.get(product.category) : undefined;
    const line: PositionLine = { clinic: balance.clinic, product: balance.product, lot: balance.lot } as PositionLine;
    if (balance.expiry !== undefined) line.expiry = balance.expiry;
    line.quantity = balance.quantity;
    line.productName = product?.name ?? balance.product;
    line.unit = product?.consumptionUnit ?? '';
    if (category) line.category = category;
    line.expired = isExpired(balance.expiry, today);
    const at = rank.get(balance.product);
    (at === undefined ? unknown : byRank[at]!).push(line);
  }
  const lines: PositionLine[] = [];
  for (const group of byRank) if (group.length > 0) lines.push(...group.sort(fefoOrder));
  // Lots of a product the catalogue lacks go last, by product id then FEFO.
  unknown.sort((a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : 0) || fefoOrder(a, b));
  lines.push(...unknown);
  const productTotals: ProductTotal[] = ordered
    .filter((p) => p.active || totals.has(p.id))
    .map((p) => ({
      product: p.id,
      productName: p.name,
      unit: p.consumptionUnit,
      quantity: fromMilli(totals.get(p.id) ?? 0),
      minimumStock: p.minimumStock,
    }));
  return { lines, totals: productTotals };
}
