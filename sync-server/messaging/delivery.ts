/**
 * The delivery worker: on a timer, per tenant, it takes the due messages of the outbox, sends them
 * and records the outcome. It runs beside the HTTP server and never inside an operation: an
 * operation only inserts a record, so a slow or broken provider never slows or breaks it.
 */
import type { Logger } from 'pino';
import type { Clock } from '#core/clock.js';
import { isDomainError } from '#core/errors.js';
import {
  afterFailure,
  claim,
  DEFAULT_RETRY_POLICY,
  delivered,
  dueQuery,
  type RetryPolicy,
} from '#core/messaging/lifecycle.js';
import { outboxMessages, type QueuedMessage } from '#core/messaging/message.js';
import type { Database, Store } from '#core/store/port.js';
import { withoutRevision, type Stored } from '#core/store/record.js';
import { attachments as sharedAttachments, type AttachmentRegistry } from './attachments.js';
import { SendFailure, type Providers } from './providers.js';
import { deliverableChannels, sendMessage } from './send-message.js';
import { templates as sharedTemplates, type TemplateRegistry } from './templates.js';
import { RepeatingPasses } from '../jobs/repeating-passes.js';

/** Options of {@link startDelivery}. */
export interface DeliveryOptions {
  /** The database operations enqueue into. */
  database: Database;
  /** Every tenant to serve, asked again on each pass (accounts come and go). */
  tenants: () => Promise<string[]>;
  providers: Providers;
  clock: Clock;
  /** Gets ids, channels, templates, counts and error codes; never addresses, data or provider text. */
  logger: Logger;
  /** Milliseconds between the end of one pass and the start of the next (the first runs after one interval). */
  intervalMs: number;
  /** Attempts, backoff and claim lease; {@link DEFAULT_RETRY_POLICY} by default. */
  policy?: RetryPolicy;
  /** Most messages taken per tenant per pass (default 50), so one busy clinic cannot starve the others. */
  batchSize?: number;
  /** Milliseconds a provider gets for one send before it is aborted (default 2 min; keep under the lease). */
  sendTimeoutMs?: number;
  /** Defaults to the shared registry of templates.ts. */
  templates?: TemplateRegistry;
  /** Defaults to the shared registry of attachments.ts. */
  attachments?: AttachmentRegistry;
  /**
   * Told of each message just marked `failed` (the server notifies the reception: core/chat/notify.ts).
   * What it throws is logged; the failure stays recorded.
   */
  onFailed?(store: Store, message: QueuedMessage): Promise<void>;
}

/** What one pass did, summed over tenants. */
export interface DeliveryReport {
  sent: number;
  /** Failed and scheduled for a later attempt. */
  retrying: number;
  /** Marked failed (attempts exhausted or refused for good). */
  failed: number;
  /** Taken by another worker first. */
  skipped: number;
}

/** A running worker. */
export interface Delivery {
  /** Runs one pass now (after the pass in progress, if any); tests drive the worker with it. */
  runOnce(): Promise<DeliveryReport>;
  /** Stops the timer, lets the send in flight finish and be recorded, then resolves. Idempotent. */
  stop(): Promise<void>;
}

