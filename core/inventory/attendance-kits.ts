/**
 * The kits an attendance consumes (issue 26; docs/decisions/inventory.md INV-008): when an appointment's
 * attendance ends, every active kit of its events (procedures) leaves the clinic's stock, lots chosen
 * first-expiring first and expired lots never used, in the same transaction as the status change; when
 * the end is undone, compensating movements put back what is still out. Stock is never a reason to keep
 * a patient's attendance open: what the usable lots do not hold is taken from the product's lot-less
 * stock (`lot: ''`), which then shows below zero among the discrepancies for a person to settle.
 *
 * Idempotent per attendance (INV-011): the movements' ids are derived from the attendance, its end
 * (how many times it was reopened before), kit, product and lot, and an end whose kits are already
 * out (another desk's consumption pulled by sync) writes nothing, so two desks ending the same
 * attendance offline write the same movements, which sync keeps once.
 */
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { kits, type Kit } from './kit-record.js';
import { clinicToday, insertMovements, lotsOf, type MovementDraft } from './movement-write.js';
import { attendanceMovementId, attendanceNet, reopenings } from './attendance-ids.js';
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
  /** The status history, the ending (or reopening) last: how many times it was reopened names the end. */
  history: readonly { action: string; at: string }[];
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
  // Already out (this end was written by another desk, pulled before this one's status): nothing to do.
  const net = await attendanceNet(store, attendance);
  if ([...net.values()].some((n) => n.milli < 0)) return [];
  const end = reopenings(attendance.history);
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
          id: attendanceMovementId(store.tenantId, attendance.id, end, 'consumption', kit.id, product.id, take.lot),
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
  // A kit naming one product twice takes from the same lot twice: one movement (one id) for both.
  const byId = new Map<string, MovementDraft>();
  for (const draft of drafts) {
    const found = byId.get(draft.id!);
    if (found) found.quantity = fromMilli(toMilli(found.quantity) + toMilli(draft.quantity));
    else byId.set(draft.id!, draft);
  }
  return insertMovements(ctx, store, [...byId.values()]);
}

/**
 * Puts back what the attendance's kits still have out (its consumptions net of earlier reversals),
 * as positive adjustments on the same lots: movements are append-only, nothing is edited or deleted.
 * The reversal's ids are derived like the consumption's (INV-011), so two desks undoing the same end
 * offline write the same movements.
 * @returns the movements written.
 */
export async function reverseAttendanceKits(
  ctx: Ctx & Pick<OperationContext, 'clock'>,
  store: Store,
  attendance: Pick<EndedAttendance, 'id' | 'clinic' | 'history'>,
  at: string,
) {
  // Never ended through the status table (no `finish`): its kits never left.
  if (!attendance.history.some((h) => h.action === 'finish')) return [];
  const end = reopenings(attendance.history) - 1;
  const net = await attendanceNet(store, attendance);
  const drafts: MovementDraft[] = [...net.values()]
    .filter(({ milli }) => milli < 0)
    .map(({ movement: m, milli }) => ({
      id: attendanceMovementId(store.tenantId, attendance.id, end, 'reversal', m.kit ?? '', m.product, m.lot),
      clinic: m.clinic,
      product: m.product,
      lot: m.lot,
      ...(m.expiry ? { expiry: m.expiry } : {}),
      kind: 'adjustment',
      quantity: fromMilli(-milli),
      occurredAt: at,
      ...(m.kit ? { kit: m.kit } : {}),
      ...(m.event ? { event: m.event } : {}),
      attendance: attendance.id,
      note: 'Estorno da baixa automática: encerramento do atendimento desfeito',
    }));
  return insertMovements(ctx, store, drafts);
}
