/**
 * The kits an attendance consumes (issue 26; docs/decisions/inventory.md INV-008): when an appointment's
 * attendance ends, every active kit of its events (procedures) leaves the clinic's stock, lots chosen
 * first-expiring first and expired lots never used, in the same transaction as the status change; when
 * the end is undone, compensating movements put back what is still out. Stock is never a reason to keep
 * a patient's attendance open: what the usable lots do not hold is taken from the product's lot-less
 * stock (`lot: ''`), which then shows below zero among the discrepancies for a person to settle.
 */
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { kits, type Kit } from './kit-record.js';
import { inventoryMovements } from './movement-record.js';
import { clinicToday, insertMovements, lotsOf, type MovementDraft } from './movement-write.js';
import { products } from './product-record.js';
import { fromMilli, toMilli } from './quantity.js';
import { isExpired, fefoOrder, type LotBalance } from './stock.js';

/** The appointment fields the kit consumption reads. */
export interface EndedAttendance {
  /** `appointments` id. */
  id: string;
  clinic: string;
  /** `events` ids of the procedures done. */
  events: readonly string[];
}

type Ctx = Pick<OperationContext, 'clock' | 'ids' | 'actor'>;

/** The active kits of the events, each once, in the events' order. */
async function kitsOf(store: Store, eventIds: readonly string[]): Promise<Kit[]> {
  const found = new Map<string, Kit>();
  for (const event of new Set(eventIds)) {
    const ofEvent = await store.collection(kits).find({ selector: { event, active: true } });
    for (const kit of ofEvent.sort((a, b) => (a.id < b.id ? -1 : 1))) found.set(kit.id, kit);
  }
  return [...found.values()];
}

/**
 * The lots a quantity leaves from: usable lots with stock, first expiring first; whatever they lack,
 * from the lot-less stock, which may go below zero (never a refusal: the attendance ended).
 */
export function attendanceTakes(lots: readonly LotBalance[], quantity: number, today: string) {
  const usable = lots.filter((l) => l.quantity > 0 && !isExpired(l.expiry, today)).sort(fefoOrder);
  let left = toMilli(quantity);
  const takes: { lot: string; expiry?: string; quantity: number }[] = [];
  for (const lot of usable) {
    if (left <= 0) break;
    const take = Math.min(left, toMilli(lot.quantity));
    takes.push({ lot: lot.lot, ...(lot.expiry ? { expiry: lot.expiry } : {}), quantity: fromMilli(take) });
    left -= take;
  }
  if (left > 0) {
    const loose = takes.find((t) => t.lot === '');
    if (loose) loose.quantity = fromMilli(toMilli(loose.quantity) + left);
    else takes.push({ lot: '', quantity: fromMilli(left) });
  }
  return takes;
}

/**
 * Writes the consumption of the attendance's kits at its clinic, at `at` (the end's instant). Runs in
 * the caller's transaction. Inactive products are still taken out: the material was used.
 * @returns the movements written (none when no event has an active kit).
 */
export async function consumeAttendanceKits(ctx: Ctx, store: Store, attendance: EndedAttendance, at: string) {
  if (attendance.events.length === 0) return [];
  const attendanceKits = await kitsOf(store, attendance.events);
  if (attendanceKits.length === 0) return [];
  const today = await clinicToday(ctx, store, attendance.clinic);
  const drafts: MovementDraft[] = [];
  // What earlier drafts of this attendance already take, so two kits sharing a product see it gone.
  const taken = new Map<string, number>();
  for (const kit of attendanceKits) {
    for (const item of kit.items) {
      const product = await store.collection(products).get(item.product);
      if (!product) continue;
      const lots = (await lotsOf(store, attendance.clinic, product.id)).map((l) => ({
        ...l,
        quantity: fromMilli(toMilli(l.quantity) - (taken.get(`${product.id}\u0000${l.lot}`) ?? 0)),
      }));
      for (const take of attendanceTakes(lots, item.quantity, today)) {
        const key = `${product.id}\u0000${take.lot}`;
        taken.set(key, (taken.get(key) ?? 0) + toMilli(take.quantity));
        drafts.push({
          clinic: attendance.clinic,
          product: product.id,
          lot: take.lot,
          ...(take.expiry ? { expiry: take.expiry } : {}),
          kind: 'consumption',
          quantity: -take.quantity,
          occurredAt: at,
          kit: kit.id,
          ...(kit.event ? { event: kit.event } : {}),
          attendance: attendance.id,
          note: `Baixa automática do kit ${kit.name} ao encerrar o atendimento`,
        });
      }
    }
  }
  return insertMovements(ctx, store, drafts);
}

/**
 * Puts back what the attendance's kits still have out (its consumptions net of earlier reversals),
 * as positive adjustments on the same lots: movements are append-only, nothing is edited or deleted.
 * @param since the first end of the attendance (ISO-8601): no movement of it is older.
 * @returns the movements written.
 */
export async function reverseAttendanceKits(
  ctx: Ctx & Pick<OperationContext, 'clock'>,
  store: Store,
  attendance: Pick<EndedAttendance, 'id' | 'clinic'>,
  since: string,
  at: string,
) {
  const history = await store
    .collection(inventoryMovements)
    .find({ selector: { clinic: attendance.clinic, occurredAt: { $gte: since } } });
  const net = new Map<string, { draft: MovementDraft; milli: number }>();
  for (const m of history) {
    if (m.attendance !== attendance.id) continue;
    const key = [m.product, m.lot, m.kit ?? ''].join('\u0000');
    const found = net.get(key);
    if (found) {
      found.milli += toMilli(m.quantity);
      continue;
    }
    const draft: MovementDraft = {
      clinic: m.clinic,
      product: m.product,
      lot: m.lot,
      ...(m.expiry ? { expiry: m.expiry } : {}),
      kind: 'adjustment',
      quantity: 0,
      occurredAt: at,
      ...(m.kit ? { kit: m.kit } : {}),
      ...(m.event ? { event: m.event } : {}),
      attendance: attendance.id,
      note: 'Estorno da baixa automática: encerramento do atendimento desfeito',
    };
    net.set(key, { draft, milli: toMilli(m.quantity) });
  }
  const drafts = [...net.values()]
    .filter(({ milli }) => milli < 0)
    .map(({ draft, milli }) => ({ ...draft, quantity: fromMilli(-milli) }));
  return insertMovements(ctx, store, drafts);
}
