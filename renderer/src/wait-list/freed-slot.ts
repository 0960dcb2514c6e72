/**
 * The slot a cancellation freed and who on the wait list fits it: the core's `waitList.matches`
 * (clinic, professional, specialty and preferred periods; most urgent, then oldest first; never the
 * patient who just cancelled), with the names and phones the desk's offer shows.
 */
import { users } from '#core/access/user.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { getAppointment } from '#core/schedule/appointment-ops.js';
import { waitListMatches } from '#core/schedule/wait-list-ops.js';
import { formatPhone } from '#core/br/format.js';
import type { SlotToBook } from './book-entry.js';
import { nameEntries, type ListedEntry } from './load-wait-list.js';

/** A freed slot (times as ISO-8601 instants, shown in `timeZone`) and the entries that fit it. */
export interface FreedSlot extends SlotToBook {
  timeZone: string;
  professionalName: string;
  entries: ListedEntry[];
}

/** Exactly the place an appointment held: same clinic, professional, start and end. */
export function slotOf(appointment: SlotToBook): SlotToBook {
  return {
    clinic: appointment.clinic,
    professional: appointment.professional,
    start: appointment.start,
    end: appointment.end,
  };
}

/** The offer's heading for `count` fitting entries: the key (one person or many) and its variables. */
export function offerHeading(count: number): {
  key: 'waitlist.freedOne' | 'waitlist.freedMany';
  vars: { count: string };
} {
  return { key: count === 1 ? 'waitlist.freedOne' : 'waitlist.freedMany', vars: { count: String(count) } };
}

/**
 * A stored phone (E.164, `+5511987654321`) as the desk reads it aloud: `(11) 98765-4321` for a Brazilian
 * number (core/br/format.ts); a foreign one in its international form.
 */
export function phoneLabel(e164: string): string {
  return formatPhone(e164);
}

/**
 * The slot appointment `id` held and the wait-list entries that fit it.
 * @throws DomainError as `appointment.get` / `waitList.matches` (`not_found` for an unknown id).
 */
export async function loadFreedSlot(ctx: OperationContext, id: string): Promise<FreedSlot> {
  const appointment = await invoke(getAppointment, ctx, { id });
  const { items } = await invoke(waitListMatches, ctx, { id });
  const professional = await ctx.store.collection(users).get(appointment.professional);
  return {
    ...slotOf(appointment),
    timeZone: appointment.timeZone,
    professionalName: professional?.name ?? '—',
    entries: await nameEntries(ctx, items),
  };
}
