/**
 * Booking a wait-list entry into a slot, as both "Encaixar" (a free slot the desk found) and the
 * freed-slot offer (the slot a cancellation just freed) do it: `appointment.create` with the entry's
 * specialty, then `waitList.remove` (the core has no "fulfilled" state, decisions.md "Renderer").
 */
import type { TFunction } from 'i18next';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { removeWaitListEntry } from '#core/schedule/wait-list-ops.js';
import type { RunOperation } from '../local/hooks.js';
import { clockTime } from '../reception/day-grid.js';
import { slotDay } from './slot-label.js';

/** What booking needs of an entry: its id (to remove it), the patient and the specialty asked for. */
export interface EntryToBook {
  id: string;
  patient: string;
  specialty?: string | undefined;
}

/** A slot to book: clinic, professional, and start/end as ISO-8601 instants. */
export interface SlotToBook {
  clinic: string;
  professional: string;
  start: string;
  end: string;
}

/**
 * Books `entry`'s patient into `slot` and takes the entry off the wait list.
 * @returns `stillListed: true` when the booking held but the removal failed (the desk says so; removing
 *   by hand is one click), else false.
 * @throws DomainError as `appointment.create` (`conflict` when the slot was taken meanwhile); nothing
 *   is written then and the entry stays listed.
 */
export async function bookFromWaitList(
  run: RunOperation,
  entry: EntryToBook,
  slot: SlotToBook,
): Promise<{ stillListed: boolean }> {
  await run(createAppointment, {
    clinic: slot.clinic,
    professional: slot.professional,
    patient: entry.patient,
    start: slot.start,
    end: slot.end,
    ...(entry.specialty ? { specialty: entry.specialty } : {}),
  });
  try {
    await run(removeWaitListEntry, { id: entry.id });
    return { stillListed: false };
  } catch {
    // Booked but still listed: say so rather than hide it.
    return { stillListed: true };
  }
}

/**
 * The notice after {@link bookFromWaitList}: "Gabriel agendado(a) para ter., 24/11 às 09:00 com Dr.
 * Ricardo e retirado(a) da lista de espera" (or that the entry is still listed), in `locale`.
 */
export function bookedNotice(
  t: TFunction,
  locale: string,
  booked: { name: string; professional: string; start: string; timeZone: string; stillListed: boolean },
): string {
  const vars = {
    name: booked.name,
    day: slotDay(booked.start, booked.timeZone, locale),
    time: clockTime(booked.start, booked.timeZone),
    professional: booked.professional,
  };
  return t(booked.stillListed ? 'waitlist.fitDoneStillListed' : 'waitlist.fitDone', vars);
}
