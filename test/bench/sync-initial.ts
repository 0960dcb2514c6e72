/**
 * Bench: initial sync of a fresh installation (RxDB memory, Node) from a server on SQLite, in docs/s,
 * against a plain RxDB `bulkInsert` of the same documents in the same run (target: sync at least 0.7x
 * of bulkInsert). The headless-Chromium (Dexie) variant is sync-browser.ts, the propagation latency
 * sync-propagation.ts, the server RSS under 10 installations sync-server-memory.ts.
 */
import { patients } from '../../core/patient/patient-record.js';
import type { CollectionDef } from '../../core/store/collection-def.js';
import type { RecordBase } from '../../core/store/record.js';
import { memoryStorage, openRxdbDatabase, toStorageDocument } from '../../core/store/rxdb/index.js';
import { startSync } from '../../core/sync/replicate.js';
import { fetchTransport } from '../../core/sync/transport.js';
import { systemClock } from '../../core/clock.js';
import { enrolDevice, seedAdmin, startSyncServer } from '../sync/sync-fixture.js';
import { benchPatient } from './sync-bench-patient.js';

/** What the bench measured. */
export interface SyncInitialFigures {
  docs: number;
  syncDocsPerSecond: number;
  bulkInsertDocsPerSecond: number;
  /** sync / bulkInsert; target ≥ 0.7. */
  ratio: number;
}

const def = patients as unknown as CollectionDef<RecordBase & Record<string, unknown>>;

let run = 0;

/** Runs the bench over `docs` patients (`BENCH_SYNC_DOCS`, default 100 000). */
export async function benchSyncInitial(
  docs = Number(process.env.BENCH_SYNC_DOCS ?? 100_000),
): Promise<SyncInitialFigures> {
  const server = await startSyncServer();
  try {
    const admin = await seedAdmin(server, 'Clínica Bench');
    const records = Array.from({ length: docs }, (_, i) => benchPatient(admin.tenantId, i));
    const store = server.database.forTenant(admin.tenantId).collection(def);
    for (let at = 0; at < records.length; at += 5000) await store.insertMany(records.slice(at, at + 5000));
    const { token } = await enrolDevice(server, admin.token);

    const tag = `${process.pid}-${++run}`;
    const plain = await openRxdbDatabase({
      name: `bench-bulk-${tag}`,
      storage: memoryStorage(),
      collections: [patients],
      multiInstance: false,
    });
    // The documents as the storage group keeps them (tag and index slots), as sync stores them.
    const storedRecords = records.map((record) => toStorageDocument(patients.name, patients, record));
    const bulkStarted = performance.now();
    await plain.rxCollection(patients).bulkInsert(storedRecords);
    const bulkMs = performance.now() - bulkStarted;
    await plain.close();

    const desk = await openRxdbDatabase({
      name: `bench-sync-${tag}`,
      storage: memoryStorage(),
      collections: [patients],
      multiInstance: false,
    });
    const syncStarted = performance.now();
    const sync = startSync({
      database: desk,
      collections: [patients],
      transport: fetchTransport('http://clinica.test', token, async (url, init) => server.app.request(url, init)),
      clock: systemClock,
      identifier: `bench-${tag}`,
      pullBatchSize: 5000,
    });
    await sync.replications.get(desk.groupOf(patients).name)!.awaitInitialReplication();
    const syncMs = performance.now() - syncStarted;
    const held = await desk.forTenant(admin.tenantId).collection(patients).count();
    if (held !== docs) throw new Error(`a instalação tem ${held} de ${docs} documentos`);
    await sync.cancel();
    await desk.close();

    const syncDocsPerSecond = Math.round(docs / (syncMs / 1000));
    const bulkInsertDocsPerSecond = Math.round(docs / (bulkMs / 1000));
    return { docs, syncDocsPerSecond, bulkInsertDocsPerSecond, ratio: syncDocsPerSecond / bulkInsertDocsPerSecond };
  } finally {
    await server.close();
  }
}
