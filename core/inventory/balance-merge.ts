/**
 * Merging two versions of a lot's balance (INV-009): the balance is a counter, so each side's change
 * since the version it started from (`assumed`; nothing when both created the record offline) is added
 * to the other's. Two desks consuming the same lot offline both count; the merged balance is the sum of
 * the merged movements, below zero if it must be (then a discrepancy, INV-004).
 */
import type { ConflictHandler } from '#core/sync/record-rules.js';
import { fromMilli, toMilli } from './quantity.js';

const quantityOf = (doc: Record<string, unknown> | undefined): number =>
  typeof doc?.quantity === 'number' ? toMilli(doc.quantity) : 0;

/** The balance's {@link ConflictHandler}. */
export const mergeLotBalance: ConflictHandler = (master, assumed, pushed) => {
  const quantity = fromMilli(quantityOf(master) + quantityOf(pushed) - quantityOf(assumed));
  const updatedAt = String(pushed.updatedAt) > String(master.updatedAt) ? pushed.updatedAt : master.updatedAt;
  const expiry = master.expiry ?? pushed.expiry;
  return { ...master, quantity, updatedAt, ...(expiry === undefined ? {} : { expiry }) };
};
