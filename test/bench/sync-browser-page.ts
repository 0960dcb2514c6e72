/**
 * The page of the browser sync bench (sync-browser.ts), bundled by esbuild: RxDB on Dexie/IndexedDB
 * as the renderer opens it. `benchBulk` times a plain bulkInsert of `docs` patients into a database of
 * its own; `benchSync` times the initial sync of the same number from the server the page is served by.
 */
import { systemClock } from '#core/clock.js';
import { patients } from '#core/patient/patient-record.js';
import { dexieStorage, openRxdbDatabase, toStorageDocument } from '#core/store/rxdb/index.js';
import { startSync } from '#core/sync/replicate.js';
import { fetchTransport } from '#core/sync/transport.js';
import { benchPatient } from './sync-bench-patient.js';

async function benchBulk(tenantId: string, docs: number): Promise<number> {
  const database = await openRxdbDatabase({
    name: 'bench-bulk',
    storage: dexieStorage(),
    collections: [patients],
    multiInstance: false,
  });
  const records = Array.from({ length: docs }, (_, i) =>
    toStorageDocument(patients.name, patients, benchPatient(tenantId, i)),
  );
  const started = performance.now();
  await database.rxCollection(patients).bulkInsert(records);
  const ms = performance.now() - started;
  await database.close();
  return ms;
}

async function benchSync(tenantId: string, token: string, docs: number, pullBatchSize?: number): Promise<number> {
  const database = await openRxdbDatabase({
    name: 'bench-sync',
    storage: dexieStorage(),
    collections: [patients],
    multiInstance: false,
  });
  const started = performance.now();
  const sync = startSync({
    database,
    collections: [patients],
    transport: fetchTransport(location.origin, token, (url, init) => fetch(url, init)),
    clock: systemClock,
    identifier: 'bench-browser',
    ...(pullBatchSize ? { pullBatchSize } : {}),
  });
  await sync.replications.get(database.groupOf(patients).name)!.awaitInitialReplication();
  const ms = performance.now() - started;
  const held = await database.forTenant(tenantId).collection(patients).count();
  await sync.cancel();
  await database.close();
  if (held !== docs) throw new Error(`a página tem ${held} de ${docs} documentos`);
  return ms;
}

Object.assign(globalThis, { benchBulk, benchSync });
