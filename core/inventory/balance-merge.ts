/**
 * Merging two versions of a lot's balance (INV-009): the balance is a counter, so each side's change
 * since the version it started from (`assumed`; nothing when both created the record offline) is added
 * to the other's. Two desks consuming the same lot offline both count; the merged balance is the sum of
 * the merged movements, below zero if it must be (then a discrepancy, INV-004).
 *
 * Movements whose id two desks may both write (an attendance's kit consumption and its reversal,
 * INV-011) are kept apart in `shared`, by movement id: those are united (the same id counted once, the
 * server's value winning as its movement does), not added, so a consumption both desks wrote counts once.
 */
import type { ConflictHandler } from '#core/sync/record-rules.js';
import { fromMilli, toMilli } from './quantity.js';

type Doc = Record<string, unknown> | undefined;

/** The `shared` part of a version, in thousandths by movement id. */
function sharedOf(doc: Doc): Map<string, number> {
  const shared = doc?.shared;
  if (!shared || typeof shared !== 'object') return new Map();
  return new Map(
    Object.entries(shared as Record<string, unknown>)
      .filter((e): e is [string, number] => typeof e[1] === 'number')
      .map(([id, q]) => [id, toMilli(q)]),
  );
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** The counter part of a version: its quantity less its shared part, in thousandths. */
function counterOf(doc: Doc): number {
  const quantity = typeof doc?.quantity === 'number' ? toMilli(doc.quantity) : 0;
  return quantity - sum(sharedOf(doc));
}

/** The balance's {@link ConflictHandler}. */
export const mergeLotBalance: ConflictHandler = (master, assumed, pushed) => {
  const shared = new Map([...sharedOf(pushed), ...sharedOf(master)]);
  const counter = counterOf(master) + counterOf(pushed) - counterOf(assumed);
  const quantity = fromMilli(counter + sum(shared));
  const updatedAt = String(pushed.updatedAt) > String(master.updatedAt) ? pushed.updatedAt : master.updatedAt;
  const expiry = master.expiry ?? pushed.expiry;
  const merged: Record<string, unknown> = { ...master, quantity, updatedAt };
  if (expiry !== undefined) merged.expiry = expiry;
  if (shared.size > 0) merged.shared = Object.fromEntries([...shared].map(([id, milli]) => [id, fromMilli(milli)]));
  return merged;
};
