/**
 * The medical history bench's records (medical-history.ts, desk-medical-page.ts): one patient with
 * HISTORY finished attendances, every section written (three sentences each), among OTHERS other
 * patients' records in the same collection, so the query has to pick. Pure data: the Chromium page
 * bundles it.
 */
import { SECTIONS, type MedicalRecord } from '#core/medical-record/record.js';
import type { Patient } from '#core/patient/patient-record.js';

/** Attendances of the patient whose history is opened. */
export const HISTORY = 200;
/** Timed openings (after one warm-up). */
export const OPENINGS = 20;
/** Other patients' records in the same collection. */
export const OTHERS = 1000;
export const TENANT = 'bench-tenant';
export const PATIENT = '01900000-0000-7000-8000-00000000p001';
export const PROFESSIONAL = '01900000-0000-7000-8000-00000000u001';

const paragraph = (n: number) =>
  `Paciente refere tosse seca ha ${n % 30} dias, sem febre; nega dispneia. Ausculta com sibilos esparsos. `.repeat(3);

/** Record `n` of `patient`: started 3·n days after 2020-01-01, finished, every section written. */
export function historyRecord(n: number, patient: string): MedicalRecord {
  const day = new Date(Date.UTC(2020, 0, 1) + n * 86_400_000 * 3);
  const at = day.toISOString().replace('.000Z', '-03:00');
  const sections = Object.fromEntries(
    SECTIONS.map((s) => [
      s,
      { text: paragraph(n), at, by: PROFESSIONAL, ...(s === 'hipoteseDiagnostica' ? { cid10: ['J45.0'] } : {}) },
    ]),
  );
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    tenantId: TENANT,
    createdAt: at,
    updatedAt: at,
    patient,
    professional: PROFESSIONAL,
    kind: 'instant',
    status: 'finished',
    startedAt: at,
    startedUtc: day.toISOString(),
    finishedAt: at,
    sections,
    comments: [],
    addenda: [],
    transfers: [],
    createdBy: PROFESSIONAL,
  };
}

/** The patient's HISTORY records, then OTHERS records of other patients. */
export function historyRecords(): MedicalRecord[] {
  return [
    ...Array.from({ length: HISTORY }, (_, n) => historyRecord(n, PATIENT)),
    ...Array.from({ length: OTHERS }, (_, n) =>
      historyRecord(HISTORY + n, `01900000-0000-7000-8000-${String(n).padStart(8, '0')}p002`),
    ),
  ];
}

/** The patient whose history is opened (the operation requires it). */
export const historyPatient: Patient = {
  id: PATIENT,
  tenantId: TENANT,
  createdAt: '2026-11-27T09:00:00-03:00',
  updatedAt: '2026-11-27T09:00:00-03:00',
  name: 'Maria Aparecida da Silva',
  nameKey: 'maria aparecida da silva',
  insurances: [],
  allergies: [],
  vaccines: [],
  merges: [],
  temporary: false,
  active: true,
};
