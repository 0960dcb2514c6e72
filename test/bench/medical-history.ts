/**
 * Medical history bench (issue 23): opening a patient's history with HISTORY attendances on the desk,
 * as the Prontuário screen does (`loadHistory`, renderer/src/medical-record/load-attendances.ts: the
 * `medicalRecord.history` operation page after page through the local core's store, on RxDB's Dexie
 * storage over fake-indexeddb, the desk's storage adapter in Node), against the baseline of reading
 * the same documents straight from the RxDB collection (one query, no operation, no store port).
 * Target: median under 100 ms over OPENINGS openings. fake-indexeddb is a pure JavaScript IndexedDB,
 * slower than Chromium's: the ratio to the raw read is the figure that carries to the desk.
 *
 * Entry point: `npx tsx test/bench/medical-history-run.ts` (`npm run bench -- medical-history`).
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { performance } from 'node:perf_hooks';
import { fixedClock } from '#core/clock.js';
import { medicalRecords, SECTIONS, type MedicalRecord } from '#core/medical-record/record.js';
import { dexieStorage } from '#core/store/rxdb/index.js';
import { loadHistory } from '../../renderer/src/medical-record/load-attendances.js';
import { openLocalCore } from '../../renderer/src/local/local-core.js';
import { median } from './workload.js';

/** Attendances of the patient whose history is opened. */
export const HISTORY = 200;
/** Timed openings (after one warm-up). */
export const OPENINGS = 20;
const TENANT = 'bench-tenant';
const PATIENT = '01900000-0000-7000-8000-00000000p001';
const PROFESSIONAL = '01900000-0000-7000-8000-00000000u001';
/** Other patients' records in the same collection, so the query has to pick. */
const OTHERS = 1000;

/** The bench's figures. */
export interface MedicalHistoryResult {
  records: number;
  /** Median ms to open the history through the screen's loader. */
  medianMs: number;
  /** Median ms to read the same documents straight from RxDB. */
  rawMedianMs: number;
}

const paragraph = (n: number) =>
  `Paciente refere tosse seca ha ${n % 30} dias, sem febre; nega dispneia. Ausculta com sibilos esparsos. `.repeat(3);

function record(n: number, patient: string): MedicalRecord {
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

/** Runs the bench. @throws Error when the two reads disagree on the documents. */
export async function benchMedicalHistory(): Promise<MedicalHistoryResult> {
  const core = await openLocalCore({
    name: `medical-history-bench-${Date.now()}`,
    tenantId: TENANT,
    storage: dexieStorage(indexedDB, IDBKeyRange),
    clock: fixedClock('2026-11-27T12:00:00Z'),
    multiInstance: false,
  });
  const store = core.database.forTenant(TENANT);
  const docs = [
    ...Array.from({ length: HISTORY }, (_, n) => record(n, PATIENT)),
    ...Array.from({ length: OTHERS }, (_, n) =>
      record(HISTORY + n, `01900000-0000-7000-8000-${String(n).padStart(8, '0')}p002`),
    ),
  ];
  await store.collection(medicalRecords).insertMany(docs);
  const ctx = core.context({
    kind: 'user',
    id: PROFESSIONAL,
    tenantId: TENANT,
    permissions: new Set(['medicalRecord:read', 'patient:read']),
  });
  // The patient must exist for the operation; a minimal one through the same store.
  const { patients } = await import('#core/patient/patient-record.js');
  await store.collection(patients).insert({
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
  });
  const rx = core.database.rxCollection(medicalRecords);
  // A query RxDB has not run yet each time (its limit differs): RxDB answers a repeated query from its
  // cache, which would time no read at all.
  let fresh = 0;
  const raw = async () =>
    (
      await rx
        .find({ selector: { rx_collection: 'medical_records', patient: PATIENT }, limit: HISTORY + ++fresh })
        .exec()
    ).map((d) => d.toJSON());

  const opened = await loadHistory(ctx, PATIENT, '');
  const direct = await raw();
  if (opened.length !== HISTORY || direct.length !== HISTORY)
    throw new Error(`history read ${opened.length}, raw ${direct.length}, expected ${HISTORY}`);
  const times: number[] = [];
  const rawTimes: number[] = [];
  for (let i = 0; i < OPENINGS; i++) {
    let t = performance.now();
    await loadHistory(ctx, PATIENT, '');
    times.push(performance.now() - t);
    t = performance.now();
    await raw();
    rawTimes.push(performance.now() - t);
  }
  await core.close();
  return { records: HISTORY, medianMs: median(times), rawMedianMs: median(rawTimes) };
}
