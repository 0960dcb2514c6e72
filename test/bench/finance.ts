/**
 * Finance bench (issue 24): with RECORDS finance records in the tenant (bills to receive, their
 * payments, cash registers and their movements over a year), the registers' flux of a day and of a
 * month (`finance.register.flux`) and a patient's payment information
 * (`finance.patient.paymentInformation`), through the real operations, on the SQLite adapter, the
 * PostgreSQL adapter and RxDB memory (the desk's store as the other desk benches in Node run it). The baseline is the bare store queries the
 * operation runs (same selectors and sorts, no operation around them). Target: median under 50 ms.
 *
 * Entry point: `npx tsx test/bench/finance-run.ts` (`BENCH_FINANCE_RECORDS` shrinks the tenant).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { allCollections } from '#core/catalogue.js';
import { fixedClock } from '#core/clock.js';
import { bills, type Bill } from '#core/finance/bill-record.js';
import { patientPaymentInformation } from '#core/finance/payment-ops.js';
import { payments, type Payment } from '#core/finance/payment-record.js';
import { registerFlux } from '#core/finance/register-flux-ops.js';
import { cashMovements, cashRegisters, type CashMovement, type CashRegister } from '#core/finance/register-record.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { patients } from '#core/patient/patient-record.js';
import { addDays } from '#core/schedule/time.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Database } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl } from '../../sync-server/testing/postgres.js';
import { median } from './workload.js';

/** Finance records in the tenant (bills + payments + registers + movements). */
export const RECORDS = Number(process.env.BENCH_FINANCE_RECORDS ?? 100_000);
/** Queries timed per kind and adapter (after one warm-up each). */
export const QUERIES = 30;
const TENANT = 'bench-tenant';
const FIRST_DAY = '2026-01-01';
const DAYS = 365;
const AT = '2026-01-01T00:00:00.000-03:00';
/** Patients whose payment information is asked (real patient records); the rest are ids only. */
const ASKED = 20;
const PATIENTS = 2000;

const hex = (n: number) => n.toString(16).padStart(12, '0');
const id = (prefix: string, n: number) => `01900000-0000-7000-8${prefix}${hex(n).slice(3)}`;
const base = (i: string) => ({ id: i, tenantId: TENANT, createdAt: AT, updatedAt: AT });

/** The tenant's finance records: 40% bills, 40% payments, the rest movements in a register a day. */
export function financeRecords(count: number, patientIds: readonly string[]) {
  const billCount = Math.floor(count * 0.4);
  const movementCount = count - 2 * billCount - DAYS;
  const out = {
    bills: [] as Bill[],
    payments: [] as Payment[],
    registers: [] as CashRegister[],
    movements: [] as CashMovement[],
  };
  for (let n = 0; n < billCount; n++) {
    const day = addDays(FIRST_DAY, n % DAYS);
    const paid = n % 3 !== 0;
    const amount = 5000 + (n % 97) * 150;
    out.bills.push({
      ...base(id('01', n)),
      type: 'receivable',
      description: `Consulta ${n}`,
      patient: patientIds[n % PATIENTS]!,
      amountCentavos: amount,
      paidCentavos: paid ? amount : 0,
      dueDate: day,
      status: paid ? 'paid' : 'open',
      source: 'manual',
      createdBy: 'bench',
    });
    out.payments.push({
      ...base(id('02', n)),
      kind: 'payment',
      bill: id('01', n),
      patient: patientIds[n % PATIENTS]!,
      principalCentavos: amount,
      discountCentavos: 0,
      interestCentavos: 0,
      fineCentavos: 0,
      receivedCentavos: amount,
      openBeforeCentavos: amount,
      method: n % 2 ? 'pix' : 'cash',
      paidAt: `${day}T10:00:00.000-03:00`,
      by: 'bench',
    });
  }
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(FIRST_DAY, d);
    out.registers.push({
      ...base(id('03', d)),
      station: `recepcao-${d % 3}`,
      user: 'bench',
      status: 'closed',
      openedAt: `${day}T08:00:00.000-03:00`,
      changeFundCentavos: 10_000,
    });
  }
  const kinds = ['receipt', 'receipt', 'receipt', 'withdrawal', 'supply'] as const;
  for (let n = 0; n < movementCount; n++) {
    const d = n % DAYS;
    const kind = kinds[n % kinds.length]!;
    const minute = String(Math.floor(n / DAYS) % 60).padStart(2, '0');
    out.movements.push({
      ...base(id('04', n)),
      register: id('03', d),
      kind,
      method: n % 2 ? 'pix' : 'cash',
      amountCentavos: kind === 'withdrawal' ? -2000 : 3000 + (n % 50) * 10,
      at: `${addDays(FIRST_DAY, d)}T${String(9 + (Math.floor(n / DAYS / 60) % 9)).padStart(2, '0')}:${minute}:00.000-03:00`,
      by: 'bench',
    });
  }
  return out;
}

