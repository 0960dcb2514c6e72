/**
 * Moving an appointment through the core's `appointment.edit`, which replaces every placement field
 * (those omitted are cleared): the move re-sends the current ones and changes only professional and
 * time, so a drag never drops the specialty, events, insurance or room.
 */
import type { z } from 'zod';
import { editAppointment, getAppointment } from '#core/schedule/appointment-ops.js';
import { utcKey } from '#core/schedule/time.js';
import type { RunOperation } from '../local/hooks.js';
import type { MoveTarget } from './move-target.js';

/** A place to move to, with the encaixe flag it is booked under. */
export interface Placement extends MoveTarget {
  overbooking: boolean;
}

/** What a move keeps of the appointment as it is. */
export interface Placed {
  id: string;
  clinic: string;
  patient: string;
  events: string[];
  specialty?: string | undefined;
  insurance?: string | undefined;
  insurancePlan?: string | undefined;
  place?: string | undefined;
}

/**
 * The `appointment.edit` input placing `current` at `to`, every other placement field kept.
 * A move is not an encaixe unless `to` says so: the core then refuses an occupied or blocked slot.
 */
export function editInputFor(current: Placed, to: Placement): z.input<typeof editAppointment.input> {
  return {
    id: current.id,
    clinic: current.clinic,
    professional: to.professional,
    patient: current.patient,
    start: to.startUtc,
    end: to.endUtc,
    events: current.events,
    overbooking: to.overbooking,
    ...(current.specialty ? { specialty: current.specialty } : {}),
    ...(current.insurance ? { insurance: current.insurance } : {}),
    ...(current.insurancePlan ? { insurancePlan: current.insurancePlan } : {}),
    ...(current.place ? { place: current.place } : {}),
  };
}

/**
 * Moves appointment `id` to `to` as the desk's person.
 * @returns where it was, for an undo.
 * @throws DomainError as `appointment.edit` (`conflict` for an occupied or blocked slot,
 *   `invalid_transition` once the patient arrived); nothing changes then.
 */
export async function moveAppointment(run: RunOperation, id: string, to: Placement): Promise<Placement> {
  const current = await run(getAppointment, { id });
  await run(editAppointment, editInputFor(current, to));
  return {
    professional: current.professional,
    startUtc: utcKey(current.start),
    endUtc: utcKey(current.end),
    overbooking: current.overbooking,
  };
}
