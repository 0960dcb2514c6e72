/**
 * How appointments edited on two installations offline come together (issue 7, DESIGN.md "Sync"):
 * confirmation, notes, money and status are independent fields, so a three-way merge keeps each
 * side's change; between two status changes the transition table decides (a move the table allows
 * from the server's status wins, anything else goes to the conflict list for a person). A pushed
 * appointment must also obey the table on its own, and two bookings of one slot are listed.
 */
import type { ErrorDetail } from '../errors.js';
import { registerSyncRules, type ConflictHandler } from '../sync/record-rules.js';
import type { Store } from '../store/port.js';
import { overlappingAppointments } from './occupancy.js';
import { ACTIONS, nextStatus, OCCUPYING, STATUS } from './status.js';

type Doc = Record<string, unknown>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether some action of the table leads from `from` to `to` (staying put counts). */
export function reachable(from: unknown, to: unknown): boolean {
  if (from === to) return true;
  return typeof from === 'number' && ACTIONS.some((action) => nextStatus(from, action) === to);
}

/** Fields that place the appointment in time and with whom: they move only before the patient arrives. */
const PLACEMENT = ['start', 'end', 'startUtc', 'endUtc', 'professional', 'clinic'] as const;
const MOVABLE: readonly unknown[] = [STATUS.scheduled, STATUS.reserved];

/** The problems of a pushed appointment against the version the server holds. */
export function appointmentPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) return [];
  const problems: ErrorDetail[] = [];
  if (!reachable(previous.status, next.status)) {
    problems.push({
      path: 'status',
      message: `a tabela de status não permite ${String(previous.status)} → ${String(next.status)}`,
    });
  }
  const moved = PLACEMENT.filter((field) => !same(previous[field], next[field]));
  if (moved.length > 0 && !MOVABLE.includes(previous.status)) {
    problems.push({ path: moved[0]!, message: 'só se remarca antes da chegada do paciente' });
  }
  return problems;
}

interface StatusChangeLike {
  at?: unknown;
  to?: unknown;
  action?: unknown;
}

/** Both histories, each change once, in time order. */
function mergeHistory(a: unknown, b: unknown): StatusChangeLike[] {
  const list = (value: unknown): StatusChangeLike[] => (Array.isArray(value) ? (value as StatusChangeLike[]) : []);
  const all = [...list(a), ...list(b)];
  const seen = new Set<string>();
  return all
    .filter((change) => {
      const key = JSON.stringify([change.at, change.to, change.action]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((x, y) => String(x.at).localeCompare(String(y.at)));
}

/** The later of two confirmations (by `at`); either may be null. */
function laterConfirmation(a: unknown, b: unknown): unknown {
  const at = (c: unknown): string => {
    const value = (c as { at?: unknown } | null)?.at;
    return typeof value === 'string' ? value : '';
  };
  return at(b) > at(a) ? b : a;
}

/**
 * Three-way merge of an appointment. @returns the merged document, or undefined when both sides
 * changed one field in ways no rule reconciles (two different notes, two different times, two status
 * moves the table cannot order).
 */
export const mergeAppointment: ConflictHandler = (master, assumed, pushed) => {
  if (!assumed) return undefined;
  const merged: Doc = { ...master };
  const fields = new Set([...Object.keys(master), ...Object.keys(pushed)]);
  for (const field of fields) {
    if (field === '_rev' || field === '_deleted' || field === 'history') continue;
    const ours = pushed[field];
    const theirs = master[field];
    const base = assumed[field];
    if (same(ours, base) || same(ours, theirs)) continue; // only the server changed it, or both alike
    if (same(theirs, base)) {
      merged[field] = ours; // only the installation changed it
      continue;
    }
    if (field === 'updatedAt') merged[field] = String(ours) > String(theirs) ? ours : theirs;
    else if (field === 'patientConfirmation') merged[field] = laterConfirmation(theirs, ours);
    else if (field === 'status' && reachable(theirs, ours)) merged[field] = ours;
    else if (field === 'status' && reachable(ours, theirs)) merged[field] = theirs;
    else return undefined;
  }
  merged.history = mergeHistory(master.history, pushed.history);
  return merged;
};

/**
 * Two bookings of one professional's time made on two offline desks: both stay (a patient was told a
 * time), and the one pushed second is listed for the reception to move one of them.
 */
export async function doubleBookings(store: Store, written: Doc): Promise<ErrorDetail[]> {
  if (written.overbooking === true || !OCCUPYING.has(Number(written.status))) return [];
  const { professional, startUtc, endUtc, id } = written;
  if (typeof professional !== 'string' || typeof startUtc !== 'string' || typeof endUtc !== 'string') return [];
  const others = await overlappingAppointments(store, { professional, startUtc, endUtc }, String(id));
  return others.length === 0
    ? []
    : [{ path: 'start', message: `horário do profissional ocupado também por: ${others.map((a) => a.id).join(', ')}` }];
}

registerSyncRules('appointments', {
  readPermission: 'appointment:read',
  writePermission: 'appointment:write',
  check: appointmentPushProblems,
  resolveConflict: mergeAppointment,
  crossCheck: doubleBookings,
});
