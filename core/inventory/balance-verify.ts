/**
 * Recalculation's check of the balance records (INV-009): every lot's balance record against the sum
 * of the lot's movements. A record that differs (or is missing, or names a lot without movements) is
 * rewritten to the sum, and reported: the movements are the truth, the records only spare the reads.
 */
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { lotBalanceId, lotBalances } from './balance-record.js';
import { nowIso } from '#core/common/records.js';
import { toMilli } from './quantity.js';
import type { InventoryMovement } from './movement-record.js';
import { lotKey, type LotBalance } from './stock.js';

/** The `shared` part of every lot's balance (INV-011): its attendance movements by id, by lot key. */
export function sharedByLot(history: readonly InventoryMovement[]): Map<string, Record<string, number>> {
  const byLot = new Map<string, Record<string, number>>();
  for (const m of history) {
    if (!m.attendance) continue;
    const shared = byLot.get(lotKey(m)) ?? {};
    shared[m.id] = m.quantity;
    byLot.set(lotKey(m), shared);
  }
  return byLot;
}

const sameShared = (a: Record<string, number> | undefined, b: Record<string, number> | undefined) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

/** A balance record that differed from its lot's movements, and was corrected. */
export interface BalanceCorrection {
  product: string;
  lot: string;
  /** What the record held (0 when there was none). */
  recorded: number;
  /** The sum of the lot's movements, now in the record. */
  rebuilt: number;
}

/**
 * Sets every balance record of `clinic` to the sum of its lot's movements (`rebuilt`, from the
 * replay), and its `shared` part to `shared` (sharedByLot), in one transaction.
 * @returns the records whose quantity differed (a `shared` part alone rewritten is not reported).
 */
export async function verifyBalances(
  ctx: Pick<OperationContext, 'clock'>,
  store: Store,
  clinic: string,
  rebuilt: readonly LotBalance[],
  shared: ReadonlyMap<string, Record<string, number>> = new Map(),
): Promise<BalanceCorrection[]> {
  return store.transaction(async (tx) => {
    const collection = tx.collection(lotBalances);
    const records = new Map((await collection.find({ selector: { clinic } })).map((r) => [lotKey(r), r]));
    const corrections: BalanceCorrection[] = [];
    const now = nowIso(ctx);
    for (const lot of rebuilt) {
      const record = records.get(lotKey(lot));
      records.delete(lotKey(lot));
      const lotShared = shared.get(lotKey(lot));
      const withShared = lotShared ? { shared: lotShared } : {};
      const sameQuantity = record && toMilli(record.quantity) === toMilli(lot.quantity);
      if (sameQuantity && sameShared(record.shared, lotShared)) continue;
      if (!sameQuantity)
        corrections.push({
          product: lot.product,
          lot: lot.lot,
          recorded: record?.quantity ?? 0,
          rebuilt: lot.quantity,
        });
      if (record) {
        const { shared: _old, ...rest } = record;
        await collection.update(record.id, record._rev, {
          ...rest,
          ...withShared,
          quantity: lot.quantity,
          updatedAt: now,
        });
      } else
        await collection.insert({
          id: lotBalanceId(tx.tenantId, clinic, lot.product, lot.lot),
          tenantId: tx.tenantId,
          createdAt: now,
          updatedAt: now,
          clinic,
          product: lot.product,
          lot: lot.lot,
          ...(lot.expiry === undefined ? {} : { expiry: lot.expiry }),
          quantity: lot.quantity,
          ...withShared,
        });
    }
    for (const record of records.values()) {
      if (toMilli(record.quantity) === 0) continue;
      corrections.push({ product: record.product, lot: record.lot, recorded: record.quantity, rebuilt: 0 });
      await collection.update(record.id, record._rev, { ...record, quantity: 0, updatedAt: now });
    }
    return corrections;
  });
}
