/**
 * Stock as a function of movements (docs/decisions/inventory.md INV-001): pure folds over a list of
 * movements, in any order they arrived in. Sums are done in integer thousandths (quantity.ts), so the
 * balance of a lot is exactly the sum of its movements whatever the order of addition.
 */
import type { InventoryMovement } from './movement-record.js';
import { fromMilli, toMilli } from './quantity.js';

/** The part of a movement the folds read. */
export type MovementFacts = Pick<
  InventoryMovement,
  'id' | 'clinic' | 'product' | 'lot' | 'expiry' | 'quantity' | 'occurredAt' | 'balanceAfter'
>;

/** The stock of one lot of one product at one clinic. */
export interface LotBalance {
  clinic: string;
  product: string;
  /** Empty for stock kept without lots. */
  lot: string;
  /** `YYYY-MM-DD`, the first one any of the lot's movements gave. */
  expiry?: string;
  /** Consumption units. */
  quantity: number;
}

/** The key of a lot's history. */
export function lotKey(m: Pick<MovementFacts, 'clinic' | 'product' | 'lot'>): string {
  return `${m.clinic}\u0000${m.product}\u0000${m.lot}`;
}

/** History order: by `occurredAt` instant, then by id (UUIDv7, so creation order on one desk). */
export function historyOrder(a: MovementFacts, b: MovementFacts): number {
  const at = Date.parse(a.occurredAt) - Date.parse(b.occurredAt);
  return at !== 0 ? at : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** FEFO order of lots: earliest expiry first, lots without expiry last, then by lot number. */
export function fefoOrder(a: Pick<LotBalance, 'expiry' | 'lot'>, b: Pick<LotBalance, 'expiry' | 'lot'>): number {
  if (a.expiry !== b.expiry) {
    if (a.expiry === undefined) return 1;
    if (b.expiry === undefined) return -1;
    return a.expiry < b.expiry ? -1 : 1;
  }
  return a.lot < b.lot ? -1 : a.lot > b.lot ? 1 : 0;
}

/**
 * The balance of every lot the movements touch (zero balances included), sorted by clinic, product
 * and FEFO order.
 */
export function balancesOf(movements: readonly MovementFacts[]): LotBalance[] {
  const byLot = new Map<string, { balance: Omit<LotBalance, 'quantity'>; milli: number }>();
  for (const m of movements) {
    const key = lotKey(m);
    const found = byLot.get(key);
    if (found) {
      found.milli += toMilli(m.quantity);
      if (found.balance.expiry === undefined && m.expiry !== undefined) found.balance.expiry = m.expiry;
    } else {
      const balance: Omit<LotBalance, 'quantity'> = { clinic: m.clinic, product: m.product, lot: m.lot };
      if (m.expiry !== undefined) balance.expiry = m.expiry;
      byLot.set(key, { balance, milli: toMilli(m.quantity) });
    }
  }
  return [...byLot.values()]
    .map(({ balance, milli }) => ({ ...balance, quantity: fromMilli(milli) }))
    .sort(
      (a, b) =>
        (a.clinic < b.clinic ? -1 : a.clinic > b.clinic ? 1 : 0) ||
        (a.product < b.product ? -1 : a.product > b.product ? 1 : 0) ||
        fefoOrder(a, b),
    );
}

/** A movement whose recorded balance differs from the one its lot's merged history gives. */
export interface BalanceDifference {
  movement: string;
  clinic: string;
  product: string;
  lot: string;
  /** `balanceAfter` as the writing desk saw it. */
  recorded: number;
  /** The balance after it in the merged history. */
  rebuilt: number;
}

/** What a replay of the full history finds. */
export interface Replay {
  balances: LotBalance[];
  /** Movements written without seeing some earlier movement of their lot (another desk's, offline). */
  differences: BalanceDifference[];
  /** Lots whose merged stock is below zero: a person must look (INV-004), nothing is corrected. */
  negatives: LotBalance[];
}

/**
 * Replays every lot's history in {@link historyOrder}: the balances, the movements whose recorded
 * `balanceAfter` the merged history contradicts, and the lots below zero.
 */
export function replay(movements: readonly MovementFacts[]): Replay {
  const running = new Map<string, number>();
  const differences: BalanceDifference[] = [];
  for (const m of [...movements].sort(historyOrder)) {
    const key = lotKey(m);
    const milli = (running.get(key) ?? 0) + toMilli(m.quantity);
    running.set(key, milli);
    if (toMilli(m.balanceAfter) !== milli) {
      differences.push({
        movement: m.id,
        clinic: m.clinic,
        product: m.product,
        lot: m.lot,
        recorded: m.balanceAfter,
        rebuilt: fromMilli(milli),
      });
    }
  }
  const balances = balancesOf(movements);
  return { balances, differences, negatives: balances.filter((b) => b.quantity < 0) };
}

/** One lot and how much to take from it. */
export interface Take {
  lot: string;
  expiry?: string;
  quantity: number;
}

/**
 * Which lots a quantity leaving without a named lot comes from: first expiring first (FEFO), only
 * lots with stock, expired lots skipped unless `allowExpired` (a loss may take them).
 *
 * @param lots the product's balances at one clinic
 * @param today `YYYY-MM-DD` at the clinic; a lot expiring today is still usable
 * @returns the takes, or `{ available }` (usable stock) when the lots do not hold `quantity`
 */
export function fefoTakes(
  lots: readonly LotBalance[],
  quantity: number,
  today: string,
  allowExpired = false,
): Take[] | { available: number } {
  const usable = lots.filter((l) => l.quantity > 0 && (allowExpired || !isExpired(l.expiry, today))).sort(fefoOrder);
  let left = toMilli(quantity);
  const takes: Take[] = [];
  for (const lot of usable) {
    if (left <= 0) break;
    const take = Math.min(left, toMilli(lot.quantity));
    takes.push({
      lot: lot.lot,
      ...(lot.expiry === undefined ? {} : { expiry: lot.expiry }),
      quantity: fromMilli(take),
    });
    left -= take;
  }
  if (left > 0) return { available: fromMilli(usable.reduce((sum, l) => sum + toMilli(l.quantity), 0)) };
  return takes;
}

/** True when a lot expiring on `expiry` may no longer be used on `today` (both `YYYY-MM-DD`). */
export function isExpired(expiry: string | undefined, today: string): boolean {
  return expiry !== undefined && expiry < today;
}
