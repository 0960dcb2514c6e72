/**
 * Bench (issue 7): the server's memory while 10 installations make their initial sync of the same
 * 100k patients at once. The server is a child process on PostgreSQL (sync-server-child.ts); its RSS
 * is sampled from /proc every 50 ms. Pulls stream pages (no whole-table reads), so the peak should stay
 * near the idle RSS whatever the table size: the figure is peak RSS minus idle RSS, its ratio to the
 * idle RSS, and the peak in each quarter of the run (flat when pages stream).
 *
 * The installations are raw paging clients by default: the replication's own requests (`pagedPull`
 * over `fetchTransport`, the batch `startSync` asks for) with the documents counted and dropped, so
 * the one bench process keeps up with the server at 100k. `BENCH_MEMORY_CLIENTS=rxdb` runs RxDB
 * installations (memory storage) instead; those share this process and make 100k take over 13 minutes.
 */
import { systemClock } from '#core/clock.js';
import { patients } from '#core/patient/patient-record.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { COLLECTION_FIELD, storageGroupOf } from '#core/store/rxdb/storage-groups.js';
import { pagedPull } from '#core/sync/paged-pull.js';
import { DEFAULT_PULL_BATCH, PULL_PAGE, startSync } from '#core/sync/replicate.js';
import type { SyncCheckpoint } from '#core/sync/protocol.js';
import { fetchTransport } from '#core/sync/transport.js';
import {
  benchSchema,
  dropSchema,
  openBenchDatabase,
  rssMiB,
  seedDesks,
  seedPatients,
  startServerChild,
  type ServerChild,
} from './sync-bench-servers.js';

/** What the bench measured, RSS in MiB. */
export interface ServerMemoryFigures {
  docs: number;
  installations: number;
  idleMiB: number;
  peakMiB: number;
  /** (peak − idle) ÷ idle. */
  ratio: number;
  /** Peak RSS in each quarter of the run (by documents received), MiB. */
  quarterPeaksMiB: number[];
  clients: 'raw' | 'rxdb';
  seconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A raw installation: pages until caught up, as the replication asks for them; @returns the patients
 * received (the group also carries the account's users).
 */
async function rawInitialSync(url: string, token: string, received: (n: number) => void): Promise<number> {
  const transport = fetchTransport(url, token, fetch);
  const pull = pagedPull(
    (checkpoint, limit) => transport.pullGroup(storageGroupOf(patients.name), checkpoint, limit),
    PULL_PAGE,
  );
  let checkpoint: SyncCheckpoint | undefined;
  let total = 0;
  for (;;) {
    const page = await pull(checkpoint, DEFAULT_PULL_BATCH);
    const own = page.documents.filter((doc) => doc[COLLECTION_FIELD] === patients.name).length;
    total += own;
    received(own);
    checkpoint = page.checkpoint;
    if (page.documents.length < DEFAULT_PULL_BATCH) return total;
  }
}

/**
 * Runs the bench (`BENCH_MEMORY_DOCS`, default 100 000; `BENCH_MEMORY_DESKS`, default 10;
 * `BENCH_MEMORY_CLIENTS` `raw` (default) or `rxdb`).
 */
export async function benchServerMemory(
  docs = Number(process.env.BENCH_MEMORY_DOCS ?? 100_000),
  installations = Number(process.env.BENCH_MEMORY_DESKS ?? 10),
  clients: 'raw' | 'rxdb' = process.env.BENCH_MEMORY_CLIENTS === 'rxdb' ? 'rxdb' : 'raw',
): Promise<ServerMemoryFigures> {
  const schema = benchSchema();
  let child: ServerChild | undefined;
  try {
    const seedDb = await openBenchDatabase(schema);
    const { tenantId, deskTokens } = await seedDesks(seedDb, installations);
    await seedPatients(seedDb, tenantId, docs);
    await seedDb.close();
    child = await startServerChild(schema, 43_000 + (process.pid % 1000));
    const server = child;
    // Idle: listening, after one request has loaded the routes' code.
    await (await fetch(`${server.url}/health`)).text();
    await sleep(1000);
    const idle: number[] = [];
    for (let i = 0; i < 10; i++) {
      idle.push(rssMiB(server.pid) ?? 0);
      await sleep(50);
    }
    const idleMiB = idle.sort((a, b) => a - b)[5]!;
    let peakMiB = idleMiB;
    const quarterPeaksMiB = [idleMiB, idleMiB, idleMiB, idleMiB];
    let receivedDocs = 0;
    const expected = docs * installations;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const rss = rssMiB(server.pid) ?? 0;
        peakMiB = Math.max(peakMiB, rss);
        const quarter = Math.min(3, Math.floor((4 * receivedDocs) / expected));
        quarterPeaksMiB[quarter] = Math.max(quarterPeaksMiB[quarter]!, rss);
        await sleep(50);
      }
    })();
    const started = performance.now();
    await Promise.all(
      deskTokens.map(async (token, n) => {
        if (clients === 'raw') {
          const held = await rawInitialSync(server.url, token, (count) => (receivedDocs += count));
          if (held !== docs) throw new Error(`a instalação ${n} recebeu ${held} de ${docs} documentos`);
          return;
        }
        const desk = await openRxdbDatabase({
          name: `bench-mem-${process.pid}-${n}`,
          storage: memoryStorage(),
          collections: [patients],
          multiInstance: false,
        });
        const sync = startSync({
          database: desk,
          collections: [patients],
          transport: fetchTransport(server.url, token, fetch),
          clock: systemClock,
          identifier: `bench-mem-${n}`,
        });
        const replication = sync.replications.get(desk.groupOf(patients).name)!;
        const counted = replication.received$.subscribe(() => (receivedDocs += 1));
        await replication.awaitInitialReplication();
        counted.unsubscribe();
        const held = await desk.forTenant(tenantId).collection(patients).count();
        await sync.cancel();
        await desk.close();
        if (held !== docs) throw new Error(`a instalação ${n} tem ${held} de ${docs} documentos`);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    return {
      docs,
      installations,
      idleMiB: Math.round(idleMiB),
      peakMiB: Math.round(peakMiB),
      ratio: (peakMiB - idleMiB) / idleMiB,
      quarterPeaksMiB: quarterPeaksMiB.map((mib) => Math.round(mib)),
      clients,
      seconds: Number(seconds.toFixed(1)),
    };
  } finally {
    await child?.stop();
    await dropSchema(schema);
  }
}
