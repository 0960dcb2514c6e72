/**
 * "Encaixar" from a wait-list entry: the free slots of the coming days that the entry wants. The
 * core's `waitList.matches` answers the other way round (who fits a slot that freed up); here the
 * free slots come from `schedule.availability` and the core's own `entryFits` decides which fit, so
 * the desk applies exactly the rule the core does.
 */
import { users } from '#core/access/user.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { getAvailability, type Slot } from '#core/schedule/availability-ops.js';
import { entryFits } from '#core/schedule/wait-list-ops.js';
import { loadClinics } from '../reception/load-day.js';
import type { WaitListItem } from './load-wait-list.js';

/** The free slots of one professional at one clinic. */
export interface SlotCandidates {
  clinic: string;
  timeZone: string;
  professional: string;
  /** Specialties the professional attends (an entry by specialty fits them). */
  specialties: readonly string[];
  slots: readonly Slot[];
}

/** A free slot offered to an entry. */
export interface FittingSlot {
  clinic: string;
  professional: string;
  /** ISO-8601 with the clinic's offset, as the core answered. */
  start: string;
  end: string;
}

/**
 * The slots of `candidates` that `entry` wants (clinic, professional or specialty, preferred
 * periods), earliest first, at most `limit`.
 */
export function fittingSlots(entry: WaitListItem, candidates: readonly SlotCandidates[], limit: number): FittingSlot[] {
  const out: FittingSlot[] = [];
  for (const c of candidates)
    for (const s of c.slots) {
      const slot = { clinic: c.clinic, professional: c.professional, start: s.start, end: s.end, timeZone: c.timeZone };
      if (entryFits(entry, slot, c.specialties)) out.push({ ...slot });
    }
  return out.sort((a, b) => Date.parse(a.start) - Date.parse(b.start)).slice(0, limit);
}

/**
 * Reads the free slots of the professionals the entry could see (its professional, else every
 * active professional, whose specialties `entryFits` checks) at its clinic (else every clinic),
 * for `days` days from `from` (`YYYY-MM-DD`).
 * @throws DomainError as `schedule.availability`.
 */
export async function loadFittingSlots(
  ctx: OperationContext,
  entry: WaitListItem,
  from: string,
  days: number,
  limit: number,
): Promise<FittingSlot[]> {
  const clinics = (await loadClinics(ctx)).filter((c) => !entry.clinic || c.id === entry.clinic);
  const people = await ctx.store.collection(users).find({ selector: { role: 'professional' } });
  const professionals = people.filter((u) => u.active && (!entry.professional || u.id === entry.professional));
  const candidates: SlotCandidates[] = [];
  for (const clinic of clinics)
    for (const p of professionals) {
      const { slots } = await invoke(getAvailability, ctx, { clinic: clinic.id, professional: p.id, date: from, days });
      candidates.push({
        clinic: clinic.id,
        timeZone: clinic.timeZone,
        professional: p.id,
        specialties: p.specialties,
        slots,
      });
    }
  return fittingSlots(entry, candidates, limit);
}
