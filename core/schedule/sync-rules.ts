/**
 * How appointments edited on two installations offline come together (issue 7, docs/architecture.md "Sync"):
 * confirmation, notes, money and status are independent fields, so a three-way merge keeps each
 * side's change; between two status changes the transition table decides (a move the table allows
 * from the server's status wins, anything else goes to the conflict list for a person). A pushed
 * appointment must also obey the table on its own, judged by the path its history records (several
 * moves made offline arrive as one state: status-path.ts), and two bookings of one slot are listed.
 * A desk's change the merged version would make meaningless (a confirmation of an appointment
 * cancelled meanwhile) is not merged: it goes to the conflict list with its content (issue 18.6).
 * Schedule blocks, the wait list and receivables follow what their operations allow.
 */
import { z } from 'zod';
import { dateInput, dateTimeInput } from '#core/br/schemas.js';
import type { ErrorDetail } from '#core/errors.js';
import type { ConflictHandler, SyncRules } from '#core/sync/record-rules.js';
import type { Store } from '#core/store/port.js';
import { MAX_BLOCK_MINUTES } from './block-record.js';
import { inTheWay, overlappingAppointments } from './occupancy.js';
import { RECEIVABLE_STATUSES, receivables } from './receivable-record.js';
import { PRIORITIES } from './wait-list-ops.js';
import { nextStatus, OCCUPYING, STATUS, STATUS_LABELS, type Status } from './status.js';
import { ENDED, newSteps, statusAt, statusPathAllowed } from './status-path.js';

// Kept where it was first exported.
export { reachable } from './status-path.js';

type Doc = Record<string, unknown>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Fields that place the appointment in time and with whom: they move only before the patient arrives. */
const PLACEMENT = ['start', 'end', 'startUtc', 'endUtc', 'professional', 'clinic'] as const;
const MOVABLE: readonly unknown[] = [STATUS.scheduled, STATUS.reserved];

/** The problems of a pushed appointment against the version the server holds. */
export function appointmentPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) return [];
  const problems: ErrorDetail[] = [];
  if (!statusPathAllowed(previous.status, next.status, newSteps(next.history, previous.history))) {
    problems.push({
      path: 'status',
      message: `a tabela de status não permite ${String(previous.status)} → ${String(next.status)}`,
    });
  }
  problems.push(...actionFieldProblems(next, previous));
  const moved = PLACEMENT.filter((field) => !same(previous[field], next[field]));
  if (moved.length > 0 && !MOVABLE.includes(previous.status)) {
    problems.push({ path: moved[0]!, message: 'só se remarca antes da chegada do paciente' });
  }
  return problems;
}

/** Fields the `charge` action writes. */
const CHARGE_FIELDS = ['copart', 'paymentMethod', 'receivable'] as const;

const label = (status: unknown): string => STATUS_LABELS[status as Status] ?? String(status);

/**
 * Changes of the actions only a live appointment takes. A confirmation changed by the push must have been made while the appointment could be confirmed
 * (scheduled or reserved, by the history at its time) and land on an appointment that still means it:
 * one the server holds cancelled, rescheduled or missed is not confirmed (nor charged) behind the
 * reception's back. Only a merge meets that case: the operations refuse both on such an appointment.
 */
function actionFieldProblems(next: Doc, previous: Doc): ErrorDetail[] {
  // A charge (copart, payment method, receivable) is made only while the appointment is alive.
  const charged = CHARGE_FIELDS.find((field) => !same(next[field], previous[field]));
  if (charged && ENDED.includes(previous.status as number)) {
    return [{ path: charged, message: `o agendamento foi ${label(previous.status)} enquanto isso` }];
  }
  if (same(next.patientConfirmation, previous.patientConfirmation)) return [];
  if (ENDED.includes(previous.status as number)) {
    return [{ path: 'patientConfirmation', message: `o agendamento foi ${label(previous.status)} enquanto isso` }];
  }
  const at = (next.patientConfirmation as { at?: unknown } | null | undefined)?.at;
  const then = statusAt(next.history, at) ?? previous.status;
  if (nextStatus(Number(then), 'confirmation') === undefined) {
    return [{ path: 'patientConfirmation', message: `confirmação registrada com o agendamento ${label(then)}` }];
  }
  return [];
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

const confirmedOf = (c: unknown): unknown => (c as { confirmed?: unknown } | null)?.confirmed;

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
    else if (field === 'patientConfirmation') {
      const kept = laterConfirmation(theirs, ours);
      // The desk's answer losing to a different answer is not dropped unseen: a person looks.
      if (kept !== ours && confirmedOf(kept) !== confirmedOf(ours)) return undefined;
      merged[field] = kept;
    } else if (field === 'status' && statusPathAllowed(theirs, ours, newSteps(pushed.history, master.history)))
      merged[field] = ours;
    else if (field === 'status' && statusPathAllowed(ours, theirs, newSteps(master.history, pushed.history)))
      merged[field] = theirs;
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
  const range = {
    professional,
    startUtc,
    endUtc,
    ...(typeof written.timeZone === 'string' ? { timeZone: written.timeZone } : {}),
  };
  const others = await overlappingAppointments(store, range, String(id));
  // The conflict list is read by whoever may read appointments, not only by those who may read patients.
  return others.length === 0 ? [] : inTheWay(store, range, others, [], { namePatients: false });
}

/** Sync rules of `appointments` (core/sync/record-rules.ts). */
export const appointmentSyncRules: SyncRules = {
  readPermission: 'appointment:read',
  writePermission: 'appointment:write',
  check: appointmentPushProblems,
  resolveConflict: mergeAppointment,
  crossCheck: doubleBookings,
};

