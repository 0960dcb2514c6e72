/**
 * Webhook bench (issue 27): EVENTS patient records written to the server store (SQLite file) become
 * EVENTS `patient.created` events for 3 local receivers, one failing every other request. Measured:
 * that every delivery arrives, the delay from the event's recording to its first attempt (p95), and
 * deliveries per second; the baseline is the e-mail outbox worker's throughput over the same store
 * with a provider that accepts at once. Retries wait 50 ms here (production: 5 s, then minutes):
 * the bench measures the machinery, not the schedule. The records are written in one burst; the worker
 * is woken by the store's change feed and records the feed a small page at a time, delivering each
 * page before reading the next, so an event's wait to its first attempt is its page's, and the burst's
 * backlog shows in the second delay printed (record written → first attempt). Before and after:
 * webhooks.md.
 * The database stays open until closed with a timer holding the loop: the store's checkpointer waits
 * on unref'd timers, and a bench has no server socket keeping the process alive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { allCollections } from '#core/catalogue.js';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { storeOutbox } from '#core/messaging/store-outbox.js';
import { patients } from '#core/patient/patient-record.js';
import type { Patient } from '#core/patient/patient-record.js';
import { startDelivery } from '../../sync-server/messaging/delivery.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { secretBox } from '../../sync-server/webhooks/secret-box.js';
import { startReceiver } from '../../sync-server/webhooks/test-receiver.js';
import { WebhookService } from '../../sync-server/webhooks/webhook-service.js';
import { startWebhooks } from '../../sync-server/webhooks/webhook-worker.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const OUTBOX_MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 2_000);

export interface WebhookBenchResult {
  events: number;
  endpoints: number;
  deliveries: number;
  delivered: number;
  /** Requests the receivers got (retries of the flaky one included). */
  requests: number;
  /** Event recorded → first attempt, ms. */
  firstAttemptMs: { median: number; p95: number };
  /** Patient record written → first attempt, ms (what a receiver waits from the clinic's action in a burst). */
  fromWriteMs: { median: number; p95: number };
  /** Deliveries completed per second, over the whole run. */
  deliveriesPerSecond: number;
  /** Outbox worker baseline: e-mails sent per second. */
  outboxPerSecond: number;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

function patient(tenantId: string, n: number): Patient {
  const at = new Date().toISOString();
  return {
    id: uuidV7Ids.next(),
    tenantId,
    createdAt: at,
    updatedAt: at,
    name: `Paciente ${n}`,
    active: true,
  } as unknown as Patient;
}

/** Runs the bench on a fresh SQLite file. */
export async function benchWebhooks(): Promise<WebhookBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
  const database = await openSqlDatabase({
    url: join(dir, 'clinic.db'),
    collections: allCollections,
    migrations: serverMigrations,
  });
  const logger = pino({ level: 'silent' });
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    // Baseline: the outbox worker over the same kind of store.
    const tenantId = 'bench';
    const store = database.forTenant(tenantId);
    const outbox = storeOutbox(store, systemClock, uuidV7Ids);
    for (let i = 0; i < OUTBOX_MESSAGES; i++) {
      await outbox.add({ channel: 'email', to: `p${i}@exemplo.com.br`, template: 'messaging.test', data: {} });
    }
    const delivery = startDelivery({
      database,
      tenants: () => Promise.resolve([tenantId]),
      providers: { email: { send: () => Promise.resolve({}) } },
      clock: systemClock,
      logger,
      intervalMs: 3_600_000,
      batchSize: 500,
    });
    const outboxStart = performance.now();
    let sent = 0;
    while (sent < OUTBOX_MESSAGES) sent += (await delivery.runOnce()).sent;
    const outboxPerSecond = OUTBOX_MESSAGES / ((performance.now() - outboxStart) / 1000);
    await delivery.stop();

    const receivers = await Promise.all([startReceiver('/a'), startReceiver('/b'), startReceiver('/c')]);
    receivers[2].answer('flaky');
    const service = new WebhookService(database, secretBox(Buffer.alloc(32, 7)), systemClock, uuidV7Ids);
    await service.setAllowPrivate(tenantId, true);
    for (const r of receivers) await service.createEndpoint(tenantId, { url: r.url, events: ['patient.created'] });
    const worker = startWebhooks({
      service,
      clock: systemClock,
      ids: uuidV7Ids,
      logger,
      intervalMs: 3_600_000,
      policy: { maxAttempts: 20, delaysMs: [50], leaseMs: 60_000 },
      concurrency: 16,
    });
    const started = performance.now();
    const written = new Map<string, number>();
    for (let i = 0; i < EVENTS; i += 500) {
      const batch = Array.from({ length: Math.min(500, EVENTS - i) }, (_, n) => patient(tenantId, i + n));
      await store.collection(patients).insertMany(batch);
      const at = Date.now();
      for (const p of batch) written.set(p.id, at);
    }
    const expected = EVENTS * receivers.length;
    const count = async () =>
      Number(
        (
          await service.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'delivered')
            .executeTakeFirstOrThrow()
        ).n,
      );
    let delivered = 0;
    for (let guard = 0; guard < 10_000 && delivered < expected; guard++) {
      await worker.runOnce();
      delivered = await count();
      if (delivered < expected) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    const rows = await service.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
      .select(['d.created_ms', 'd.first_attempt_ms', 'v.payload'])
      .execute();
    const delays = rows.map((r) => Number(r.first_attempt_ms) - Number(r.created_ms));
    const fromWrite = rows.map((r) => {
      const id = (JSON.parse(r.payload) as { data: { id: string } }).data.id;
      return Number(r.first_attempt_ms) - (written.get(id) ?? Number.NaN);
    });
    const requests = receivers.reduce((sum, r) => sum + r.all.length, 0);
    await Promise.all(receivers.map((r) => r.close()));
    return {
      events: EVENTS,
      endpoints: receivers.length,
      deliveries: rows.length,
      delivered,
      requests,
      firstAttemptMs: { median: quantile(delays, 0.5), p95: quantile(delays, 0.95) },
      fromWriteMs: { median: quantile(fromWrite, 0.5), p95: quantile(fromWrite, 0.95) },
      deliveriesPerSecond: delivered / seconds,
      outboxPerSecond,
    };
  } finally {
    await database.close();
    clearInterval(keepAlive);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The printed report; `met` when every delivery arrived. */
export function reportWebhooks(r: WebhookBenchResult): { lines: string[]; met: boolean } {
  const met = r.delivered === r.events * r.endpoints && r.deliveries === r.delivered;
  return {
    lines: [
      `webhooks: ${r.events} events × ${r.endpoints} endpoints (one failing every other request), SQLite`,
      `  delivered ${r.delivered}/${r.events * r.endpoints} with ${r.requests} requests: ${met ? 'all' : 'MISSING SOME'}`,
      `  event → first attempt: median ${r.firstAttemptMs.median} ms, p95 ${r.firstAttemptMs.p95} ms ` +
        `(target p95 < 1000 ms: ${r.firstAttemptMs.p95 < 1000 ? 'met' : 'NOT MET'})`,
      `  record written → first attempt (the burst's backlog included): median ${r.fromWriteMs.median} ms, p95 ${r.fromWriteMs.p95} ms`,
      `  throughput: ${r.deliveriesPerSecond.toFixed(0)} deliveries/s; outbox baseline ${r.outboxPerSecond.toFixed(0)} e-mails/s ` +
        `(ratio ${(r.deliveriesPerSecond / r.outboxPerSecond).toFixed(2)}x)`,
    ],
    met,
  };
}
