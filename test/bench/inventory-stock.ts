/**
 * Inventory stock bench (issue 26): the stock position of one clinic holding PRODUCTS products and
 * MOVEMENTS movements (3 lots a product, entries then consumptions), through the real `inventory.stock`
 * operation (the clinic's zone, its lots' balance records kept by every movement's write (INV-009), the
 * product names and totals), on the SQLite adapter and PostgreSQL here, and on the desk in headless Chromium
 * (desk-inventory-page.ts, seeded and timed the same way in the page).
 * The baseline is the bare store query the position runs (the clinic's balance records, nothing
 * around it). The movements are inserted in chunks, then their balances kept in one pass (applyToBalances).
 * Target: median under 100 ms. Figures and what they mean: inventory-stock.md beside this file.
 *
 * Entry point: `npx tsx test/bench/inventory-stock-run.ts` (`BENCH_MOVEMENTS` shrinks the history).
 */
import { clinics, type Clinic } from '#core/clinic/clinic-record.js';
import { fixedClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { lotBalances } from '#core/inventory/balance-record.js';
import { inventoryCategories } from '#core/inventory/category-record.js';
import { applyToBalances } from '#core/inventory/movement-write.js';
import { inventoryMovements, type InventoryMovement } from '#core/inventory/movement-record.js';
import { products, type Product } from '#core/inventory/product-record.js';
import { clinicStock } from '#core/inventory/stock-ops.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import type { Database } from '#core/store/port.js';
import { median } from './bench-stats.js';

/** Products of the clinic. */
export const PRODUCTS = 2_000;
/** Movements of the clinic. */
export const MOVEMENTS = Number(globalThis.process?.env.BENCH_MOVEMENTS ?? 500_000);
/** Positions timed per adapter (after one warm-up). */
export const QUERIES = Number(globalThis.process?.env.BENCH_QUERIES ?? 7);
/** The collections the bench opens. */
export const benchCollections = [clinics, products, inventoryCategories, inventoryMovements, lotBalances];

export const TENANT = 'bench-tenant';
const AT = '2026-01-01T00:00:00.000-03:00';
export const CLINIC = '01900000-0000-7000-8000-c00000000001';
const LOTS = 3;
const hex = (n: number) => n.toString(16).padStart(12, '0');
const productId = (p: number) => `01900000-0000-7000-8000-a${hex(p).slice(1)}`;
const base = (id: string) => ({ id, tenantId: TENANT, createdAt: AT, updatedAt: AT });

/** The clinic and its products. */
export function catalogue(): { clinic: Clinic; items: Product[] } {
  const clinic: Clinic = {
    ...base(CLINIC),
    name: 'Clínica Estoque',
    nameKey: 'clinica estoque',
    timeZone: 'America/Sao_Paulo',
    openingHours: [],
    places: [],
    subspecialties: [],
    active: true,
  };
  const items = Array.from({ length: PRODUCTS }, (_, p) => ({
    ...base(productId(p)),
    name: `Produto ${p}`,
    nameKey: `produto ${p}`,
    kind: 'material' as const,
    purchaseUnit: 'caixa',
    consumptionUnit: 'unidade',
    unitsPerPurchase: 10,
    minimumStock: 5,
    suppliers: [],
    active: true,
  }));
  return { clinic, items };
}

/**
 * Movement `n` of the history: each product's lots get an entry of 1,000 first, then consumptions of
 * 1 (never below zero), spread over a year of `occurredAt`.
 */
export function benchMovement(n: number): InventoryMovement {
  const p = n % PRODUCTS;
  const round = Math.floor(n / PRODUCTS);
  const lot = round % LOTS;
  const entry = round < LOTS;
  const occurredAt = new Date(Date.parse('2025-11-01T12:00:00Z') + n * 60_000).toISOString();
  return {
    ...base(`01900000-0000-7000-8000-${hex(n)}`),
    clinic: CLINIC,
    product: productId(p),
    lot: `L${lot}`,
    expiry: `2027-0${lot + 1}-28`,
    kind: entry ? 'entry' : 'consumption',
    quantity: entry ? 1_000 : -1,
    occurredAt,
    by: 'bench',
    balanceAfter: entry ? 1_000 : 1_000 - Math.floor((round - LOTS) / LOTS) - 1,
  };
}

/** One adapter's figures. */
export interface InventoryStockResult {
  adapter: string;
  movements: number;
  insertMs: number;
  /** Median time of `inventory.stock`, ms. */
  medianMs: number;
  /** Median time of the bare store query of the clinic's balance records, ms (the baseline). */
  baselineMs: number;
  /** Lines of the position (lots with stock). */
  lines: number;
}

/**
 * Writes the clinic, its products and its history, then the lots' balance records in one pass over it
 * (what movement-write.ts `applyToBalances` keeps on every write). A function of its own so the history
 * array is garbage once it returns, and the timed reads do not pay for it in every collection.
 */
async function seed(ctx: OperationContext, store: OperationContext['store']): Promise<void> {
  const { clinic, items } = catalogue();
  await store.collection(clinics).insert(clinic);
  await store.transaction((tx) => tx.collection(products).insertMany(items));
  const all: InventoryMovement[] = [];
  for (let i = 0; i < MOVEMENTS; i += 10_000) {
    const chunk = Array.from({ length: Math.min(10_000, MOVEMENTS - i) }, (_, k) => benchMovement(i + k));
    await store.transaction((tx) => tx.collection(inventoryMovements).insertMany(chunk));
    all.push(...chunk);
  }
  await store.transaction((tx) => applyToBalances(ctx, tx, all));
}

/** Fills `database` and times the position against the bare query; closes the database. */
export async function measureInventoryStock(adapter: string, database: Database): Promise<InventoryStockResult> {
  const store = database.forTenant(TENANT);
  const ctx: OperationContext = {
    store,
    actor: { kind: 'system', id: 'bench', tenantId: TENANT, permissions: new Set(['*']) },
    clock: fixedClock('2026-11-23T12:00:00Z'),
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
  const t0 = performance.now();
  await seed(ctx, store);
  const insertMs = performance.now() - t0;
  const times: number[] = [];
  const baseline: number[] = [];
  let lines = 0;
  for (let i = 0; i <= QUERIES; i++) {
    const t = performance.now();
    const position = await invoke(clinicStock, ctx, { clinicId: CLINIC });
    const spent = performance.now() - t;
    const b = performance.now();
    await store.collection(lotBalances).find({ selector: { clinic: CLINIC, product: { $gte: '' } } });
    const bare = performance.now() - b;
    lines = position.lines.length;
    if (i === 0) continue; // warm-up
    times.push(spent);
    baseline.push(bare);
  }
  await database.close();
  return { adapter, movements: MOVEMENTS, insertMs, medianMs: median(times), baselineMs: median(baseline), lines };
}
