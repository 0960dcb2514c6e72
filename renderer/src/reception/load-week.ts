/**
 * Reads one professional's week at a clinic for the reception's week view: working hours and slot
 * length (`effectiveSettings`), the week's appointments (`appointment.list`), blocks, and the core's
 * free slots (`schedule.availability`), which decide what can still be booked.
 */
import { invoke, type OperationContext } from '#core/operation.js';
import { getAvailability } from '#core/schedule/availability-ops.js';
import { listAppointments } from '#core/schedule/schedule-view-ops.js';
import { effectiveSettings } from '#core/schedule/settings-ops.js';
import { utcKey } from '#core/schedule/time.js';
import type { ColumnInput, GridBlock } from './day-grid.js';
import {
  describeAppointments,
  loadBlocks,
  loadClinics,
  loadProfessionals,
  onAgenda,
  type ClinicChoice,
  type DayAppointment,
} from './load-day.js';
import { weekStart } from './week-grid.js';

/** The week as the screen draws it. */
export interface WeekData {
  clinics: ClinicChoice[];
  clinic: ClinicChoice | null;
  professionals: { id: string; name: string }[];
  /** The professional shown, with the rules of their slots; null when the clinic has none. */
  column: ColumnInput | null;
  /** Monday of the week (`YYYY-MM-DD`). */
  monday: string;
  appointments: DayAppointment[];
  blocks: GridBlock[];
  /** UTC keys of the free slots the core still offers. */
  available: Set<string>;
}

/**
 * The week holding `date` of `professionalId` (the first professional when absent or gone) at
 * `clinicId` (the first clinic when absent or gone).
 * @throws DomainError as the operations it runs.
 */
export async function loadWeek(
  ctx: OperationContext,
  clinicId: string | null,
  professionalId: string | null,
  date: string,
): Promise<WeekData> {
  const monday = weekStart(date);
  const clinics = await loadClinics(ctx);
  const clinic = clinics.find((c) => c.id === clinicId) ?? clinics[0] ?? null;
  const professionals = clinic ? await loadProfessionals(ctx) : [];
  const chosen = professionals.find((p) => p.id === professionalId) ?? professionals[0];
  const empty = { clinics, clinic, professionals, column: null, monday, appointments: [], blocks: [] };
  if (!clinic || !chosen) return { ...empty, available: new Set() };
  const settings = await effectiveSettings(ctx.store, clinic.id, chosen.id);
  const column = { ...chosen, slotMinutes: settings.slotMinutes, workingHours: settings.workingHours };
  const week = { clinic: clinic.id, professional: chosen.id, date: monday, days: 7 };
  const listed = await invoke(listAppointments, ctx, { ...week, includeCancelled: true, limit: 2000 });
  const free = await invoke(getAvailability, ctx, week);
  return {
    ...empty,
    column,
    appointments: await describeAppointments(ctx, onAgenda(listed.items)),
    blocks: await loadBlocks(ctx, clinic, [chosen.id], monday, 7),
    available: new Set(free.slots.map((s) => utcKey(s.start))),
  };
}
