/**
 * Reads one day of a clinic from the local database for the reception screen: the clinic's
 * professionals with their working hours (core's `effectiveSettings`), the day's appointments through
 * the `appointment.list` operation, blocks, and the patients they name.
 */
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import type { PaymentMethod } from '#core/schedule/appointment-record.js';
import { scheduleBlocks } from '#core/schedule/block-record.js';
import { listAppointments } from '#core/schedule/schedule-view-ops.js';
import { effectiveSettings } from '#core/schedule/settings-ops.js';
import { dayRange, utcKey } from '#core/schedule/time.js';
import { OCCUPYING, STATUS, type Status } from '#core/schedule/status.js';
import type { z } from 'zod';
import type { ColumnInput, GridBlock } from './day-grid.js';

/** A clinic the desk can show. */
export interface ClinicChoice {
  id: string;
  name: string;
  timeZone: string;
}

/** An appointment as the day screen shows it. */
export interface DayAppointment {
  id: string;
  professional: string;
  patient: string;
  patientName: string;
  patientCpf: string | null;
  patientPhone: string | null;
  start: string;
  end: string;
  startUtc: string;
  endUtc: string;
  status: Status;
  confirmed: boolean;
  overbooking: boolean;
  notes: string;
  /** Co-payment in reais, when set. */
  copart?: number;
  paymentMethod?: PaymentMethod;
  /** The insurer (convênio) the appointment is billed to, when not private. */
  insurance?: string;
}

type ListedAppointment = z.output<typeof listAppointments.output>['items'][number];

/** The day as the screen draws it. */
export interface DayData {
  clinics: ClinicChoice[];
  clinic: ClinicChoice | null;
  columns: ColumnInput[];
  appointments: DayAppointment[];
  blocks: GridBlock[];
}

/**
 * What the agenda draws of `appointment.list` with `includeCancelled`: the appointments holding time,
 * and no-shows (red, as the legend says: the reception sees who missed the day). Cancelled and
 * rescheduled ones stay off the grid, their slots free.
 */
export function onAgenda(items: readonly ListedAppointment[]): ListedAppointment[] {
  return items.filter((a) => OCCUPYING.has(a.status) || a.status === STATUS.noShow);
}

/** The listed appointments (`appointment.list` items) with their patients, as the screens show them. */
export async function describeAppointments(
  ctx: OperationContext,
  items: readonly ListedAppointment[],
): Promise<DayAppointment[]> {
  // One query for the day's patients: one read per appointment cost a store round trip each.
  const ids = [...new Set(items.map((a) => a.patient))];
  const found = ids.length ? await ctx.store.collection(patients).find({ selector: { id: { $in: ids } } }) : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const appointments: DayAppointment[] = [];
  for (const a of items) {
    const patient = byId.get(a.patient);
    appointments.push({
      id: a.id,
      professional: a.professional,
      patient: a.patient,
      patientName: patient?.socialName ?? patient?.name ?? '—',
      patientCpf: patient?.cpf ?? null,
      patientPhone: patient?.cellPhone ?? patient?.phone ?? null,
      start: a.start,
      end: a.end,
      startUtc: utcKey(a.start),
      endUtc: utcKey(a.end),
      status: a.status as Status,
      confirmed: a.patientConfirmation.confirmed,
      overbooking: a.overbooking,
      notes: a.notes ?? '',
      ...(a.copart === undefined ? {} : { copart: a.copart }),
      ...(a.paymentMethod === undefined ? {} : { paymentMethod: a.paymentMethod }),
      ...(a.insurance ? { insurance: a.insurance } : {}),
    });
  }
  return appointments;
}

/** The clinics of the account, active ones, by name. */
export async function loadClinics(ctx: OperationContext): Promise<ClinicChoice[]> {
  const found = await ctx.store.collection(clinics).find();
  return found
    .filter((c) => c.active)
    .map((c) => ({ id: c.id, name: c.name, timeZone: c.timeZone }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** The professionals who can be booked (active, role professional), by name. */
export async function loadProfessionals(ctx: OperationContext): Promise<{ id: string; name: string }[]> {
  const found = await ctx.store.collection(users).find({ selector: { role: 'professional' } });
  return found
    .filter((u) => u.active)
    .map((u) => ({ id: u.id, name: u.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/**
 * The day `date` (`YYYY-MM-DD`, the clinic's) of `clinicId` (the first clinic when absent or gone).
 * @throws DomainError as the operations it runs.
 */
export async function loadDay(ctx: OperationContext, clinicId: string | null, date: string): Promise<DayData> {
  const all = await loadClinics(ctx);
  const clinic = all.find((c) => c.id === clinicId) ?? all[0] ?? null;
  if (!clinic) return { clinics: all, clinic: null, columns: [], appointments: [], blocks: [] };
  const professionals = await loadProfessionals(ctx);
  const columns: ColumnInput[] = [];
  for (const p of professionals) {
    const settings = await effectiveSettings(ctx.store, clinic.id, p.id);
    columns.push({ ...p, slotMinutes: settings.slotMinutes, workingHours: settings.workingHours });
  }
  const listed = await invoke(listAppointments, ctx, {
    clinic: clinic.id,
    date,
    days: 1,
    includeCancelled: true,
    limit: 2000,
  });
  const appointments = await describeAppointments(ctx, onAgenda(listed.items));
  const blocks = await loadBlocks(
    ctx,
    clinic,
    professionals.map((p) => p.id),
    date,
    1,
  );
  return { clinics: all, clinic, columns, appointments, blocks };
}

/**
 * The blocks of `professionals` at `clinic` (theirs there, or of every clinic) touching `days` days
 * from `date` (the clinic's calendar).
 */
export async function loadBlocks(
  ctx: OperationContext,
  clinic: ClinicChoice,
  professionals: readonly string[],
  date: string,
  days: number,
): Promise<GridBlock[]> {
  const range = dayRange(date, days, clinic.timeZone);
  // A block lasts at most a day: one starting the day before may still cover the morning.
  const dayBefore = utcKey(new Date(Date.parse(range.from) - 24 * 3600_000));
  const blocks: GridBlock[] = [];
  for (const professional of professionals) {
    const found = await ctx.store.collection(scheduleBlocks).find({
      selector: { professional, startUtc: { $gte: dayBefore, $lt: range.to } },
    });
    for (const b of found)
      if (b.endUtc > range.from && (!b.clinic || b.clinic === clinic.id))
        blocks.push({ professional: b.professional, startUtc: b.startUtc, endUtc: b.endUtc, reason: b.reason });
  }
  return blocks;
}