/** Fields a change may touch without being an edit. */
const unchangedExcept = (previous: Doc, next: Doc, allowed: readonly string[]): string[] =>
  Object.keys({ ...previous, ...next }).filter(
    (field) => !['_rev', '_deleted', 'updatedAt', ...allowed].includes(field) && !same(previous[field], next[field]),
  );

const isoInstant = dateTimeInput;
const id = z.string().min(1).max(64);

/** A schedule block as a desk pushes it (the shape `block.create` stores). */
export const blockPushSchema = z.looseObject({
  professional: id,
  clinic: id.optional(),
  start: isoInstant,
  end: isoInstant,
  startUtc: isoInstant,
  endUtc: isoInstant,
  timeZone: z.string().min(1).max(64),
  reason: z.string().max(300),
  series: id,
  createdBy: id,
});

/**
 * A pushed block: a range of at most a day that ends after it starts. Blocks are created and
 * removed, never edited (the operations have no edit): a changed block is refused.
 */
export function blockPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const minutes = (Date.parse(String(next.endUtc)) - Date.parse(String(next.startUtc))) / 60_000;
  if (!(minutes > 0)) problems.push({ path: 'end', message: 'o fim deve ser depois do início' });
  else if (minutes > MAX_BLOCK_MINUTES) problems.push({ path: 'end', message: 'um bloqueio dura no máximo um dia' });
  const edited = previous ? unchangedExcept(previous, next, []) : [];
  if (edited.length > 0) problems.push({ path: edited[0]!, message: 'um bloqueio não é editado: remova e crie outro' });
  return problems;
}

/** Sync rules of `schedule_blocks` (core/sync/record-rules.ts). */
export const scheduleBlockSyncRules: SyncRules = {
  readPermission: 'appointment:read',
  writePermission: 'appointment:write',
  schema: blockPushSchema,
  check: blockPushProblems,
};

const period = z
  .strictObject({
    weekdays: z.array(z.number().int().min(0).max(6)).max(7),
    from: z.string().regex(/^\d{2}:\d{2}$/),
    to: z.string().regex(/^\d{2}:\d{2}$/),
  })
  .refine((p) => p.from < p.to, { message: 'início antes do fim', path: ['to'] });

/** A wait-list entry as a desk pushes it (the shape `waitList.create` stores). */
export const waitListPushSchema = z
  .looseObject({
    patient: id,
    clinic: id.optional(),
    professional: id.optional(),
    specialty: id.optional(),
    periods: z.array(period).max(20),
    priority: z.enum(PRIORITIES),
    notes: z.string().max(1000).optional(),
    active: z.boolean(),
    createdBy: id,
  })
  .refine((entry) => entry.professional !== undefined || entry.specialty !== undefined, {
    message: 'informe o profissional ou a especialidade',
    path: ['professional'],
  });

/** A pushed wait-list entry: created active; a removed one (`active: false`) stays as history. */
export function waitListPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) {
    return next.active === true ? [] : [{ path: 'active', message: 'uma entrada nasce ativa' }];
  }
  if (previous.active === false && unchangedExcept(previous, next, []).length > 0) {
    return [{ path: 'active', message: 'uma entrada removida da lista de espera não volta nem é editada' }];
  }
  if (next.createdBy !== previous.createdBy || next.patient !== previous.patient) {
    return [{ path: next.patient !== previous.patient ? 'patient' : 'createdBy', message: 'não muda numa edição' }];
  }
  return [];
}

/** Sync rules of `wait_list` (core/sync/record-rules.ts). */
export const waitListSyncRules: SyncRules = {
  readPermission: 'waitList:read',
  writePermission: 'waitList:write',
  schema: waitListPushSchema,
  check: waitListPushProblems,
};

/** A receivable as a desk pushes it (the shape the appointment's charge stores). */
export const receivablePushSchema = z.looseObject({
  appointment: id,
  patient: id,
  clinic: id,
  amountCentavos: z.number().int().min(0).max(100_000_000_00),
  dueDate: dateInput,
  description: z.string().max(500),
  paymentMethod: z.string().max(64).optional(),
  status: z.enum(RECEIVABLE_STATUSES),
  createdBy: id,
});

/**
 * A pushed receivable: desks create it open (charging an appointment); what it charges never changes
 * through sync, and its status moves only as the finance operations will move it (open → paid or
 * cancelled), never back.
 */
export function receivablePushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) return next.status === 'open' ? [] : [{ path: 'status', message: 'um recebível nasce em aberto' }];
  const problems: ErrorDetail[] = [];
  const edited = unchangedExcept(previous, next, ['status', 'paymentMethod']);
  if (edited.length > 0) problems.push({ path: edited[0]!, message: 'um recebível não muda o que cobra' });
  if (next.status !== previous.status && previous.status !== 'open') {
    problems.push({ path: 'status', message: `um recebível ${String(previous.status)} não muda de status` });
  }
  return problems;
}

/** Two receivables of one appointment (charged on two offline desks): both stay, the second is listed. */
export async function duplicateReceivables(store: Store, written: Doc): Promise<ErrorDetail[]> {
  if (typeof written.appointment !== 'string') return [];
  const found = await store.collection(receivables).find({ selector: { appointment: written.appointment }, limit: 3 });
  const others = found.filter((r) => r.id !== written.id && r.status !== 'cancelled');
  return others.length === 0
    ? []
    : [{ path: 'appointment', message: `consulta já cobrada por: ${others.map((r) => r.id).join(', ')}` }];
}

/** Sync rules of `receivables` (core/sync/record-rules.ts). */
export const receivableSyncRules: SyncRules = {
  readPermission: 'finance:read',
  writePermission: 'appointment:write',
  schema: receivablePushSchema,
  check: receivablePushProblems,
  crossCheck: duplicateReceivables,
};
