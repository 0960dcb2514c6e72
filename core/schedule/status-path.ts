/**
 * Judging an appointment's status change by its path, not its jump (issue 18.4): a desk that works
 * offline moves an appointment through several rows of the transition table (arrive, call, start…)
 * and pushes only the last state. Each move is written in `history` with its time, so the server can
 * follow the pushed steps from the status it holds and accept a target reached by allowed moves.
 */
import { ACTIONS, nextStatus, STATUS, type AppointmentAction } from './status.js';

/** One status change as a pushed document carries it (`StatusChange`, loosely typed: it is input). */
export interface StepLike {
  at?: unknown;
  from?: unknown;
  to?: unknown;
  action?: unknown;
}

/** Statuses the patient reaches by coming: a confirmation made before them is moot, not lost. */
export const ARRIVED: readonly number[] = [STATUS.waiting, STATUS.called, STATUS.inAttendance, STATUS.attended];
/** Statuses that end the appointment without the patient: a confirmation no longer means anything. */
export const ENDED: readonly number[] = [
  STATUS.noShow,
  STATUS.cancelledByPatient,
  STATUS.cancelledByClinic,
  STATUS.rescheduled,
];

const list = (value: unknown): StepLike[] => (Array.isArray(value) ? (value as StepLike[]) : []);
const keyOf = (step: StepLike): string => JSON.stringify([step.at, step.from, step.to, step.action]);

/** Whether some action of the table leads from `from` to `to` in one move (staying put counts). */
export function reachable(from: unknown, to: unknown): boolean {
  if (from === to) return true;
  return typeof from === 'number' && ACTIONS.some((action) => nextStatus(from, action) === to);
}

/** The entries of `next`'s history that `previous`'s lacks, in time order: the steps a push brings. */
export function newSteps(nextHistory: unknown, previousHistory: unknown): StepLike[] {
  const known = new Set(list(previousHistory).map(keyOf));
  return list(nextHistory)
    .filter((step) => !known.has(keyOf(step)))
    .sort((a, b) => String(a.at).localeCompare(String(b.at)));
}

/** Whether `step`, taken from `from`, is a move of the table (by its action when it names one). */
function moves(from: number, step: StepLike): boolean {
  if (typeof step.to !== 'number') return false;
  if (typeof step.action === 'string' && (ACTIONS as string[]).includes(step.action)) {
    return nextStatus(from, step.action as AppointmentAction) === step.to;
  }
  return reachable(from, step.to);
}

/**
 * Whether `steps` (time order) lead from status `from` to `to`, each a move of the table from where
 * the previous one left the appointment. A step that starts elsewhere does not link and is passed
 * over: the arrival a desk recorded offline when the totem had already recorded one on the server.
 */
export function reachedThrough(from: unknown, to: unknown, steps: readonly StepLike[]): boolean {
  if (typeof from !== 'number') return false;
  let current = from;
  for (const step of steps) {
    if (step.from !== current || !moves(current, step)) continue;
    current = step.to as number;
  }
  return current === to;
}

/** Whether the table leads from `from` to `to`, in one move or through the recorded `steps`. */
export function statusPathAllowed(from: unknown, to: unknown, steps: readonly StepLike[]): boolean {
  return reachable(from, to) || reachedThrough(from, to, steps);
}

/**
 * The status the history says the appointment had at instant `at` (ISO-8601), undefined when the
 * history does not tell (empty, or `at` not a string).
 */
export function statusAt(history: unknown, at: unknown): number | undefined {
  if (typeof at !== 'string') return undefined;
  const instant = Date.parse(at);
  const steps = list(history)
    .filter((step) => typeof step.at === 'string' && typeof step.to === 'number')
    .sort((a, b) => Date.parse(String(a.at)) - Date.parse(String(b.at)));
  let status: number | undefined;
  for (const step of steps) {
    if (Date.parse(String(step.at)) > instant) {
      if (status === undefined && typeof step.from === 'number') status = step.from;
      break;
    }
    status = step.to as number;
  }
  return status;
}
