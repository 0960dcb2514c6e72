/**
 * The inventory stock bench's desk page (inventory-stock-run.ts), bundled by esbuild and run in headless
 * Chromium: the desk's local core on Dexie over Chromium's IndexedDB, seeded by bulk inserts with the
 * bench clinic, its PRODUCTS products and `movements` movements, then the lots' balance records kept
 * from them through the store (movement-write.ts `applyToBalances`, what every movement's write keeps);
 * `benchStock` times the desk's background warm-up of its live indexes (INV-016), then `inventory.stock` beside
 * the bare store query of the clinic's balance records: the first position after the warm-up, the later ones
 * (warm: from memory, INV-014), and the
 * position read straight from IndexedDB (the store without its live indexes, as before INV-014).
 */
import { warmStockPosition } from '#core/inventory/position-warm.js';
import { fixedClock } from '#core/clock.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { lotBalances } from '#core/inventory/balance-record.js';
import { applyToBalances } from '#core/inventory/movement-write.js';
import { inventoryMovements, type InventoryMovement } from '#core/inventory/movement-record.js';
import { positionOf } from '#core/inventory/position.js';
import { products } from '#core/inventory/product-record.js';
import { clinicStock } from '#core/inventory/stock-ops.js';
import type { Store } from '#core/store/port.js';
import { bulkSeed, openDeskCore, timePair } from './desk-page-common.js';
import { benchMovement, catalogue, CLINIC, TENANT } from './inventory-stock.js';

/** What the page answers, ms. */
export interface InventoryPageResult {
  /** Bulk inserts of the clinic, products and movements. */
  seedMs: number;
  /** Keeping the lots' balance records from the movements, through the store. */
  balancesMs: number;
  /** The background warm-up of the live indexes (INV-016): reads the clinic's balances and the catalogue into memory. */
  warmUpMs: number;
  /** The first position after the warm-up. */
  coldMs: number;
  /** Later positions (warm: from the live indexes), median. */
  medianMs: number;
  /** Every warm position, ms. */
  times: number[];
  /** The bare store query of the clinic's balance records (from IndexedDB), median. */
  rawMedianMs: number;
  /** The position computed from a fresh store read (no live index), median: the figure before INV-014. */
  freshMedianMs: number;
  lines: number;
}

/** The same store without its live indexes: every read goes to IndexedDB. */
function withoutLiveIndexes(store: Store): Store {
  return {
    tenantId: store.tenantId,
    collection: (def) => store.collection(def),
    transaction: (work) => store.transaction(work),
  };
}

async function benchStock(movements: number, queries: number): Promise<InventoryPageResult> {
  const core = await openDeskCore('inventory-bench', TENANT, fixedClock('2026-11-23T12:00:00Z'));
  try {
    const actor = { kind: 'system' as const, id: 'bench', tenantId: TENANT, permissions: new Set(['*']) };
    const ctx = core.context(actor);
    const { clinic, items } = catalogue();
    const history: InventoryMovement[] = [];
    function* generated(): Generator<InventoryMovement> {
      for (let n = 0; n < movements; n++) {
        const m = benchMovement(n);
        history.push(m);
        yield m;
      }
    }
    const seedMs =
      (await bulkSeed(core, clinics, [clinic])) +
      (await bulkSeed(core, products, items)) +
      (await bulkSeed(core, inventoryMovements, generated(), 10_000));
    const t = performance.now();
    await ctx.store.transaction((tx) => applyToBalances(ctx, tx, history));
    const balancesMs = performance.now() - t;
    history.length = 0;
    let lines = 0;
    const position = async () => {
      lines = (await core.run(clinicStock, { clinicId: CLINIC }, actor)).lines.length;
    };
    // The desk's background warm-up (INV-016), then the first position a person opens.
    const warming = performance.now();
    await warmStockPosition(ctx.store);
    const warmUpMs = performance.now() - warming;
    const cold = performance.now();
    await position();
    const coldMs = performance.now() - cold;
    const timed = await timePair(queries, position, () =>
      ctx.store.collection(lotBalances).find({ selector: { clinic: CLINIC, product: { $gte: '' } } }),
    );
    const fresh = withoutLiveIndexes(ctx.store);
    const freshTimed = await timePair(
      queries,
      () => positionOf(fresh, CLINIC, '2026-11-23'),
      () => Promise.resolve(),
    );
    return {
      seedMs,
      balancesMs,
      warmUpMs,
      coldMs,
      medianMs: timed.medianMs,
      times: timed.times,
      rawMedianMs: timed.rawMedianMs,
      freshMedianMs: freshTimed.medianMs,
      lines,
    };
  } finally {
    await core.close();
  }
}

Object.assign(globalThis, { benchStock });
