/**
 * The price table in force for an insurance: the one its settings name (`priceTable`), else its own
 * active table (a price table may belong to one insurance, `price_tables.insurance`).
 */
import type { Insurance } from '#core/insurance/insurance-record.js';
import { priceTables } from '#core/price/price-table-record.js';
import type { Store } from '#core/store/port.js';

/** The id of the table billing prices `insurance` from, or undefined when it has none. */
export async function priceTableOf(store: Store, insurance: Insurance): Promise<string | undefined> {
  if (insurance.priceTable) return insurance.priceTable;
  const own = await store.collection(priceTables).find({ selector: { insurance: insurance.id, active: true } });
  // Two active tables of one insurance: the most recently changed is the one in force.
  return own.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]?.id;
}
