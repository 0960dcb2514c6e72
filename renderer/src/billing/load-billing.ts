/**
 * What the Faturamento screen reads, all from the desk's database (billing is replicated read-only to
 * desks, TISS-001): for one insurer, clinic and period, the billable attendances (attended
 * appointments not yet in billing, and billed attendances in no batch) and the insurer's batches with
 * their totals. Writes go to the server (use-admin-run.ts): the desk's own pushes carry reception's
 * permissions.
 */
import { addDays } from 'date-fns';
import { users } from '#core/access/user.js';
import { billingAttendances, type BillingAttendance } from '#core/billing/attendance-record.js';
import { billingBatches, type BillingBatch } from '#core/billing/batch-record.js';
import { appointmentGuideType } from '#core/billing/guide-type.js';
import { attendanceCentavos, batchTotal } from '#core/billing/totals.js';
import type { GuideType } from '#core/billing/tiss/tiss-data.js';
import { events } from '#core/clinic/event-record.js';
import { insurances } from '#core/insurance/insurance-record.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { STATUS } from '#core/schedule/status.js';
import { loadClinics, type ClinicChoice } from '../reception/load-day.js';

/** A row of the billable list: an attended appointment not yet billed, or a billed attendance in no batch. */
export interface BillableRow {
  /** The billed attendance's id, or the appointment's when not yet billed. */
  id: string;
  kind: 'appointment' | 'attendance';
  /** `YYYY-MM-DD`. */
  date: string;
  patientName: string;
  guideType: GuideType;
  /** numeroGuiaPrestador, once billed. */
  guideNumber?: string;
  /** Reais, once billed (the price table's, snapshotted). */
  total?: number;
  attendance?: BillingAttendance;
}

/** A batch as the screen lists it. */
export interface BatchRow {
  batch: BillingBatch;
  guides: number;
  /** Reais. */
  total: number;
  attendances: BillingAttendance[];
}

/** What the screen shows. */
export interface BillingData {
  clinics: ClinicChoice[];
  clinic: string | null;
  insurances: { id: string; name: string }[];
  insurance: string | null;
  rows: BillableRow[];
  batches: BatchRow[];
  patientNames: Map<string, string>;
}

/** What the screen asks for. */
export interface BillingQuery {
  clinic: string | null;
  insurance: string | null;
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
}

/**
 * A guide's lines in the order the message writes them, which their sequential numbers follow:
 * procedures, then other expenses (core/billing/tiss/guides.ts).
 */
export function writtenOrder<T extends { expenseCode?: string }>(items: readonly T[]): T[] {
  return [...items.filter((i) => !i.expenseCode), ...items.filter((i) => i.expenseCode)];
}

/** Reads the screen's data. @throws DomainError as the store (a role without `billing:read`). */
export async function loadBilling(ctx: OperationContext, query: BillingQuery): Promise<BillingData> {
  const clinics = await loadClinics(ctx);
  const clinic = clinics.find((c) => c.id === query.clinic)?.id ?? clinics[0]?.id ?? null;
  const insurerList = (await ctx.store.collection(insurances).find({ selector: { active: true } }))
    .map((i) => ({ id: i.id, name: i.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const insurance = insurerList.find((i) => i.id === query.insurance)?.id ?? insurerList[0]?.id ?? null;
  const patientNames = new Map<string, string>();
  const empty = { clinics, clinic, insurances: insurerList, insurance, rows: [], batches: [], patientNames };
  if (!clinic || !insurance || !query.from || !query.to) return empty;
  const nameOf = async (id: string) => {
    if (!patientNames.has(id)) patientNames.set(id, (await ctx.store.collection(patients).get(id))?.name ?? '—');
    return patientNames.get(id)!;
  };
  const billed = (await ctx.store.collection(billingAttendances).find({ selector: { insurance } })).filter(
    (a) => a.clinic === clinic,
  );
  const billedAppointments = new Set(billed.map((a) => a.appointment).filter(Boolean));
  // startUtc bounds a day wider than the period: the local day is read from `start` (offset included).
  const attended = await ctx.store.collection(appointments).find({
    selector: {
      clinic,
      status: STATUS.attended,
      startUtc: {
        $gte: addDays(new Date(`${query.from}T00:00:00Z`), -1).toISOString(),
        $lt: addDays(new Date(`${query.to}T00:00:00Z`), 2).toISOString(),
      },
    },
  });
  const inPeriod = (day: string) => day >= query.from && day <= query.to;
  const rows: BillableRow[] = [];
  for (const appointment of attended) {
    const day = appointment.start.slice(0, 10);
    if (appointment.insurance !== insurance || billedAppointments.has(appointment.id) || !inPeriod(day)) continue;
    const types = await Promise.all(
      appointment.events.map(async (e) => (await ctx.store.collection(events).get(e))?.type),
    );
    // The core's rule (TISS-003, TISS-033): a dentist's attendance is a GTO, so batches group as the server bills.
    const council = (await ctx.store.collection(users).get(appointment.professional))?.council;
    rows.push({
      id: appointment.id,
      kind: 'appointment',
      date: day,
      patientName: await nameOf(appointment.patient),
      guideType: appointmentGuideType(council, types),
    });
  }
  for (const attendance of billed) {
    if (attendance.batch || !inPeriod(attendance.date)) continue;
    rows.push({
      id: attendance.id,
      kind: 'attendance',
      date: attendance.date,
      patientName: await nameOf(attendance.patient),
      guideType: attendance.guideType,
      guideNumber: attendance.guideNumber,
      total: attendanceCentavos(attendance) / 100,
      attendance,
    });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date) || a.patientName.localeCompare(b.patientName, 'pt-BR'));
  const byId = new Map(billed.map((a) => [a.id, a]));
  const batches = (
    await ctx.store.collection(billingBatches).find({ selector: { insurance }, sort: [{ batchNumber: 'desc' }] })
  )
    .filter((b) => b.clinic === clinic)
    .map((batch) => {
      const members = batch.attendances.flatMap((id) => {
        const found = byId.get(id);
        return found ? [found] : [];
      });
      return { batch, guides: batch.attendances.length, total: batchTotal(members), attendances: members };
    });
  for (const b of batches) for (const a of b.attendances) await nameOf(a.patient);
  return { clinics, clinic, insurances: insurerList, insurance, rows, batches, patientNames };
}
