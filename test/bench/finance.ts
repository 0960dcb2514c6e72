/**
 * Finance bench (issue 24): with RECORDS finance records in the tenant (bills to receive, their
 * payments, cash registers and their movements over a year), the registers' flux of a day and of a
 * month (`finance.register.flux`) and a patient's payment information
 * (`finance.patient.paymentInformation`), through the real operations, on the SQLite adapter, the
 * PostgreSQL adapter and the desk (headless Chromium, RxDB on Dexie over IndexedDB: desk-finance-page.ts).
 * The baseline is the bare store queries the operation runs (same selectors and sorts, no operation around them). Target: median under 50 ms.
 *
 * Entry point: `npx tsx test/bench/finance-run.ts` (`BENCH_FINANCE_RECORDS` shrinks the tenant).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { allCollections } from '#core/catalogue.js';
import { fixedClock } from '#core/clock.js';
import { bills } from '#core/finance/bill-record.js';
import { payments } from '#core/finance/payment-record.js';
import { cashMovements, cashRegisters } from '#core/finance/register-record.js';
import { registerDays } from '#core/finance/register-summary-record.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { createPatient } from '#core/patient/patient-ops.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Database } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl } from '../../sync-server/testing/postgres.js';
import { callPage, loadAverage, openBenchPage } from './desk-chromium.js';
import type { FinancePageResult } from './desk-finance-page.js';
import { ASKED, benchPatientIds, financeKinds, financeRecords, QUERIES, RECORDS, TENANT } from './finance-records.js';
import { median } from './workload.js';

export { QUERIES, RECORDS };

/** One (adapter, query) figure. */
export interface FinanceResult {
  adapter: string;
  query: string;
  insertMs: number;
  medianMs: number;
  p95Ms: number;
  /** Median of the bare store queries the operation runs, ms. */
  baselineMs: number;
  /** Median of the bare queries it ran before the registers' daily summaries (FIN-031), ms. */
  beforeMs?: number;
  /** The 1-minute load average when the figure was taken. */
  load: string;
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

async function insertAll<T extends RecordBase>(db: Database, def: CollectionDef<T>, docs: T[]) {
  const store = db.forTenant(TENANT);
  for (let i = 0; i < docs.length; i += 5000) {
    const chunk = docs.slice(i, i + 5000);
    await store.transaction((tx) => tx.collection(def).insertMany(chunk));
  }
}

async function measure(adapter: string, database: Database): Promise<FinanceResult[]> {
  const store = database.forTenant(TENANT);
  const ctx: OperationContext = {
    store,
    actor: { kind: 'system', id: 'bench', tenantId: TENANT, permissions: new Set(['*']) },
    clock: fixedClock('2026-12-31T12:00:00Z'),
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
  const asked: string[] = [];
  for (let i = 0; i < ASKED; i++) asked.push((await invoke(createPatient, ctx, { name: `Paciente ${i}` })).patient.id);
  const patientIds = benchPatientIds(asked);
  const records = financeRecords(RECORDS, patientIds);
  const t0 = performance.now();
  await insertAll(database, bills, records.bills);
  await insertAll(database, payments, records.payments);
  await insertAll(database, cashRegisters, records.registers);
  await insertAll(database, cashMovements, records.movements);
  await insertAll(database, registerDays, records.registerDays);
  const insertMs = performance.now() - t0;

  const kinds = financeKinds(ctx, asked);
  const results: FinanceResult[] = [];
  for (const kind of kinds) {
    const times: number[] = [];
    const baseline: number[] = [];
    const before: number[] = [];
    for (let i = 0; i <= QUERIES; i++) {
      const o = performance.now();
      if (kind.before) await kind.before(i);
      const old = performance.now() - o;
      const t = performance.now();
      await kind.run(i);
      const spent = performance.now() - t;
      const b = performance.now();
      await kind.bare(i);
      const bare = performance.now() - b;
      if (i === 0) continue; // warm-up
      times.push(spent);
      baseline.push(bare);
      if (kind.before) before.push(old);
    }
    results.push({
      adapter,
      query: kind.query,
      insertMs,
      medianMs: median(times),
      p95Ms: p95(times),
      baselineMs: median(baseline),
      ...(before.length > 0 ? { beforeMs: median(before) } : {}),
      load: loadAverage(),
    });
  }
  await database.close();
  return results;
}

/**
 * The desk's figures: the same tenant and reads in headless Chromium, on the desk's own storage (RxDB on
 * Dexie over Chromium's IndexedDB, every local collection open), page desk-finance-page.ts.
 */
export async function benchFinanceDesk(): Promise<FinanceResult[]> {
  const bench = await openBenchPage('desk-finance-page.ts', 'benchFinance');
  try {
    const page = await callPage<FinancePageResult>(bench.page, 'benchFinance');
    return page.kinds.map((k) => ({
      adapter: 'desk chromium',
      query: k.query,
      insertMs: page.seedMs,
      medianMs: k.medianMs,
      p95Ms: k.p95Ms,
      baselineMs: k.rawMedianMs,
      ...(k.beforeMedianMs === undefined ? {} : { beforeMs: k.beforeMedianMs }),
      load: loadAverage(),
    }));
  } finally {
    await bench.close();
  }
}

/**
 * Runs the bench on SQLite (a temporary file), PostgreSQL (a schema of its own, when reachable) and the
 * desk in Chromium; only the desk when `deskOnly`.
 */
export async function benchFinance(deskOnly = false): Promise<FinanceResult[]> {
  if (deskOnly) return benchFinanceDesk();
  const collections = allCollections;
  const dir = mkdtempSync(join(tmpdir(), 'clinic-finance-bench-'));
  const results: FinanceResult[] = [];
  try {
    results.push(
      ...(await measure('sqlite adapter', await openSqlDatabase({ url: join(dir, 'bench.db'), collections }))),
    );
    if (!(await postgresUnreachable())) {
      const schema = `bench_finance_${Date.now()}`;
      try {
        results.push(
          ...(await measure('postgresql', await openSqlDatabase({ url: postgresUrl, schema, collections }))),
        );
      } finally {
        await dropSchema(schema);
      }
    } else console.log('postgresql unreachable: skipped');
    results.push(...(await benchFinanceDesk()));
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
