/**
 * What makes an attendance's kit movements idempotent (docs/decisions/inventory.md INV-011): ids derived
 * from the attendance's end and the lot, and the attendance's net (what its kits still have out), read
 * from the clinic's movements since the attendance began.
 */
import type { Store } from '#core/store/port.js';
import { derivedUuid } from './derived-id.js';
import { inventoryMovements, type InventoryMovement } from './movement-record.js';
import { toMilli } from './quantity.js';

/** Status actions that open an attendance's span of movements (the earliest bounds the read). */
const BEGINNINGS = new Set(['checkIn', 'call', 'start']);

/** How many times the attendance was reopened: 0 for its first end, 1 for the end after a reopening… */
export function reopenings(history: readonly { action: string }[]): number {
  return history.filter((h) => h.action === 'reopen').length;
}

/**
 * The id of one movement of an attendance's kits: a UUID from SHA-256 of tenant, attendance, which end
 * of it, whether consumption or reversal, kit, product and lot; the same on every desk.
 */
export function attendanceMovementId(
  tenantId: string,
  attendance: string,
  end: number,
  step: 'consumption' | 'reversal',
  kit: string,
  product: string,
  lot: string,
): string {
  return derivedUuid(['inventory-attendance', tenantId, attendance, end, step, kit, product, lot]);
}

/** One lot of a kit of the attendance, and what its movements sum to (thousandths, negative while out). */
export interface AttendanceLotNet {
  /** The first movement seen of that kit, product and lot. */
  movement: InventoryMovement;
  milli: number;
}

/**
 * The attendance's kit movements netted by kit, product and lot, read from the clinic's movements
 * since the attendance began (its first check-in, call or start; its first history entry otherwise).
 */
export async function attendanceNet(
  store: Store,
  attendance: { id: string; clinic: string; history: readonly { action: string; at: string }[] },
): Promise<Map<string, AttendanceLotNet>> {
  const began = attendance.history.find((h) => BEGINNINGS.has(h.action)) ?? attendance.history[0];
  const since = began ? new Date(Date.parse(began.at) - 86_400_000).toISOString() : '';
  const history = await store
    .collection(inventoryMovements)
    .find({ selector: { clinic: attendance.clinic, occurredAt: { $gte: since } } });
  const net = new Map<string, AttendanceLotNet>();
  for (const m of history) {
    if (m.attendance !== attendance.id) continue;
    const key = [m.product, m.lot, m.kit ?? ''].join('\u0000');
    const found = net.get(key);
    if (found) found.milli += toMilli(m.quantity);
    else net.set(key, { movement: m, milli: toMilli(m.quantity) });
  }
  return net;
}
