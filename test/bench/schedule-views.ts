/**
 * Schedule views bench (issue 6): over APPOINTMENTS stored appointments (5 clinics × 10 professionals,
 * 16 a day each, weekdays), the day view of one professional and the week view of a 10-professional
 * clinic, through the real `appointment.list` operation (validation, the clinic's zone, keyset paging,
 * the store), on the SQLite adapter and on RxDB memory. The baseline is the bare store query the view
 * runs (same selector and sort, no operation around it). Target: median under 20 ms on SQLite.
 *
 * Entry point: `npx tsx test/bench/schedule-views-run.ts` (`BENCH_APPOINTMENTS` shrinks the collection).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clinics, type Clinic } from '#core/clinic/clinic-record.js';
import { fixedClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { appointments, type Appointment } from '#core/schedule/appointment-record.js';
import { listAppointments } from '#core/schedule/schedule-view-ops.js';
import { addDays, dayRange, inZone, weekdayOf } from '#core/schedule/time.js';
import type { Database } from '#core/store/port.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { median } from './workload.js';

/** Appointments in the bench collection. */
export const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 200_000);
/** Views timed per kind and adapter (after one warm-up each). */
export const QUERIES = 50;
const TENANT = 'bench-tenant';
const ZONE = 'America/Sao_Paulo';
const CLINICS = 5;
const PER_CLINIC = 10;
const PER_DAY = 16;
const FIRST_DAY = '2026-01-05';
const AT = '2026-01-01T00:00:00.000-03:00';

const hex = (n: number) => n.toString(16).padStart(12, '0');
const clinicId = (c: number) => `01900000-0000-7000-8000-c${hex(c).slice(1)}`;
const professionalId = (c: number, p: number) => `01900000-0000-7000-8000-d${hex(c * 100 + p).slice(1)}`;

/** The weekdays the bench fills, from {@link FIRST_DAY}, as many as APPOINTMENTS needs. */
function workdays(count: number): string[] {
  const days: string[] = [];
  for (let day = FIRST_DAY; days.length < count; day = addDays(day, 1)) if (weekdayOf(day) % 6 !== 0) days.push(day);
  return days;
}

