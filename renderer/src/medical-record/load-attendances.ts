/**
 * What the Prontuário screen reads: the signed-in professional's patients of the day (their
 * appointments in every clinic, with the record each has), the instant attendances still open, one
 * record with its patient, and the patient's history. Everything comes from the station's own
 * database: a professional station holds its professional's records (MED-007), so it works offline.
 */
import type { z } from 'zod';
import { invoke, type OperationContext } from '#core/operation.js';
import { medicalRecordHistory } from '#core/medical-record/record-ops.js';
import { medicalRecords, type MedicalRecord } from '#core/medical-record/record.js';
import { patients } from '#core/patient/patient-record.js';
import { listAppointments } from '#core/schedule/schedule-view-ops.js';
import { dayIn } from '#core/schedule/time.js';
import type { Stored } from '#core/store/record.js';
import { describeAppointments, loadClinics, onAgenda, type DayAppointment } from '../reception/load-day.js';

/** One line of the professional's day: the appointment and, once opened, its record. */
export interface DayAttendance {
  appointment: DayAppointment;
  clinicName: string;
  record: { id: string; status: MedicalRecord['status'] } | null;
}

/** The professional's day. */
export interface ProfessionalDay {
  /** `YYYY-MM-DD`, the first clinic's calendar. */
  date: string;
  attendances: DayAttendance[];
  /** Open records without an appointment (instant attendances), newest first. */
  instant: { id: string; patientName: string; startedAt: string }[];
}

const nameOf = (p: { name: string; socialName?: string | undefined } | undefined) => p?.socialName ?? p?.name ?? '—';

/** The day of the actor (a professional) at `now`. @throws DomainError as the operations. */
export async function loadProfessionalDay(ctx: OperationContext, now: Date): Promise<ProfessionalDay> {
  const clinics = await loadClinics(ctx);
  const date = dayIn(now, clinics[0]?.timeZone ?? 'America/Sao_Paulo');
  const attendances: DayAttendance[] = [];
  for (const clinic of clinics) {
    const listed = await invoke(listAppointments, ctx, {
      clinic: clinic.id,
      professional: ctx.actor.id,
      date,
      days: 1,
      limit: 500,
    });
    for (const appointment of await describeAppointments(ctx, onAgenda(listed.items)))
      attendances.push({ appointment, clinicName: clinic.name, record: null });
  }
  attendances.sort((a, b) => a.appointment.startUtc.localeCompare(b.appointment.startUtc));
  const ids = attendances.map((a) => a.appointment.id);
  const records = ids.length
    ? await ctx.store.collection(medicalRecords).find({ selector: { appointment: { $in: ids } } })
    : [];
  const byAppointment = new Map(records.map((r) => [r.appointment, r]));
  for (const line of attendances) {
    const record = byAppointment.get(line.appointment.id);
    if (record) line.record = { id: record.id, status: record.status };
  }
  const open = await ctx.store
    .collection(medicalRecords)
    .find({ selector: { professional: ctx.actor.id }, sort: [{ startedUtc: 'desc' }], limit: 200 });
  const instantOpen = open.filter((r) => r.kind === 'instant' && r.status === 'open');
  const people = instantOpen.length
    ? await ctx.store.collection(patients).find({ selector: { id: { $in: instantOpen.map((r) => r.patient) } } })
    : [];
  const instant = instantOpen.map((r) => ({
    id: r.id,
    patientName: nameOf(people.find((p) => p.id === r.patient)),
    startedAt: r.startedAt,
  }));
  return { date, attendances, instant };
}

/** A record as the editor shows it, with its patient's name and sex. */
export interface OpenedRecord {
  record: Stored<MedicalRecord>;
  patientName: string;
  patientSex: string | undefined;
}

/** Record `id` with its patient; undefined when the station does not hold it. */
export async function loadOpenedRecord(ctx: OperationContext, id: string): Promise<OpenedRecord | undefined> {
  const record = await ctx.store.collection(medicalRecords).get(id);
  if (!record) return undefined;
  const patient = await ctx.store.collection(patients).get(record.patient);
  return { record, patientName: nameOf(patient), patientSex: patient?.sex };
}

/** A record as `medicalRecord.history` answers it. */
export type HistoryRecord = z.output<typeof medicalRecordHistory.output>['items'][number];

/** The patient's records but `exceptId`, newest first (the history beside the open record). */
export async function loadHistory(ctx: OperationContext, patient: string, exceptId: string): Promise<HistoryRecord[]> {
  const all: HistoryRecord[] = [];
  let before: string | undefined;
  // Every page: a patient followed for years has a few hundred attendances, all read locally.
  for (;;) {
    const page = await invoke(medicalRecordHistory, ctx, { id: patient, limit: 100, ...(before ? { before } : {}) });
    all.push(...page.items);
    if (page.next === null) break;
    before = page.next;
  }
  return all.filter((r) => r.id !== exceptId);
}
