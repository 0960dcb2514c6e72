/**
 * What sync checks on inventory records pushed by desks (docs/decisions/inventory.md INV-001 and
 * INV-004): movements are append-only (a pushed edit of a stored movement is refused), and a pushed
 * movement that leaves its lot below zero stays written and is listed for a person (the review list
 * and `inventory.discrepancies`), never corrected silently.
 */
import type { ErrorDetail } from '#core/errors.js';
import type { Store } from '#core/store/port.js';
import type { SyncRules } from '#core/sync/record-rules.js';
import { mergeLotBalance } from './balance-merge.js';
import { mergeCount } from './count-merge.js';
import { inventoryMovements } from './movement-record.js';
import { formatQuantity } from './quantity.js';
import { balancesOf } from './stock.js';

type Doc = Record<string, unknown>;

const BOOKKEEPING = new Set(['_rev', '_deleted', '_meta', '_attachments']);

/** A pushed movement that changes a stored one: refused (movements are never edited). */
export function movementEdits(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) return [];
  const changed = Object.keys({ ...previous, ...next }).filter(
    (field) => !BOOKKEEPING.has(field) && JSON.stringify(previous[field]) !== JSON.stringify(next[field]),
  );
  return changed.length === 0
    ? []
    : [{ path: changed[0]!, message: 'uma movimentação não é editada: lance um ajuste' }];
}

/** The lot of a written movement below zero after the merge: listed for a person, the movement stays. */
export async function lotBelowZero(store: Store, written: Doc): Promise<ErrorDetail[]> {
  const { clinic, product, lot } = written;
  if (typeof clinic !== 'string' || typeof product !== 'string' || typeof lot !== 'string') return [];
  if (typeof written.quantity !== 'number' || written.quantity >= 0) return [];
  const history = await store.collection(inventoryMovements).find({ selector: { clinic, product, lot } });
  const balance = balancesOf(history).find((b) => b.lot === lot);
  if (!balance || balance.quantity >= 0) return [];
  return [
    {
      path: 'quantity',
      message: `estoque do lote ${lot || '(sem lote)'} ficou em ${formatQuantity(balance.quantity)}: confira e lance um ajuste`,
    },
  ];
}

/** Every inventory collection: pulled with `inventory:read`, pushed with `inventory:write`. */
export const inventoryAccess: SyncRules = { readPermission: 'inventory:read', writePermission: 'inventory:write' };

/**
 * The same movement of an attendance's kits written by two desks (its id derived from the attendance's
 * end, kit, product and lot, INV-011): the server's stands, the other desk takes it, nothing to review.
 * Any other movement meeting a stored one of its id is a conflict for a person, as before.
 */
export function sameAttendanceMovement(master: Doc, _assumed: Doc | undefined, pushed: Doc): Doc | undefined {
  if (typeof master.attendance !== 'string' || master.attendance !== pushed.attendance) return undefined;
  return master.kind === pushed.kind && master.product === pushed.product && master.lot === pushed.lot
    ? master
    : undefined;
}

/** The movements' rules. */
export const movementSyncRules: SyncRules = {
  ...inventoryAccess,
  check: movementEdits,
  crossCheck: lotBelowZero,
  resolveConflict: sameAttendanceMovement,
};

/** The counts' rules: two desks counting one clinic merge their lines (count-merge.ts). */
export const countSyncRules: SyncRules = { ...inventoryAccess, resolveConflict: mergeCount };

/** The lots' balance records: two versions merge as counters (balance-merge.ts, INV-009). */
export const balanceSyncRules: SyncRules = { ...inventoryAccess, resolveConflict: mergeLotBalance };