/** Error code and name only: messages of providers and drivers may quote an address. */
function errorFields(error: unknown): { errorCode: string } {
  if (error instanceof SendFailure) return { errorCode: error.code };
  if (isDomainError(error)) return { errorCode: error.code };
  const code = (error as { code?: unknown } | null)?.code;
  return { errorCode: typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown' };
}

function isLostRace(error: unknown): boolean {
  return isDomainError(error) && (error.code === 'conflict' || error.code === 'not_found');
}

/**
 * Starts the delivery worker.
 *
 * Per message: claim it (`sending`, one more attempt) with the store's optimistic revision check, so
 * of two workers racing for it one wins and the other skips it; send it outside any transaction;
 * write `sent`, or `pending` again after the policy's backoff, or `failed` with `lastError`. A worker
 * that dies mid-send leaves the claim to lapse after `policy.leaseMs`, and the message is taken again
 * (so a crash can, rarely, send a message twice; never zero times).
 *
 * @example
 * const delivery = startDelivery({ database, tenants, providers: providersFromConfig(config), clock: systemClock,
 *   logger, intervalMs: config.intervalMs });
 * // on shutdown
 * await delivery.stop();
 */
export function startDelivery(options: DeliveryOptions): Delivery {
  const { database, clock, logger, providers } = options;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const batchSize = options.batchSize ?? 50;
  const sendTimeoutMs = options.sendTimeoutMs ?? 120_000;
  const templateRegistry = options.templates ?? sharedTemplates;
  const attachmentRegistry = options.attachments ?? sharedAttachments;
  const log = logger.child({ module: 'messaging' });
  const passes = new RepeatingPasses<DeliveryReport>(options.intervalMs);

  async function settle(store: Store, held: Stored<QueuedMessage>, report: DeliveryReport): Promise<void> {
    const collection = store.collection(outboxMessages);
    const tenantId = store.tenantId;
    const fields = { tenantId, messageId: held.id, channel: held.channel, template: held.template };
    let next: QueuedMessage;
    try {
      const receipt = await sendMessage(held, {
        store,
        providers,
        templates: templateRegistry,
        attachments: attachmentRegistry,
        signal: AbortSignal.timeout(sendTimeoutMs),
      });
      next = delivered(withoutRevision(held), clock.now());
      log.info({ ...fields, attempts: held.attempts, providerId: receipt.providerId }, 'message sent');
    } catch (error) {
      const failure =
        error instanceof SendFailure ? error : new SendFailure(String(error), false, 'unexpected', { cause: error });
      next = afterFailure(
        withoutRevision(held),
        clock.now(),
        { error: failure.message, permanent: failure.permanent },
        policy,
      );
      log.warn(
        {
          ...fields,
          attempts: held.attempts,
          status: next.status,
          nextAttemptAt: next.nextAttemptAt,
          ...errorFields(failure),
        },
        next.status === 'failed' ? 'message failed' : 'message send failed; will retry',
      );
    }
    try {
      await collection.update(held.id, held._rev, next);
    } catch (error) {
      // Only possible when our claim lapsed and another worker took the message: its outcome stands.
      if (!isLostRace(error)) throw error;
      log.warn({ ...fields, ...errorFields(error) }, 'message changed during the send; outcome not recorded');
      return;
    }
    if (next.status === 'sent') report.sent += 1;
    else if (next.status === 'failed') {
      report.failed += 1;
      await options.onFailed?.(store, next).catch((error: unknown) => {
        log.error({ ...fields, ...errorFields(error) }, 'messaging: failure notice not written');
      });
    } else report.retrying += 1;
  }

  async function deliverTenant(tenantId: string, report: DeliveryReport): Promise<void> {
    const channels = deliverableChannels(providers);
    if (channels.length === 0) return;
    const store = database.forTenant(tenantId);
    const collection = store.collection(outboxMessages);
    const due = await collection.find(dueQuery(clock.now(), channels, batchSize));
    for (const found of due) {
      if (passes.stopping) return;
      let held: Stored<QueuedMessage>;
      try {
        held = await collection.update(found.id, found._rev, claim(withoutRevision(found), clock.now(), policy));
      } catch (error) {
        if (!isLostRace(error)) throw error;
        report.skipped += 1;
        continue;
      }
      if (held.status === 'failed') {
        // A lapsed claim on its last attempt (see `claim`): not sent again.
        report.failed += 1;
        log.warn({ tenantId, messageId: held.id, attempts: held.attempts }, 'message failed: interrupted send');
        continue;
      }
      await settle(store, held, report);
    }
  }

  async function pass(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    if (passes.stopping) return report;
    let tenantIds: string[];
    try {
      tenantIds = await options.tenants();
    } catch (error) {
      log.error(errorFields(error), 'messaging: could not list tenants');
      return report;
    }
    for (const tenantId of tenantIds) {
      if (passes.stopping) break;
      try {
        await deliverTenant(tenantId, report);
      } catch (error) {
        // One tenant's trouble (a database hiccup) must not hold up the others; the next pass retries.
        // Store and driver messages name tables and ids, not values, so they are logged here.
        const errorMessage = error instanceof Error ? error.message : String(error);
        log.error({ tenantId, ...errorFields(error), errorMessage }, 'messaging: delivery pass failed for a tenant');
      }
    }
    return report;
  }

  log.info({ channels: deliverableChannels(providers), intervalMs: options.intervalMs }, 'delivery started');
  passes.start(pass, { now: false });
  return { runOnce: () => passes.runOnce(), stop: () => passes.stop() };
}
