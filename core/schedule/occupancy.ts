/**
 * The double-booking rule (issue 6): a professional's non-overbooking, occupying appointments never
 * overlap each other or a block. Run inside the writing transaction, so the check and the write see
 * the same schedule (RxDB serializes writers; SQL holds the transaction).
 */
import { DEFAULT_TIME_ZONE } from '#core/clinic/clinic-record.js';
import { DomainError, isDomainError, type ErrorDetail } from '#core/errors.js';
import { patients } from '#core/patient/patient-record.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { appointments, type Appointment } from './appointment-record.js';
import { MAX_BLOCK_MINUTES, scheduleBlocks, type ScheduleBlock } from './block-record.js';
import { appointmentInTheWay, blockInTheWay } from './occupancy-text.js';
import { OCCUPYING } from './status.js';
import { dayIn, utcKey } from './time.js';

/** Longest appointment, minutes: bounds the look-back of the overlap query to one index range. */
export const MAX_APPOINTMENT_MINUTES = 12 * 60;

/** A time range of one professional, as UTC keys. */
export interface SlotRange {
  professional: string;
  clinic?: string;
  startUtc: string;
  endUtc: string;
  /** The clinic's IANA zone, in which a refusal says its times; else each record's own zone. */
  timeZone?: string;
}

/** How {@link assertSlotFree} words its refusal. */
export interface SlotCheckOptions {
  /**
   * Say whose appointment is in the way (default true). False where the caller is the patient
   * (self booking): another patient's name is theirs alone, so it is "outro paciente".
   */
  namePatients?: boolean;
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
 * Names to say for the patients of `ids` (social name first), read in one batch. An actor who may
 * not read patients gets none, so the refusal says "outro paciente" rather than turning into a 403.
 */
async function patientNames(store: Store, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  try {
    const found = await store.collection(patients).find({ selector: { id: { $in: [...new Set(ids)] } } });
    return new Map(found.map((p) => [p.id, p.socialName ?? p.name]));
  } catch (error) {
    if (isDomainError(error) && error.code === 'forbidden') return new Map();
    throw error;
  }
}

/**
 * @throws DomainError `conflict` (409) unless the range is free of other appointments and of blocks:
 *   one detail per appointment or block in the way, all on path `start`, its message in pt-BR and
 *   in the clinic's local time (`Já há agendamento de Maria Silva das 14:00 às 14:30`,
 *   `Bloqueado das 12:00 às 13:00: Almoço`), its record in `ref` (`appointments` or
 *   `schedule_blocks`, and the id).
 *
 * Writers call it before writing and again after (see {@link recheckAfterWrite}).
 */
export async function assertSlotFree(
  store: Store,
  range: SlotRange,
  exceptId?: string,
  options: SlotCheckOptions = {},
): Promise<void> {
  const taken = await overlappingAppointments(store, range, exceptId);
  const blocked = await overlappingBlocks(store, range);
  if (taken.length === 0 && blocked.length === 0) return;
  throw new DomainError(
    'conflict',
    'Horário ocupado ou bloqueado para este profissional; use encaixe para marcar assim mesmo',
    await inTheWay(store, range, taken, blocked, options),
  );
}

/**
 * One detail per appointment and block in `range`'s way, on path `start`: pt-BR in the clinic's
 * local time (`Já há agendamento de Maria Silva das 14:00 às 14:30`, `Bloqueado das 12:00 às 13:00:
 * Almoço`), the record in `ref`. Patients' names are read in one batch.
 */
export async function inTheWay(
  store: Store,
  range: SlotRange,
  taken: readonly Stored<Appointment>[],
  blocked: readonly Stored<ScheduleBlock>[] = [],
  options: SlotCheckOptions = {},
): Promise<ErrorDetail[]> {
  const timeZone = range.timeZone ?? taken[0]?.timeZone ?? blocked[0]?.timeZone ?? DEFAULT_TIME_ZONE;
  const wording = {
    timeZone,
    day: dayIn(range.startUtc, timeZone),
    patientNames:
      options.namePatients === false
        ? new Map<string, string>()
        : await patientNames(
            store,
            taken.map((a) => a.patient),
          ),
  };
  return [...taken.map((a) => appointmentInTheWay(a, wording)), ...blocked.map((b) => blockInTheWay(b, wording))];
}

/**
 * The same check once the appointment is written, in the same transaction. On SQLite and RxDB
 * writers are serialized and it never fails after a passing first check; on PostgreSQL (read
 * committed) two transactions can both pass the first check, but the first write takes the tenant's
 * sequence row lock, so the second writer waits at its write until the first commits and this
 * second query then sees the first's appointment: the loser rolls back with 409.
 */
export function recheckAfterWrite(
  store: Store,
  range: SlotRange,
  savedId: string,
  options: SlotCheckOptions = {},
): Promise<void> {
  return assertSlotFree(store, range, savedId, options);
}
