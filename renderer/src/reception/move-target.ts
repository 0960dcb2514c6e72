/**
 * Where a dragged (or keyboard-moved) appointment lands: the slot dropped on, same length as before.
 * Pure, so the rule is tested without a browser; the core's `appointment.edit` still decides whether
 * the place is free.
 */
import { nextStatus, type Status } from '#core/schedule/status.js';
import type { Cell, GridAppointment } from './day-grid.js';

/** A new place: professional and UTC keys of start and end. */
export interface MoveTarget {
  professional: string;
  startUtc: string;
  endUtc: string;
}

/** True when the reception may move an appointment of `status` (the core edits only booked ones). */
export function movable(status: Status): boolean {
  return nextStatus(status, 'edit') !== undefined;
}

/**
 * The place `appointment` takes when dropped on `cell` of `professional`'s column: the cell's start,
 * the appointment's own length. Null where there is nothing to do: a cell outside working hours (no
 * slot to take) or the place it already has. Booked and blocked cells give a target: the core refuses
 * them with its own message, which the screen shows.
 */
export function moveTarget<A extends GridAppointment>(
  appointment: GridAppointment,
  professional: string,
  cell: Cell<A>,
): MoveTarget | null {
  if (cell.kind === 'off') return null;
  if (professional === appointment.professional && cell.startUtc === appointment.startUtc) return null;
  const length = Date.parse(appointment.endUtc) - Date.parse(appointment.startUtc);
  return {
    professional,
    startUtc: cell.startUtc,
    endUtc: new Date(Date.parse(cell.startUtc) + length).toISOString(),
  };
}