/** The bench's appointments: every professional 16 half-hour appointments a weekday from 08:00, some cancelled. */
export function benchAppointments(count: number): Appointment[] {
  const perDay = CLINICS * PER_CLINIC * PER_DAY;
  const days = workdays(Math.ceil(count / perDay));
  const out: Appointment[] = [];
  for (let n = 0; n < count; n++) {
    const day = days[Math.floor(n / perDay)]!;
    const inDay = n % perDay;
    const c = Math.floor(inDay / (PER_CLINIC * PER_DAY));
    const p = Math.floor(inDay / PER_DAY) % PER_CLINIC;
    const slot = inDay % PER_DAY;
    const start = new Date(Date.parse(`${day}T11:00:00Z`) + slot * 30 * 60_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    out.push({
      id: `01900000-0000-7000-8000-${hex(n)}`,
      tenantId: TENANT,
      createdAt: AT,
      updatedAt: AT,
      clinic: clinicId(c),
      professional: professionalId(c, p),
      patient: `01900000-0000-7000-8000-e${hex(n % 40_000).slice(1)}`,
      events: [],
      start: inZone(start, ZONE),
      end: inZone(end, ZONE),
      startUtc: start.toISOString(),
      endUtc: end.toISOString(),
      timeZone: ZONE,
      status: n % 25 === 0 ? 7 : 1,
      patientConfirmation: { confirmed: n % 3 === 0, at: null, channel: null, by: null },
      selfBooked: false,
      overbooking: false,
      createdBy: 'bench',
      history: [{ at: AT, by: 'bench', from: null, to: 1, action: 'create' }],
    });
  }
  return out;
}

/** One (adapter, view) figure. */
export interface ScheduleViewResult {
  adapter: string;
  view: 'day (1 professional)' | 'week (10-professional clinic)';
  appointments: number;
  insertMs: number;
  /** Median time of one view through the operation, ms. */
  medianMs: number;
  p95Ms: number;
  /** Median time of the bare store query behind it, ms (the baseline). */
  baselineMs: number;
  /** Median number of appointments a view returned. */
  medianItems: number;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

async function measure(
  adapter: string,
  database: Database,
  docs: readonly Appointment[],
): Promise<ScheduleViewResult[]> {
  const store = database.forTenant(TENANT);
  const t0 = performance.now();
  for (let i = 0; i < docs.length; i += 10_000) {
    const chunk = docs.slice(i, i + 10_000);
    await store.transaction((tx) => tx.collection(appointments).insertMany(chunk));
  }
  const insertMs = performance.now() - t0;
  for (let c = 0; c < CLINICS; c++) {
    const clinic: Clinic = {
      id: clinicId(c),
      tenantId: TENANT,
      createdAt: AT,
      updatedAt: AT,
      name: `Clínica ${c}`,
      nameKey: `clinica ${c}`,
      timeZone: ZONE,
      openingHours: [],
      places: [],
      subspecialties: [],
      active: true,
    };
    await store.collection(clinics).insert(clinic);
  }
  const ctx: OperationContext = {
    store,
    actor: { kind: 'system', id: 'bench', tenantId: TENANT, permissions: new Set(['*']) },
    clock: fixedClock('2026-11-23T12:00:00Z'),
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
  const days = workdays(Math.ceil(docs.length / (CLINICS * PER_CLINIC * PER_DAY)));
  const pick = (i: number) => ({ c: (i * 7) % CLINICS, p: (i * 3) % PER_CLINIC, day: days[(i * 37) % days.length]! });
  const results: ScheduleViewResult[] = [];
  for (const view of ['day (1 professional)', 'week (10-professional clinic)'] as const) {
    const times: number[] = [];
    const baseline: number[] = [];
    const items: number[] = [];
    for (let i = 0; i <= QUERIES; i++) {
      const { c, p, day } = pick(i);
      const input =
        view === 'day (1 professional)'
          ? { clinic: clinicId(c), professional: professionalId(c, p), date: day, days: 1 }
          : { clinic: clinicId(c), date: day, days: 7, limit: 2000 };
      const t = performance.now();
      const page = await invoke(listAppointments, ctx, input);
      const spent = performance.now() - t;
      const range = dayRange(day, input.days, ZONE);
      const by = 'professional' in input ? { professional: input.professional } : { clinic: input.clinic };
      const b = performance.now();
      await store.collection(appointments).find({
        selector: { ...by, startUtc: { $gte: range.from, $lt: range.to } },
        sort: [{ startUtc: 'asc' }, { id: 'asc' }],
      });
      const bare = performance.now() - b;
      if (i === 0) continue; // warm-up
      times.push(spent);
      baseline.push(bare);
      items.push(page.items.length);
    }
    results.push({
      adapter,
      view,
      appointments: docs.length,
      insertMs,
      medianMs: median(times),
      p95Ms: p95(times),
      baselineMs: median(baseline),
      medianItems: median(items),
    });
  }
  await database.close();
  return results;
}

/**
 * Runs the bench on the SQLite adapter (a file in a temporary folder) and on RxDB memory.
 * @returns the SQLite figures first (day, week), then RxDB's.
 */
export async function benchScheduleViews(count = APPOINTMENTS): Promise<ScheduleViewResult[]> {
  const docs = benchAppointments(count);
  const dir = mkdtempSync(join(tmpdir(), 'clinic-schedule-bench-'));
  const collections = [clinics, appointments];
  try {
    const sqlite = await measure(
      'sqlite adapter',
      await openSqlDatabase({ url: join(dir, 'bench.db'), collections }),
      docs,
    );
    const rxdb = await measure(
      'rxdb memory',
      await openRxdbDatabase({
        name: `schedule-bench-${Date.now()}`,
        storage: memoryStorage(),
        collections,
        multiInstance: false,
      }),
      docs,
    );
    return [...sqlite, ...rxdb];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
