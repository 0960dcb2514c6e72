/**
 * Writing movements under the stock rules (docs/decisions/inventory.md INV-003): a quantity leaving
 * without a named lot comes from the lot expiring first (FEFO), possibly from several lots; an expired
 * lot only leaves as a loss; nothing leaves that would take a lot below zero (refused, naming the
 * quantity available); a lot already expired does not enter. Every movement records the balance its
 * lot has after it, as this desk sees it (movement-record.ts `balanceAfter`).
 */
import { localDatePlus } from '#core/budget/budget-build.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { compact, invalidTransition, missingReference, newRecordBase, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { lotBalanceId, lotBalances } from './balance-record.js';
import { inventoryMovements, type InventoryMovement, type MovementKind } from './movement-record.js';
import type { Product } from './product-record.js';
import { formatQuantity, fromMilli, toMilli } from './quantity.js';
import { balancesOf, fefoTakes, isExpired, lotKey, type LotBalance } from './stock.js';

/** `YYYY-MM-DD` today at the clinic, in its time zone. @throws DomainError `validation` when missing. */
export async function clinicToday(
  ctx: Pick<OperationContext, 'clock'>,
  store: Store,
  clinicId: string,
  path = 'clinic',
): Promise<string> {
  const clinic = await store.collection(clinics).get(clinicId);
  if (!clinic) throw missingReference('Clínica', path, clinicId);
  return localDatePlus(ctx.clock.now(), clinic.timeZone, 0);
}

/** Every movement of one product at one clinic. */
export function movementsOf(store: Store, clinic: string, product: string): Promise<InventoryMovement[]> {
  return store.collection(inventoryMovements).find({ selector: { clinic, product } });
}

/** The lots of one product at one clinic with their balances. */
export async function lotsOf(store: Store, clinic: string, product: string): Promise<LotBalance[]> {
  return balancesOf(await movementsOf(store, clinic, product));
}

/**
 * A movement to write, before its base fields and recorded balance; `id` only when it is derived from
 * its content (an attendance's kit movements, INV-011), a new UUIDv7 otherwise.
 */
export type MovementDraft = Omit<InventoryMovement, keyof RecordBase | 'balanceAfter' | 'by'> & { id?: string };

/** What leaves, and how the lot is chosen. */
export interface Outflow {
  clinic: string;
  product: Pick<Product, 'id' | 'consumptionUnit'>;
  kind: Exclude<MovementKind, 'entry'>;
  /** Positive, consumption units. */
  quantity: number;
  /** The lot named by the person; FEFO when absent. */
  lot?: string;
  today: string;
  /** The input field the quantity came from, for the error. */
  path?: string;
}

/** The refusal of a quantity above what is available (pt-BR, naming the field). */
export function insufficientStock(available: number, unit: string, path = 'quantity'): DomainError {
  return new DomainError(
    'invalid_transition',
    `Estoque insuficiente: disponível ${formatQuantity(available)} ${unit}`,
    [{ path, message: `disponível: ${formatQuantity(available)}` }],
  );
}

/**
 * The lots an outflow takes, each as a negative quantity.
 * @throws DomainError `invalid_transition` when the lot is expired and the outflow is not a loss, or
 *   when the stock (of the named lot, or of the usable lots) is below the quantity.
 */
export function planOutflow(
  lots: readonly LotBalance[],
  out: Outflow,
): { lot: string; expiry?: string; quantity: number }[] {
  const path = out.path ?? 'quantity';
  const allowExpired = out.kind === 'loss' || out.kind === 'adjustment';
  if (out.lot !== undefined) {
    const lot = lots.find((l) => l.lot === out.lot);
    if (lot && !allowExpired && isExpired(lot.expiry, out.today)) {
      const [y, m, d] = lot.expiry!.split('-');
      throw invalidTransition('Lote vencido: só pode sair como perda', 'lot', `vencido em ${d}/${m}/${y}`);
    }
    const available = lot?.quantity ?? 0;
    if (toMilli(available) < toMilli(out.quantity))
      throw insufficientStock(Math.max(available, 0), out.product.consumptionUnit, path);
    return [{ lot: out.lot, ...(lot?.expiry ? { expiry: lot.expiry } : {}), quantity: -out.quantity }];
  }
  const takes = fefoTakes(lots, out.quantity, out.today, allowExpired);
  if (!Array.isArray(takes)) throw insufficientStock(takes.available, out.product.consumptionUnit, path);
  return takes.map((t) => ({ ...t, quantity: -t.quantity }));
}

/**
 * Inserts the drafts, in order, each with the balance of its lot after it (starting from the lots'
 * stored history), stamped with the actor and a new id. Runs inside the caller's transaction.
 */
export async function insertMovements(
  ctx: Pick<OperationContext, 'clock' | 'ids' | 'actor'>,
  store: Store,
  drafts: readonly MovementDraft[],
): Promise<InventoryMovement[]> {
  const running = new Map<string, number>();
  const written: InventoryMovement[] = [];
  for (const draft of drafts) {
    const key = lotKey(draft);
    if (!running.has(key)) {
      const lots = await lotsOf(store, draft.clinic, draft.product);
      running.set(key, toMilli(lots.find((l) => l.lot === draft.lot)?.quantity ?? 0));
    }
    const after = running.get(key)! + toMilli(draft.quantity);
    running.set(key, after);
    const { id, ...fields } = draft;
    const base = newRecordBase({ ...ctx, store });
    written.push(
      compact({ ...base, ...(id ? { id } : {}), ...fields, by: ctx.actor.id, balanceAfter: fromMilli(after) }),
    );
  }
  await store.collection(inventoryMovements).insertMany(written);
  await applyToBalances(ctx, store, written);
  return written;
}

/**
 * Adds written movements to their lots' balance records (INV-009), creating the missing ones; a
 * movement of an attendance is also kept by id in the record's `shared` part (INV-011). Runs in the
 * caller's transaction, so a balance never counts a movement that was not written.
 */
export async function applyToBalances(
  ctx: Pick<OperationContext, 'clock'>,
  store: Store,
  written: readonly InventoryMovement[],
): Promise<void> {
  const byLot = new Map<string, { first: InventoryMovement; milli: number; shared: InventoryMovement[] }>();
  for (const m of written) {
    const found = byLot.get(lotKey(m)) ?? { first: m, milli: 0, shared: [] };
    found.milli += toMilli(m.quantity);
    if (m.attendance) found.shared.push(m);
    byLot.set(lotKey(m), found);
  }
  const collection = store.collection(lotBalances);
  const now = nowIso(ctx);
  for (const { first, milli, shared } of byLot.values()) {
    const id = lotBalanceId(store.tenantId, first.clinic, first.product, first.lot);
    const current = await collection.get(id);
    const sharedPart = { ...current?.shared, ...Object.fromEntries(shared.map((m) => [m.id, m.quantity])) };
    const withShared = Object.keys(sharedPart).length > 0 ? { shared: sharedPart } : {};
    if (current) {
      const expiry = current.expiry ?? first.expiry;
      await collection.update(id, current._rev, {
        ...current,
        quantity: fromMilli(toMilli(current.quantity) + milli),
        ...(expiry === undefined ? {} : { expiry }),
        ...withShared,
        updatedAt: now,
      });
      continue;
    }
    await collection.insert(
      compact({
        id,
        tenantId: store.tenantId,
        createdAt: now,
        updatedAt: now,
        clinic: first.clinic,
        product: first.product,
        lot: first.lot,
        expiry: first.expiry,
        quantity: fromMilli(milli),
        ...withShared,
      }),
    );
  }
}