/** One (adapter, query) figure. */
export interface FinanceResult {
  adapter: string;
  query: string;
  insertMs: number;
  medianMs: number;
  p95Ms: number;
  /** Median of the bare store queries the operation runs, ms. */
  baselineMs: number;
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
  const patientIds = Array.from({ length: PATIENTS }, (_, n) => (n < ASKED ? asked[n]! : id('05', n)));
  const records = financeRecords(RECORDS, patientIds);
  const t0 = performance.now();
  await insertAll(database, bills, records.bills);
  await insertAll(database, payments, records.payments);
  await insertAll(database, cashRegisters, records.registers);
  await insertAll(database, cashMovements, records.movements);
  const insertMs = performance.now() - t0;

  const kinds = [
    {
      query: 'flux of a day',
      run: (i: number) =>
        invoke(registerFlux, ctx, {
          from: addDays(FIRST_DAY, (i * 37) % DAYS),
          to: addDays(FIRST_DAY, (i * 37) % DAYS),
        }),
      bare: async (i: number) => {
        const day = addDays(FIRST_DAY, (i * 37) % DAYS);
        const found = await store
          .collection(cashMovements)
          .find({ selector: { at: { $gte: addDays(day, -1), $lt: addDays(day, 2) } }, sort: [{ at: 'asc' }] });
        await store
          .collection(cashRegisters)
          .find({ selector: { id: { $in: [...new Set(found.map((m) => m.register))] } } });
      },
    },
    {
      query: 'flux of a month',
      run: (i: number) =>
        invoke(registerFlux, ctx, {
          from: addDays(FIRST_DAY, (i * 37) % 330),
          to: addDays(FIRST_DAY, ((i * 37) % 330) + 29),
        }),
      bare: async (i: number) => {
        const from = addDays(FIRST_DAY, (i * 37) % 330);
        const found = await store
          .collection(cashMovements)
          .find({ selector: { at: { $gte: addDays(from, -1), $lt: addDays(from, 31) } }, sort: [{ at: 'asc' }] });
        await store
          .collection(cashRegisters)
          .find({ selector: { id: { $in: [...new Set(found.map((m) => m.register))] } } });
      },
    },
    {
      query: 'patient payment information',
      run: (i: number) => invoke(patientPaymentInformation, ctx, { patient: asked[i % ASKED]! }),
      bare: async (i: number) => {
        const patient = asked[i % ASKED]!;
        await store.collection(patients).get(patient);
        await store.collection(bills).find({ selector: { patient }, sort: [{ dueDate: 'asc' }], limit: 500 });
        await store.collection(payments).find({ selector: { patient }, sort: [{ paidAt: 'desc' }], limit: 200 });
      },
    },
  ];
  const results: FinanceResult[] = [];
  for (const kind of kinds) {
    const times: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i <= QUERIES; i++) {
      const t = performance.now();
      await kind.run(i);
      const spent = performance.now() - t;
      const b = performance.now();
      await kind.bare(i);
      const bare = performance.now() - b;
      if (i === 0) continue; // warm-up
      times.push(spent);
      baseline.push(bare);
    }
    results.push({
      adapter,
      query: kind.query,
      insertMs,
      medianMs: median(times),
      p95Ms: p95(times),
      baselineMs: median(baseline),
    });
  }
  await database.close();
  return results;
}

/** Runs the bench on SQLite (a temporary file), PostgreSQL (a schema of its own, when reachable) and RxDB memory. */
export async function benchFinance(): Promise<FinanceResult[]> {
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
    const deskCollections = [patients, bills, payments, cashRegisters, cashMovements];
    // RxDB memory, as the other desk benches in Node: it scans the tenant's records of the collection by
    // design (query-plan.ts); Dexie over fake-indexeddb was tried and is slower still (finance.md).
    results.push(
      ...(await measure(
        'rxdb memory',
        await openRxdbDatabase({
          name: `finance-bench-${Date.now()}`,
          storage: memoryStorage(),
          collections: deskCollections,
          multiInstance: false,
        }),
      )),
    );
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
