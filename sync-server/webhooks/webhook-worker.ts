/**
 * The webhook worker: each pass collects the new events of every account with endpoints (from the
 * change feed, event-source.ts), then sends the due deliveries. A delivery is sent only when no
 * earlier delivery of the same record to the same endpoint is still pending, so a receiver sees a
 * record's events in order even after being down; a failed attempt waits on a growing schedule; an
 * endpoint answering 410 Gone is disabled (its pending deliveries wait, and resume if re-enabled).
 */
import type { Logger } from 'pino';
import type { Clock } from '#core/clock.js';
import type { IdGenerator } from '#core/ids.js';
import { RepeatingPasses } from '../jobs/repeating-passes.js';
import type { SqlDatabase } from '../store/index.js';
import { EVENT_COLLECTIONS } from '#core/webhooks/derive-events.js';
import { collectEvents } from './event-source.js';
import { attemptDelivery, type AttemptResult } from './send-webhook.js';
import type { WebhookService } from './webhook-service.js';
import type { WebhookTables } from './webhook-tables.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** How hard delivery tries. */
export interface WebhookRetryPolicy {
  /** Attempts before a delivery is `failed` (replayable from the log). */
  maxAttempts: number;
  /** Wait after the n-th failed attempt (index n-1); the last entry repeats. */
  delaysMs: readonly number[];
  /** A claimed attempt not recorded after this long (the process died) is taken again. */
  leaseMs: number;
}

/** 8 attempts over about 28 hours (the schedule Standard Webhooks' authors use at Svix). */
export const WEBHOOK_RETRY_POLICY: WebhookRetryPolicy = {
  maxAttempts: 8,
  delaysMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  leaseMs: 2 * MINUTE,
};

/** Options of {@link startWebhooks}. */
export interface WebhookWorkerOptions {
  service: WebhookService;
  clock: Clock;
  ids: IdGenerator;
  /** Gets ids, types, status codes and error codes; never URLs' query strings, payloads or secrets. */
  logger: Logger;
  intervalMs: number;
  policy?: WebhookRetryPolicy;
  /** Per attempt (default 15 s). */
  timeoutMs?: number;
  /** Attempts sent at once (default 8). */
  concurrency?: number;
  /** Feed rows read per page before delivering them (default 32: about 100 deliveries to 3 endpoints). */
  pageRows?: number;
  /**
   * Whether a commit of this process that writes an event collection wakes a pass at once (default
   * true); the interval remains for other processes' writes and for retries coming due.
   */
  wakeOnChanges?: boolean;
}

/** What one pass did. */
export interface WebhookReport {
  events: number;
  delivered: number;
  retrying: number;
  failed: number;
  disabled: number;
}

/** A running worker. */
export interface WebhookWorker {
  /** Runs one pass now (tests and benches drive the worker with it). */
  runOnce(): Promise<WebhookReport>;
  stop(): Promise<void>;
}

type Head = Pick<WebhookTables['webhook_deliveries'], 'id' | 'tenant_id' | 'endpoint_id' | 'attempts' | 'event_id'> & {
  url: string;
  secret_sealed: string;
  payload: string;
};

/** The due deliveries that are first in their record's line at their enabled endpoint. */
async function dueHeads(db: SqlDatabase, nowMs: number, limit: number): Promise<Head[]> {
  const k = db.kysely.withTables<WebhookTables>();
  return k
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.tenant_id',
      'd.endpoint_id',
      'd.attempts',
      'd.event_id',
      'e.url',
      'e.secret_sealed',
      'v.payload',
    ])
    .where('d.status', '=', 'pending')
    .where('d.next_ms', '<=', nowMs)
    .where('e.enabled', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as p')
            .select('p.id')
            .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
            .whereRef('p.record_key', '=', 'd.record_key')
            .where('p.status', '=', 'pending')
            .whereRef('p.position', '<', 'd.position'),
        ),
      ),
    )
    .orderBy('d.next_ms')
    .orderBy('d.position')
    .limit(limit)
    .execute();
}

