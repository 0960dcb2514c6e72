/**
 * Bench: initial sync of a fresh installation (RxDB memory, Node) in docs/s, against a plain RxDB
 * `bulkInsert` of the same documents in stored form in the same run (target: sync at least 0.7x of
 * bulkInsert). The server is a child process on PostgreSQL (sync-server-child.ts; in real life it is
 * another machine), so its CPU runs beside the installation's as it would: the sync figure is the
 * installation's wall time from `startSync` to the end of its initial replication, over loopback HTTP.
 * The CPU each side spent during the sync is reported too (this process's, the server child's from
 * /proc), since wall times swing with the machine's load. The headless-Chromium (Dexie) variant is
 * sync-browser.ts, the propagation latency sync-propagation.ts, the server RSS sync-server-memory.ts.
 */
import { systemClock } from '#core/clock.js';
import { patients } from '#core/patient/patient-record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { memoryStorage, openRxdbDatabase, toStorageDocument } from '#core/store/rxdb/index.js';
import { startSync } from '#core/sync/replicate.js';
import { fetchTransport } from '#core/sync/transport.js';
import { benchPatient } from './sync-bench-patient.js';
import {
  benchSchema,
  cpuSecondsOf,
  dropSchema,
  openBenchDatabase,
  seedDesks,
  startServerChild,
  type ServerChild,
} from './sync-bench-servers.js';

/** What the bench measured. */
export interface SyncInitialFigures {
  docs: number;
  syncDocsPerSecond: number;
  bulkInsertDocsPerSecond: number;
  /** sync ÷ bulkInsert; target ≥ 0.7. */
  ratio: number;
  /** CPU seconds of this process (the installation) during the sync, and during the bulkInsert. */
  syncClientCpu: number;
  bulkCpu: number;
  /** CPU seconds of the server child during the sync. */
  syncServerCpu: number;
}

const def = patients as unknown as CollectionDef<RecordBase & Record<string, unknown>>;
const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** Runs the bench over `docs` patients (`BENCH_SYNC_DOCS`, default 100 000). */
export async function benchSyncInitial(
  docs = Number(process.env.BENCH_SYNC_DOCS ?? 100_000),
): Promise<SyncInitialFigures> {
  const schema = benchSchema();
  let child: ServerChild | undefined;
  try {
    const seedDb = await openBenchDatabase(schema);
    const { tenantId, deskTokens } = await seedDesks(seedDb, 1);
    const records = Array.from({ length: docs }, (_, i) => benchPatient(tenantId, i));
    const store = seedDb.forTenant(tenantId).collection(def);
    for (let at = 0; at < records.length; at += 5000) await store.insertMany(records.slice(at, at + 5000));
    await seedDb.close();
    child = await startServerChild(schema, 44_000 + (process.pid % 1000));
    const server = child;

    const tag = `${process.pid}-${Date.now()}`;
    const plain = await openRxdbDatabase({
      name: `bench-bulk-${tag}`,
      storage: memoryStorage(),
      collections: [patients],
      multiInstance: false,
    });
    // The documents as the storage group keeps them (tag and index slots), as sync stores them.
    const storedRecords = records.map((record) => toStorageDocument(patients.name, patients, record));
    const bulkCpuStarted = cpuNow();
    const bulkStarted = performance.now();
    await plain.rxCollection(patients).bulkInsert(storedRecords);
    // RxDB's memory storage builds its indexes after bulkInsert resolves (in idle time or before the
    // next read): both timings end when a query of the documents answers.
    const inserted = await plain.forTenant(tenantId).collection(patients).count();
    const bulkMs = performance.now() - bulkStarted;
    const bulkCpu = cpuNow() - bulkCpuStarted;
    if (inserted !== docs) throw new Error(`bulkInsert: ${inserted} de ${docs} documentos`);
    await plain.close();

    const desk = await openRxdbDatabase({
      name: `bench-sync-${tag}`,
      storage: memoryStorage(),
      collections: [patients],
      multiInstance: false,
    });
    const serverCpuStarted = cpuSecondsOf(server.pid);
    const clientCpuStarted = cpuNow();
    const syncStarted = performance.now();
    const sync = startSync({
      database: desk,
      collections: [patients],
      transport: fetchTransport(server.url, deskTokens[0]!, fetch),
      clock: systemClock,
      identifier: `bench-${tag}`,
      ...(process.env.BENCH_PULL_BATCH ? { pullBatchSize: Number(process.env.BENCH_PULL_BATCH) } : {}),
    });
    await sync.replications.get(desk.groupOf(patients).name)!.awaitInitialReplication();
    const held = await desk.forTenant(tenantId).collection(patients).count();
    const syncMs = performance.now() - syncStarted;
    const syncClientCpu = cpuNow() - clientCpuStarted;
    const syncServerCpu = cpuSecondsOf(server.pid) - serverCpuStarted;
    await sync.cancel();
    await desk.close();
    if (held !== docs) throw new Error(`a instalação tem ${held} de ${docs} documentos`);

    const syncDocsPerSecond = Math.round(docs / (syncMs / 1000));
    const bulkInsertDocsPerSecond = Math.round(docs / (bulkMs / 1000));
    return {
      docs,
      syncDocsPerSecond,
      bulkInsertDocsPerSecond,
      ratio: syncDocsPerSecond / bulkInsertDocsPerSecond,
      syncClientCpu,
      bulkCpu,
      syncServerCpu,
    };
  } finally {
    await child?.stop();
    await dropSchema(schema);
  }
}
