/**
 * What the desk's live indexes of the position cost (INV-014, INVB-005): the heap they hold for the bench
 * clinic's 6,000 lot balances and 2,000 products, and the warm position split into the core's work
 * (`positionOf` from memory) and the operation around it (output schema), on RxDB's memory storage in Node.
 *
 * Entry point: `node --expose-gc --import tsx test/bench/inventory-live-memory.ts` (6,000 movements: one
 * balance a lot; the history does not enter the read).
 */
import { fixedClock } from '#core/clock.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { inventoryCategories } from '#core/inventory/category-record.js';
import { applyToBalances } from '#core/inventory/movement-write.js';
import { inventoryMovements } from '#core/inventory/movement-record.js';
import { lotBalances } from '#core/inventory/balance-record.js';
import { positionOf } from '#core/inventory/position.js';
import { products } from '#core/inventory/product-record.js';
import { clinicStock } from '#core/inventory/stock-ops.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { median } from './bench-stats.js';
import { benchCollections, benchMovement, catalogue, CLINIC, TENANT } from './inventory-stock.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const database = await openRxdbDatabase({
  name: 'inventory-live-memory',
  storage: memoryStorage(),
  collections: benchCollections,
  multiInstance: false,
});
const store = database.forTenant(TENANT);
const actor = { kind: 'system' as const, id: 'bench', tenantId: TENANT, permissions: new Set(['*']) };
const ctx: OperationContext = {
  store,
  actor,
  clock: fixedClock('2026-11-23T12:00:00Z'),
  ids: uuidV7Ids,
  outbox: memoryOutbox(),
  numbers: memoryNumberSource(),
};
const { clinic, items } = catalogue();
await store.collection(clinics).insert(clinic);
await store.collection(products).insertMany(items);
const history = Array.from({ length: 6_000 }, (_, n) => benchMovement(n));
await store.collection(inventoryMovements).insertMany(history);
await store.transaction((tx) => applyToBalances(ctx, tx, history));
history.length = 0;

const balances = await store.liveIndex!(lotBalances, 'clinic').select(CLINIC);
const catalogueRecords = await store.liveIndex!(products).select();
await store.liveIndex!(inventoryCategories).select();
await positionOf(store, CLINIC, '2026-11-23');
// What one copy of the records costs: the heap growth of holding five deep copies, shaped as the index
// holds them (a Map by id of JSON-parsed records), over five. A heap delta across the index's own load
// mixes in what RxDB's storage builds on a first read, so this is the steadier figure.
const COPIES = 5;
const perCopy = (records: readonly object[]) => {
  const start = heap();
  const copies = Array.from(
    { length: COPIES },
    () => new Map(records.map((r) => [(r as { id: string }).id, JSON.parse(JSON.stringify(r)) as object])),
  );
  const bytes = (heap() - start) / COPIES;
  copies.length = 0;
  return bytes;
};
const balanceBytes = perCopy(balances);
const productBytes = perCopy(catalogueRecords);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
console.log(
  `live indexes: ${balances.length} balances ${mib(balanceBytes)} (${Math.round(balanceBytes / balances.length)} bytes each), ` +
    `${catalogueRecords.length} products ${mib(productBytes)} (${Math.round(productBytes / catalogueRecords.length)} bytes each); ` +
    `total ${mib(balanceBytes + productBytes)} besides the catalogue the position keeps (an order and two maps of the products)`,
);

const time = async (runs: number, work: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return median(times);
};
const core = await time(20, () => positionOf(store, CLINIC, '2026-11-23'));
const operation = await time(20, () => invoke(clinicStock, ctx, { clinicId: CLINIC }));
const bare = await time(20, () =>
  store.collection(lotBalances).find({ selector: { clinic: CLINIC, product: { $gte: '' } } }),
);
console.log(
  `warm medians (ms): positionOf ${core.toFixed(1)}, inventory.stock ${operation.toFixed(1)}, ` +
    `bare query (memory storage) ${bare.toFixed(1)}; load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
await database.close();
