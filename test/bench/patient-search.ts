/**
 * Patient search bench (issue 4): the `patient.list` operation searching by name prefix over PATIENTS
 * generated patients, on the SQLite adapter and on RxDB memory. Each query is one page (20 patients)
 * of a prefix a reception types (2 to 6 letters, accents and case as people type them), through the
 * real operation: validation, accent-insensitive key, keyset paging and the store. Target: median
 * under 20 ms on SQLite.
 *
 * Entry point: `npx tsx test/bench/patient-search-run.ts` (`BENCH_PATIENTS` shrinks the collection).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixedClock } from '#core/clock.js';
import { masterDataCollections } from '#core/common/testing.js';
import { searchKey } from '#core/br/text.js';
import { uuidV7Ids } from '#core/ids.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { listPatients } from '#core/patient/patient-list-ops.js';
import { patients, type Patient } from '#core/patient/patient-record.js';
import type { Database } from '#core/store/port.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { DemoRandom, demoBirthDate, demoCpf, demoName } from '../../sync-server/admin/demo-data-people.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { median } from './workload.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';

/** Patients in the bench collection. */
export const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
/** Searches timed per adapter (after one warm-up each). */
export const SEARCHES = 50;
const TENANT = 'bench-tenant';

/** One adapter's figures. */
export interface PatientSearchResult {
  adapter: string;
  patients: number;
  insertMs: number;
  /** Median time of one search page, ms. */
  medianMs: number;
  p95Ms: number;
  /** Median number of patients a page returned (at most 20). */
  medianHits: number;
}

/** The bench's patients: demo-data's generator, so names and their spread are realistic. */
export function benchPatients(count: number): Patient[] {
  const random = new DemoRandom(4);
  const cpfs = new Set<string>();
  const now = '2026-11-23T09:00:00.000-03:00';
  return Array.from({ length: count }, (_, n) => {
    const name = demoName(random, random.chance(0.55) ? 'female' : 'male');
    return {
      id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
      tenantId: TENANT,
      createdAt: now,
      updatedAt: now,
      name,
      nameKey: searchKey(name),
      cpf: demoCpf(random, cpfs),
      birthDate: demoBirthDate(random, 1940, 2025),
      insurances: [],
      allergies: [],
      vaccines: [],
      merges: [],
      temporary: n % 100 === 0,
      active: n % 20 !== 0,
    };
  });
}

/** Prefixes as typed at a desk: a first name's start, a full first name, first name and a surname's start. */
export function searchTexts(docs: readonly Patient[], count: number): string[] {
  const random = new DemoRandom(9);
  return Array.from({ length: count }, () => {
    const words = random.pick(docs).name.split(' ');
    const cut = random.int(0, 2);
    const text = cut === 0 ? words[0]!.slice(0, 3) : cut === 1 ? words[0]! : `${words[0]!} ${words[1]!.slice(0, 2)}`;
    return random.chance(0.5) ? text.toUpperCase() : text;
  });
}

async function measure(adapter: string, database: Database, docs: readonly Patient[]): Promise<PatientSearchResult> {
  const store = database.forTenant(TENANT);
  const t0 = performance.now();
  await store.collection(patients).insertMany(docs);
  const insertMs = performance.now() - t0;
  const ctx: OperationContext = {
    store,
    actor: { kind: 'system', id: 'bench', tenantId: TENANT, permissions: new Set(['*']) },
    clock: fixedClock('2026-11-23T12:00:00Z'),
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
  const texts = searchTexts(docs, SEARCHES + 1);
  await invoke(listPatients, ctx, { q: texts[0]! });
  const times: number[] = [];
  const hits: number[] = [];
  for (const q of texts.slice(1)) {
    const t = performance.now();
    const page = await invoke(listPatients, ctx, { q, limit: 20 });
    times.push(performance.now() - t);
    hits.push(page.items.length);
    if (page.items.some((p) => !searchKey(p.name).startsWith(searchKey(q))))
      throw new Error(`${adapter}: wrong hit for ${q}`);
  }
  await database.close();
  const sorted = [...times].sort((a, b) => a - b);
  return {
    adapter,
    patients: docs.length,
    insertMs,
    medianMs: median(times),
    p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!,
    medianHits: median(hits),
  };
}

/**
 * Runs the bench on the SQLite adapter (a file in a temporary folder) and on RxDB memory.
 * @returns one result per adapter; the SQLite one first.
 */
export async function benchPatientSearch(count = PATIENTS): Promise<PatientSearchResult[]> {
  const docs = benchPatients(count);
  const dir = mkdtempSync(join(tmpdir(), 'clinic-patient-bench-'));
  try {
    const sqlite = await measure(
      'sqlite adapter',
      await openSqlDatabase({ url: join(dir, 'bench.db'), collections: masterDataCollections }),
      docs,
    );
    const rxdb = await measure(
      'rxdb memory',
      await openRxdbDatabase({
        name: `patient-bench-${Date.now()}`,
        storage: memoryStorage(),
        collections: masterDataCollections,
        multiInstance: false,
      }),
      docs,
    );
    return [sqlite, rxdb];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
