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
import { lotKey, type LotBalance } from './stock.js';

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
 * replay), in one transaction. @returns the records that differed.
 */
export async function verifyBalances(
  ctx: Pick<OperationContext, 'clock'>,
  store: Store,
  clinic: string,
  rebuilt: readonly LotBalance[],
): Promise<BalanceCorrection[]> {
  return store.transaction(async (tx) => {
    const collection = tx.collection(lotBalances);
    const records = new Map((await collection.find({ selector: { clinic } })).map((r) => [lotKey(r), r]));
    const corrections: BalanceCorrection[] = [];
    const now = nowIso(ctx);
    for (const lot of rebuilt) {
      const record = records.get(lotKey(lot));
      records.delete(lotKey(lot));
      if (record && toMilli(record.quantity) === toMilli(lot.quantity)) continue;
      corrections.push({ product: lot.product, lot: lot.lot, recorded: record?.quantity ?? 0, rebuilt: lot.quantity });
      if (record)
        await collection.update(record.id, record._rev, { ...record, quantity: lot.quantity, updatedAt: now });
      else
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
