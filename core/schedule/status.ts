/**
 * Appointment statuses and the one transition table every operation obeys (issue 6). Status numbers
 * are stable on the wire (the spec's statuses are numbers, §2.1 `status: number`); names are for
 * people and code. Confirmation is not a status: `patientConfirmation` is a field of its own.
 */
import { DomainError } from '#core/errors.js';

/** Status number by name. Never renumber: stored records and integrators hold these numbers. */
export const STATUS = {
  scheduled: 1,
  waiting: 2,
  called: 3,
  inAttendance: 4,
  attended: 5,
  noShow: 6,
  cancelledByPatient: 7,
  cancelledByClinic: 8,
  rescheduled: 9,
  reserved: 10,
} as const;
/** A status name. */
export type StatusName = keyof typeof STATUS;
/** A status number. */
export type Status = (typeof STATUS)[StatusName];

/** Every status number, in number order. */
export const STATUSES = Object.values(STATUS).sort((a, b) => a - b) as Status[];

/** pt-BR labels, as the reception reads them. */
export const STATUS_LABELS: Record<Status, string> = {
  1: 'agendado',
  2: 'aguardando (chegou)',
  3: 'chamado',
  4: 'em atendimento',
  5: 'atendido',
  6: 'faltou',
  7: 'desmarcado pelo paciente',
  8: 'desmarcado pela clínica',
  9: 'remarcado',
  10: 'reservado',
};

/**
 * Statuses that hold the professional's time: the double-booking check counts only these. A
 * cancelled, rescheduled or missed appointment frees its slot.
 */
export const OCCUPYING: ReadonlySet<number> = new Set([
  STATUS.scheduled,
  STATUS.reserved,
  STATUS.waiting,
  STATUS.called,
  STATUS.inAttendance,
  STATUS.attended,
]);

/** Statuses before the patient arrives: the ones where the time may move and confirmation applies. */
const BOOKED = [STATUS.scheduled, STATUS.reserved] as const;
/** Statuses where the appointment is still alive (not cancelled, rescheduled or missed). */
const LIVE = [...BOOKED, STATUS.waiting, STATUS.called, STATUS.inAttendance, STATUS.attended] as const;
const ALL = STATUSES;

const same = (from: readonly Status[]): Partial<Record<Status, Status>> => Object.fromEntries(from.map((s) => [s, s]));
const to = (from: readonly Status[], target: Status): Partial<Record<Status, Status>> =>
  Object.fromEntries(from.map((s) => [s, target]));

/**
 * The transition table: for each action, the statuses it may start from and the status it leads to.
 * A status missing from an action's row forbids it (`invalid_transition`, 409). Actions that do not
 * move the status map a status to itself.
 */
export const TRANSITIONS = {
  /** Edit appointment (PUT), moving its time or changing its fields. */
  edit: same(BOOKED),
  /** Edit appointment notes: always, history is written about too. */
  editNotes: same(ALL),
  /** Set copart / payment method / generate the receivable: while the appointment is alive. */
  charge: same(LIVE),
  /** Patient confirm / unconfirm (a field, not a status): only before arrival. */
  confirmation: same(BOOKED),
  /** Resolve a reserved appointment: keep it. */
  confirmReservation: to([STATUS.reserved], STATUS.scheduled),
  /** Resolve a reserved appointment: let it go. */
  releaseReservation: to([STATUS.reserved], STATUS.cancelledByClinic),
  /** Attend appointment: check-in, the attendance starts waiting. */
  checkIn: to([STATUS.scheduled], STATUS.waiting),
  /** The professional calls the patient in. */
  call: to([STATUS.waiting, STATUS.called], STATUS.called),
  /** The attendance starts. */
  start: to([STATUS.waiting, STATUS.called], STATUS.inAttendance),
  /** The attendance ends. */
  finish: to([STATUS.inAttendance], STATUS.attended),
  /** The end is undone (ended by mistake): back in attendance; the kits' consumption is reversed. */
  reopen: to([STATUS.attended], STATUS.inAttendance),
  /** Regress the attendance to waiting state (called in error, patient stepped out). */
  regress: to([STATUS.called, STATUS.inAttendance], STATUS.waiting),
  /** The patient did not come. */
  noShow: to([STATUS.scheduled], STATUS.noShow),
  /** Remove appointment (PATCH), cancelled on the patient's behalf. */
  cancelByPatient: to(BOOKED, STATUS.cancelledByPatient),
  /** Remove appointment (PATCH), cancelled by the clinic. */
  cancelByClinic: to(BOOKED, STATUS.cancelledByClinic),
  /** Remove appointment (PATCH) because it was booked again at another time. */
  reschedule: to(BOOKED, STATUS.rescheduled),
} as const satisfies Record<string, Partial<Record<Status, Status>>>;

/** An action of the transition table. */
export type AppointmentAction = keyof typeof TRANSITIONS;
/** Every action, for table-driven tests and docs. */
export const ACTIONS = Object.keys(TRANSITIONS) as AppointmentAction[];

/** The status `action` leads to from `from`, or undefined when the table forbids it. */
export function nextStatus(from: number, action: AppointmentAction): Status | undefined {
  return (TRANSITIONS[action] as Partial<Record<number, Status>>)[from];
}

/**
 * The status `action` leads to from `from`.
 * @throws DomainError `invalid_transition` (409) naming `status`, with both statuses in pt-BR.
 */
export function requireTransition(from: number, action: AppointmentAction): Status {
  const next = nextStatus(from, action);
  if (next === undefined) {
    const label = STATUS_LABELS[from as Status] ?? String(from);
    throw new DomainError('invalid_transition', `Não é possível (${action}) um agendamento ${label}`, [
      { path: 'status', message: `status atual: ${from} (${label})` },
    ]);
  }
  return next;
}
