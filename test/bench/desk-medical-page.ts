/**
 * The medical history bench's page (medical-history.ts), bundled by esbuild and run in headless Chromium:
 * the desk's local core on Dexie over Chromium's IndexedDB, seeded with a patient's HISTORY attendances
 * among other patients' records; `benchHistory` times what the Prontuário screen runs to open a
 * patient's history (`loadHistory`) against the same documents read straight from RxDB.
 */
import { fixedClock } from '#core/clock.js';
import { medicalRecords } from '#core/medical-record/record.js';
import { patients } from '#core/patient/patient-record.js';
import { loadHistory } from '../../renderer/src/medical-record/load-attendances.js';
import { bulkSeed, openDeskCore, timePair, type TimedPair } from './desk-page-common.js';
import {
  HISTORY,
  historyPatient,
  historyRecords,
  OPENINGS,
  PATIENT,
  PROFESSIONAL,
  TENANT,
} from './medical-history-data.js';

/** What the page answers: seeding, and the history's opening against the raw read, ms. */
export interface MedicalPageResult extends TimedPair {
  seedMs: number;
}

async function benchHistory(): Promise<MedicalPageResult> {
  const core = await openDeskCore('medical-history-bench', TENANT, fixedClock('2026-11-27T12:00:00Z'));
  try {
    const seedMs =
      (await bulkSeed(core, medicalRecords, historyRecords())) + (await bulkSeed(core, patients, [historyPatient]));
    const ctx = core.context({
      kind: 'user',
      id: PROFESSIONAL,
      tenantId: TENANT,
      permissions: new Set(['medicalRecord:read', 'patient:read']),
    });
    const rx = core.database.rxCollection(medicalRecords);
    // Straight from RxDB: the collection's (patient, startedUtc) index slots, newest first. The upper
    // bound differs every time (past every date: no document is left out), or RxDB would answer a
    // repeated query from its cache and time no read.
    let fresh = 0;
    const raw = async (limit: number) =>
      (
        await rx
          .find({
            selector: {
              tenantId: TENANT,
              rx_collection: medicalRecords.name,
              rx_medical_records_patient: PATIENT,
              rx_medical_records_startedUtc: { $gte: '', $lt: `~${++fresh}` },
            },
            sort: [{ rx_medical_records_startedUtc: 'desc' }],
            limit,
          })
          .exec()
      ).map((d) => d.toJSON());
    const opened = await loadHistory(ctx, PATIENT, '');
    const direct = await raw(HISTORY);
    if (opened.length !== HISTORY || direct.length !== HISTORY)
      throw new Error(`history read ${opened.length}, raw ${direct.length}, expected ${HISTORY}`);
    const timed = await timePair(
      OPENINGS,
      () => loadHistory(ctx, PATIENT, ''),
      () => raw(HISTORY),
    );
    return { seedMs, ...timed };
  } finally {
    await core.close();
  }
}

Object.assign(globalThis, { benchHistory });
