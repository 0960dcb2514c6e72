/**
 * The finance bench's desk page (finance.ts), bundled by esbuild and run in headless Chromium: the
 * desk's local core on Dexie over Chromium's IndexedDB, seeded with the bench tenant's RECORDS finance
 * records (finance-records.ts) by bulk inserts; `benchFinance` times the registers' flux of a day and of
 * a month and a patient's payment information, each beside the bare store queries it runs.
 */
import { fixedClock } from '#core/clock.js';
import { bills } from '#core/finance/bill-record.js';
import { payments } from '#core/finance/payment-record.js';
import { cashMovements, cashRegisters } from '#core/finance/register-record.js';
import { registerDays } from '#core/finance/register-summary-record.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { p95 } from './bench-stats.js';
import { bulkSeed, openDeskCore, timePair } from './desk-page-common.js';
import { ASKED, benchPatientIds, financeKinds, financeRecords, QUERIES, RECORDS, TENANT } from './finance-records.js';

/** What the page answers: the seeding time and each read's medians, ms. */
export interface FinancePageResult {
  seedMs: number;
  kinds: { query: string; medianMs: number; p95Ms: number; rawMedianMs: number; beforeMedianMs?: number }[];
}

async function benchFinance(): Promise<FinancePageResult> {
  const core = await openDeskCore('finance-bench', TENANT, fixedClock('2026-12-31T12:00:00Z'));
  try {
    const actor = { kind: 'system' as const, id: 'bench', tenantId: TENANT, permissions: new Set(['*']) };
    const ctx = core.context(actor);
    const asked: string[] = [];
    for (let i = 0; i < ASKED; i++)
      asked.push((await core.run(createPatient, { name: `Paciente ${i}` }, actor)).patient.id);
    const records = financeRecords(RECORDS, benchPatientIds(asked));
    const seedMs =
      (await bulkSeed(core, bills, records.bills)) +
      (await bulkSeed(core, payments, records.payments)) +
      (await bulkSeed(core, cashRegisters, records.registers)) +
      (await bulkSeed(core, cashMovements, records.movements)) +
      (await bulkSeed(core, registerDays, records.registerDays));
    const kinds: FinancePageResult['kinds'] = [];
    for (const kind of financeKinds(ctx, asked)) {
      const timed = await timePair(
        QUERIES,
        (i) => kind.run(i),
        (i) => kind.bare(i),
      );
      const before = kind.before;
      kinds.push({
        query: kind.query,
        medianMs: timed.medianMs,
        p95Ms: p95(timed.times),
        rawMedianMs: timed.rawMedianMs,
        ...(before ? { beforeMedianMs: (await timePair(QUERIES, before, before)).medianMs } : {}),
      });
    }
    return { seedMs, kinds };
  } finally {
    await core.close();
  }
}

Object.assign(globalThis, { benchFinance });
