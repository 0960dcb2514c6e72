/**
 * Medical history bench (issue 23): opening a patient's history with HISTORY attendances on the desk, in
 * headless Chromium on the desk's real storage (RxDB on Dexie over Chromium's IndexedDB, every local
 * collection open as the renderer opens them), through what the Prontuário screen runs
 * (renderer/src/medical-record/load-attendances.ts), against the baseline of reading the same documents
 * straight from the RxDB collection (one query on the same index, no operation, no store port), in the
 * same page. Target: median under 100 ms over OPENINGS openings. The page: desk-medical-page.ts.
 *
 * Entry point: `npx tsx test/bench/medical-history-run.ts` (`npm run bench -- medical-history`).
 */
import { callPage, loadAverage, openBenchPage } from './desk-chromium.js';
import type { MedicalPageResult } from './desk-medical-page.js';

/** The bench's figures, with the load average when the timing ended. */
export type MedicalHistoryResult = MedicalPageResult & { load: string };

/** Runs the bench. @throws Error when the screen's read and the raw read disagree on the documents. */
export async function benchMedicalHistory(): Promise<MedicalHistoryResult> {
  const bench = await openBenchPage('desk-medical-page.ts', 'benchHistory');
  try {
    const result = await callPage<MedicalPageResult>(bench.page, 'benchHistory');
    return { ...result, load: loadAverage() };
  } finally {
    await bench.close();
  }
}
