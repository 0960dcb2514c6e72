/**
 * Loads, in the background, what the desk's stock position reads from memory (INV-016): the live
 * indexes of the products, the categories and each clinic's lot balances (INV-014, STORE-021). Without
 * it the first position after the desk opens reads those records from IndexedDB (1.3–2.1 s for 2,000
 * products and 6,000 lots on the bench machine, INVB-005); after it, the first position is as fast as the
 * next ones. Costs about 4.5 MiB for that clinic (INV-014); a store without live indexes (the server's)
 * does nothing.
 */
import { clinics } from '#core/clinic/clinic-record.js';
import type { Store } from '#core/store/port.js';
import { lotBalances } from './balance-record.js';
import { inventoryCategories } from './category-record.js';
import { products } from './product-record.js';

/**
 * Loads the indexes; resolves once they are in memory.
 * @throws whatever the store throws when a read fails (the database was closed meanwhile, say).
 */
export async function warmStockPosition(store: Store): Promise<void> {
  if (!store.liveIndex) return;
  await store.liveIndex(products).select();
  await store.liveIndex(inventoryCategories).select();
  const balances = store.liveIndex(lotBalances, 'clinic');
  for (const clinic of await store.collection(clinics).find()) await balances.select(clinic.id);
}