/** Starts the worker; the first pass runs after one interval. */
export function startWebhooks(options: WebhookWorkerOptions): WebhookWorker {
  const { service, clock, ids } = options;
  const policy = options.policy ?? WEBHOOK_RETRY_POLICY;
  const timeoutMs = options.timeoutMs ?? 15 * SECOND;
  const concurrency = options.concurrency ?? 8;
  const pageRows = options.pageRows ?? 32;
  const log = options.logger.child({ module: 'webhooks' });
  const db = service.db;
  const passes = new RepeatingPasses<WebhookReport>(options.intervalMs);

  async function record(head: Head, result: AttemptResult, startedMs: number, report: WebhookReport): Promise<void> {
    const nowMs = clock.now().getTime();
    const attempts = head.attempts + 1;
    await db
      .insertInto('webhook_attempts')
      .values({
        id: ids.next(),
        tenant_id: head.tenant_id,
        delivery_id: head.id,
        endpoint_id: head.endpoint_id,
        at_ms: startedMs,
        status_code: result.statusCode,
        error: result.error,
        duration_ms: Math.max(0, nowMs - startedMs),
      })
      .execute();
    const fields = {
      tenantId: head.tenant_id,
      endpointId: head.endpoint_id,
      eventId: head.event_id,
      attempts,
      statusCode: result.statusCode,
    };
    if (result.error === null) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'delivered', attempts, delivered_ms: nowMs, last_error: null })
        .where('id', '=', head.id)
        .execute();
      report.delivered += 1;
      return;
    }
    if (result.statusCode === 410) {
      // The receiver says the endpoint is gone for good (Standard Webhooks: disable it).
      await db
        .updateTable('webhook_endpoints')
        .set({
          enabled: 0,
          disabled_reason: '410 Gone: o receptor desativou o endereço',
          updated_at: clock.now().toISOString(),
        })
        .where('id', '=', head.endpoint_id)
        .execute();
      await db
        .updateTable('webhook_deliveries')
        .set({ attempts, next_ms: nowMs, last_error: result.error })
        .where('id', '=', head.id)
        .execute();
      report.disabled += 1;
      log.warn(fields, 'webhook endpoint answered 410: disabled');
      return;
    }
    if (attempts >= policy.maxAttempts) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', attempts, last_error: result.error })
        .where('id', '=', head.id)
        .execute();
      report.failed += 1;
      log.warn({ ...fields, error: result.error }, 'webhook delivery failed: attempts exhausted');
      return;
    }
    const delays = policy.delaysMs;
    const wait = delays[Math.min(attempts, delays.length) - 1] ?? 0;
    await db
      .updateTable('webhook_deliveries')
      .set({ attempts, next_ms: nowMs + wait, last_error: result.error })
      .where('id', '=', head.id)
      .execute();
    report.retrying += 1;
    log.info({ ...fields, error: result.error }, 'webhook attempt failed; will retry');
  }

  async function send(head: Head, allowPrivate: boolean, report: WebhookReport): Promise<void> {
    const startedMs = clock.now().getTime();
    // The claim: of two processes, the one whose update matches sends; a crash lets it lapse.
    const claimed = await db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        next_ms: startedMs + policy.leaseMs,
        first_attempt_ms: eb.fn.coalesce('first_attempt_ms', eb.val(startedMs)),
      }))
      .where('id', '=', head.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', head.attempts)
      .where('next_ms', '<=', startedMs)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    let result: AttemptResult;
    try {
      result = await attemptDelivery({
        url: head.url,
        secret: service.openSecret(head),
        id: head.event_id,
        body: head.payload,
        at: clock.now(),
        allowPrivate,
        timeoutMs,
      });
    } catch {
      result = { statusCode: null, error: 'secret_unreadable' };
    }
    await record(head, result, startedMs, report);
  }

  /** Sends every due head, `concurrency` at a time: a slow or failing receiver holds one slot, not a batch. */
  async function deliverDue(report: WebhookReport, allow: Map<string, boolean>): Promise<void> {
    // Rounds: a delivered head lets the next event of its record go in the same pass.
    for (let round = 0; round < 50 && !passes.stopping; round++) {
      const heads = await dueHeads(service.database, clock.now().getTime(), 200);
      if (heads.length === 0) return;
      let next = 0;
      const slot = async (): Promise<void> => {
        while (next < heads.length && !passes.stopping) {
          const head = heads[next++]!;
          if (!allow.has(head.tenant_id)) allow.set(head.tenant_id, await service.allowPrivate(head.tenant_id));
          await send(head, allow.get(head.tenant_id)!, report);
        }
      };
      // Heads are first in their record's line at their endpoint, so sending them at once keeps each
      // record's order (dueHeads).
      await Promise.all(Array.from({ length: Math.min(concurrency, heads.length) }, slot));
    }
  }

  async function pass(): Promise<WebhookReport> {
    // Changes committed from here on wake another pass (wake()).
    woken = false;
    const report: WebhookReport = { events: 0, delivered: 0, retrying: 0, failed: 0, disabled: 0 };
    const allow = new Map<string, boolean>();
    const tenants = await db.selectFrom('webhook_cursors').select('tenant_id').where('collection', '=', '*').execute();
    let pending = new Set(tenants.map((t) => t.tenant_id));
    // A small page of the feed, then its deliveries: an event waits for the deliveries of its own
    // page, not for a whole backlog to be recorded first (bench: test/bench/webhooks.md).
    for (let page = 0; page < 10_000 && !passes.stopping; page++) {
      const more = new Set<string>();
      for (const tenant_id of pending) {
        if (passes.stopping) return report;
        try {
          const collected = await collectEvents(service.database, tenant_id, clock, ids, pageRows);
          report.events += collected.events;
          if (collected.rows > 0) more.add(tenant_id);
        } catch (error) {
          log.error(
            { tenantId: tenant_id, errorCode: (error as { code?: string }).code ?? (error as Error).name },
            'webhooks: collecting events failed',
          );
        }
      }
      await deliverDue(report, allow);
      if (more.size === 0) break;
      pending = more;
    }
    return report;
  }

  /** Runs a pass soon after a commit wrote an event collection (once however many commits came). */
  let woken = false;
  const wake = (changed: ReadonlyMap<string, ReadonlySet<string>>): void => {
    if (woken || passes.stopping) return;
    const touched = [...changed.values()].some((names) => EVENT_COLLECTIONS.some((name) => names.has(name)));
    if (!touched) return;
    woken = true;
    void passes.runOnce().catch(() => undefined);
  };
  const unsubscribe = options.wakeOnChanges === false ? () => undefined : service.database.feed.subscribe(wake);

  passes.start(pass, { now: false });
  return {
    runOnce: () => passes.runOnce(),
    stop: () => {
      unsubscribe();
      return passes.stop();
    },
  };
}
