/**
 * Bench (issue 7): change propagation between installations through the server. Desk A writes a
 * patient in its RxDB; desk B holds it once it went push → server → SSE stream → B's pull. Sequential
 * changes, each timed from A's write to B holding it (B polled every 2 ms): median and p95, with one
 * server process (A and B on it) and with two (A on one, B on the other, woken by LISTEN/NOTIFY), on
 * the real PostgreSQL. Baseline: a plain REST round trip (`POST /patient/`) on A's server.
 */
import os from 'node:os';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { patients } from '#core/patient/patient-record.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { startSync } from '#core/sync/replicate.js';
import { syncStream } from '#core/sync/sse.js';
import { fetchTransport } from '#core/sync/transport.js';
import {
  adminLogin,
  benchSchema,
  dropSchema,
  openBenchDatabase,
  percentile,
  seedDesks,
  startServerChild,
  type ServerChild,
} from './sync-bench-servers.js';

/** Figures of one topology. */
export interface PropagationFigures {
  servers: 1 | 2;
  changes: number;
  medianMs: number;
  p95Ms: number;
  restMedianMs: number;
  /** propagation median ÷ REST round-trip median. */
  ratio: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let opened = 0;

async function openDesk(baseUrl: string, token: string, stream: boolean) {
  const database = await openRxdbDatabase({
    name: `bench-prop-${process.pid}-${++opened}`,
    storage: memoryStorage(),
    collections: [patients],
    multiInstance: false,
  });
  const sync = startSync({
    database,
    collections: [patients],
    transport: fetchTransport(baseUrl, token, fetch),
    clock: systemClock,
    identifier: `bench-prop-${opened}`,
    ...(stream ? { stream$: syncStream(baseUrl, token, fetch, { retryMs: 200 }) } : {}),
  });
  await sync.awaitInSync();
  return {
    database,
    close: async () => {
      await sync.cancel();
      await database.close();
    },
  };
}

function patient(tenantId: string, i: number) {
  const now = new Date().toISOString();
  return {
    id: uuidV7Ids.next(),
    tenantId,
    createdAt: now,
    updatedAt: now,
    name: `Paciente Propagação ${i}`,
    nameKey: `paciente propagação ${i}`,
    insurances: [],
    allergies: [],
    vaccines: [],
    merges: [],
    temporary: false,
    active: true,
  };
}

/** Runs `changes` propagations with one server process and with two (`BENCH_PROPAGATION_CHANGES`, default 500). */
export async function benchPropagation(
  servers: 1 | 2,
  changes = Number(process.env.BENCH_PROPAGATION_CHANGES ?? 500),
): Promise<PropagationFigures> {
  const schema = benchSchema();
  const children: ServerChild[] = [];
  try {
    const seedDb = await openBenchDatabase(schema);
    const { tenantId, deskTokens } = await seedDesks(seedDb, 2);
    await seedDb.close();
    const base = 41_000 + (process.pid % 1000) * 2;
    children.push(await startServerChild(schema, base));
    if (servers === 2) children.push(await startServerChild(schema, base + 1));
    const writer = await openDesk(children[0]!.url, deskTokens[0]!, false);
    const reader = await openDesk(children.at(-1)!.url, deskTokens[1]!, true);
    try {
      await sleep(500);
      const latencies: number[] = [];
      const writes = writer.database.forTenant(tenantId).collection(patients);
      const reads = reader.database.forTenant(tenantId).collection(patients);
      for (let i = 0; i < changes; i++) {
        const doc = patient(tenantId, i);
        const started = performance.now();
        await writes.insert(doc);
        while ((await reads.get(doc.id)) === undefined) {
          if (performance.now() - started > 10_000) throw new Error(`a mudança ${i} não chegou em 10 s`);
          await sleep(2);
        }
        latencies.push(performance.now() - started);
      }
      const adminToken = await adminLogin(children[0]!.url);
      const rest: number[] = [];
      for (let i = 0; i < Math.min(changes, 200); i++) {
        const started = performance.now();
        const res = await fetch(`${children[0]!.url}/patient/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Paciente REST ${i}`, cellPhone: '(11) 98765-4321' }),
        });
        await res.text();
        if (res.status !== 201) throw new Error(`POST /patient/: ${res.status}`);
        rest.push(performance.now() - started);
      }
      const medianMs = percentile(latencies, 50);
      const restMedianMs = percentile(rest, 50);
      return {
        servers,
        changes,
        medianMs: Number(medianMs.toFixed(1)),
        p95Ms: Number(percentile(latencies, 95).toFixed(1)),
        restMedianMs: Number(restMedianMs.toFixed(1)),
        ratio: medianMs / restMedianMs,
      };
    } finally {
      await writer.close();
      await reader.close();
    }
  } finally {
    for (const child of children) await child.stop();
    await dropSchema(schema);
  }
}

/** The one-minute load average, printed beside the figures of a shared machine. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
