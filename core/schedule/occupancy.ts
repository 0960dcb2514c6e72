/**
 * The double-booking rule (issue 6): a professional's non-overbooking, occupying appointments never
 * overlap each other or a block. Run inside the writing transaction, so the check and the write see
 * the same schedule (RxDB serializes writers; SQL holds the transaction).
 */
import { DomainError } from '../errors.js';
import type { Store } from '../store/port.js';
import type { Stored } from '../store/record.js';
import { appointments, type Appointment } from './appointment-record.js';
import { MAX_BLOCK_MINUTES, scheduleBlocks, type ScheduleBlock } from './block-record.js';
import { OCCUPYING } from './status.js';
import { utcKey } from './time.js';

/** Longest appointment, minutes: bounds the look-back of the overlap query to one index range. */
export const MAX_APPOINTMENT_MINUTES = 12 * 60;

/** A time range of one professional, as UTC keys. */
export interface SlotRange {
  professional: string;
  clinic?: string;
  startUtc: string;
  endUtc: string;
}

const minus = (key: string, minutes: number) => utcKey(new Date(Date.parse(key) - minutes * 60_000));

/** Occupying, non-overbooking appointments of the professional overlapping the range. */
export async function overlappingAppointments(
  store: Store,
  range: SlotRange,
  exceptId?: string,
): Promise<Stored<Appointment>[]> {
  const found = await store.collection(appointments).find({
    selector: {
      professional: range.professional,
      startUtc: { $gte: minus(range.startUtc, MAX_APPOINTMENT_MINUTES), $lt: range.endUtc },
    },
  });
  return found.filter(
    (a) => a.id !== exceptId && !a.overbooking && OCCUPYING.has(a.status) && a.endUtc > range.startUtc,
  );
}

/** Blocks of the professional overlapping the range (those of the range's clinic or of every clinic). */
export async function overlappingBlocks(store: Store, range: SlotRange): Promise<Stored<ScheduleBlock>[]> {
  const found = await store.collection(scheduleBlocks).find({
    selector: {
      professional: range.professional,
      startUtc: { $gte: minus(range.startUtc, MAX_BLOCK_MINUTES), $lt: range.endUtc },
    },
  });
  return found.filter((b) => b.endUtc > range.startUtc && (!b.clinic || !range.clinic || b.clinic === range.clinic));
}

/**
 * @throws DomainError `conflict` (409) naming `start`, listing what occupies the range, unless the
 *   range is free of other appointments and of blocks.
 *
 * Writers call it before writing and again after (see {@link recheckAfterWrite}).
 */
export async function assertSlotFree(store: Store, range: SlotRange, exceptId?: string): Promise<void> {
  const taken = await overlappingAppointments(store, range, exceptId);
  const blocked = await overlappingBlocks(store, range);
  if (taken.length === 0 && blocked.length === 0) return;
  throw new DomainError(
    'conflict',
    'Horário ocupado ou bloqueado para este profissional; use encaixe para marcar assim mesmo',
    [
      ...taken.map((a) => ({ path: 'start', message: `agendamento ${a.id} (${a.start} – ${a.end})` })),
      ...blocked.map((b) => ({ path: 'start', message: `bloqueio ${b.id}: ${b.reason} (${b.start} – ${b.end})` })),
    ],
  );
}

/**
 * The same check once the appointment is written, in the same transaction. On SQLite and RxDB
 * writers are serialized and it never fails after a passing first check; on PostgreSQL (read
 * committed) two transactions can both pass the first check, but the first write takes the tenant's
 * sequence row lock, so the second writer waits at its write until the first commits and this
 * second query then sees the first's appointment: the loser rolls back with 409.
 */
export function recheckAfterWrite(store: Store, range: SlotRange, savedId: string): Promise<void> {
  return assertSlotFree(store, range, savedId);
}
