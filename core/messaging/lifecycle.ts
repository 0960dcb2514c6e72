/**
 * The life of a queued message as pure functions: each takes a record and the current instant and
 * gives the next record. The delivery worker and the retry operation write what these return, with
 * the store's revision check, so the rules live in one place and are tested without a clock or I/O.
 *
 * pending ──claim──▶ sending ──delivered──▶ sent
 *    ▲                  │ ╲
 *    └──── backoff ─────┘  ╲──(attempts exhausted or permanent)──▶ failed ──retried──▶ pending
 */
import { isoWithOffset } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { Query } from '#core/store/query.js';
import type { Channel, MessageStatus, QueuedMessage } from './message.js';

/** How hard delivery tries. */
export interface RetryPolicy {
  /** Sends started before a message is marked failed; a manual retry grants one more each time. */
  maxAttempts: number;
  /** Wait after the n-th failed attempt (index n-1), in milliseconds; the last entry repeats. */
  delaysMs: readonly number[];
  /**
   * How long a worker's claim lasts, in milliseconds. A message still `sending` after it (the worker
   * crashed mid-send) is taken again, so it must exceed the providers' own timeouts.
   */
  leaseMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * 8 attempts over about 45 hours: quick retries ride out a provider's blip, the long tail outlasts a
 * weekend-long SMTP outage before anyone must press "retry".
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 8,
  delaysMs: [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR],
  leaseMs: 15 * MINUTE,
};

/** Longest `lastError` kept: enough for an SMTP reply, short enough for a list screen. */
export const MAX_ERROR_CHARS = 500;

/** The instant as this module stores it: ISO-8601 in UTC with an explicit `+00:00` offset. */
export function utcIso(at: Date): string {
  return isoWithOffset(at, 0);
}

/** The wait in milliseconds after the `attempts`-th failed attempt (1-based). */
export function backoffMs(policy: RetryPolicy, attempts: number): number {
  const { delaysMs } = policy;
  if (delaysMs.length === 0) return 0;
  return delaysMs[Math.min(Math.max(attempts, 1), delaysMs.length) - 1]!;
}

function later(now: Date, ms: number): string {
  return utcIso(new Date(now.getTime() + ms));
}

function truncate(text: string): string {
  return text.length <= MAX_ERROR_CHARS ? text : `${text.slice(0, MAX_ERROR_CHARS - 1)}…`;
}

/**
 * The query of messages a worker may take at `now`: pending ones that are due and `sending` ones
 * whose claim lapsed, on the channels it has a provider for, oldest due first.
 */
export function dueQuery(now: Date, channels: readonly Channel[], limit: number): Query<QueuedMessage> {
  return {
    selector: {
      status: { $in: ['pending', 'sending'] satisfies MessageStatus[] },
      nextAttemptAt: { $lte: utcIso(now) },
      channel: { $in: [...channels] },
    },
    sort: [{ nextAttemptAt: 'asc' }],
    limit,
  };
}

/**
 * What a worker writes to take `message`: `sending`, one more attempt, the claim lapsing after
 * `leaseMs`. A lapsed claim that already used the last attempt is not sent again: it becomes
 * `failed`, since the interrupted send may have gone out and a person should decide.
 */
export function claim(message: QueuedMessage, now: Date, policy: RetryPolicy): QueuedMessage {
  const at = utcIso(now);
  if (message.status === 'sending' && message.attempts >= policy.maxAttempts) {
    return {
      ...message,
      status: 'failed',
      lastError: 'Envio interrompido: o servidor parou durante a última tentativa',
      updatedAt: at,
    };
  }
  return {
    ...message,
    status: 'sending',
    attempts: message.attempts + 1,
    nextAttemptAt: later(now, policy.leaseMs),
    updatedAt: at,
  };
}

/** The provider accepted the claimed message: it is `sent`, and keeps no single-use code ({@link withoutToken}). */
export function delivered(message: QueuedMessage, now: Date): QueuedMessage {
  const at = utcIso(now);
  const data = withoutToken(message.data);
  return { ...message, data, status: 'sent', sentAt: at, lastError: null, nextAttemptAt: at, updatedAt: at };
}

/**
 * `data` without the single-use code a sent e-mail carried (`token`: invitation, reset,
 * confirmation): once delivered, the code lives only in the person's mailbox and as a hash on the
 * server, so it is kept as its kind prefix and an ellipsis (`inv_…`).
 */
export function withoutToken(data: Record<string, unknown>): Record<string, unknown> {
  if (typeof data.token !== 'string') return data;
  const kind = /^[a-z]+_/.exec(data.token)?.[0] ?? '';
  return { ...data, token: `${kind}…` };
}

/**
 * The claimed message's attempt failed with `error` (pt-BR, provider text; truncated to
 * {@link MAX_ERROR_CHARS}). Pending again after the policy's backoff, or `failed` when the attempts
 * are used up or the failure is `permanent` (a refused address: retrying gets the same answer).
 */
export function afterFailure(
  message: QueuedMessage,
  now: Date,
  failure: { error: string; permanent: boolean },
  policy: RetryPolicy,
): QueuedMessage {
  const at = utcIso(now);
  const lastError = truncate(failure.error);
  if (failure.permanent || message.attempts >= policy.maxAttempts) {
    return { ...message, status: 'failed', lastError, nextAttemptAt: at, updatedAt: at };
  }
  const nextAttemptAt = later(now, backoffMs(policy, message.attempts));
  return { ...message, status: 'pending', lastError, nextAttemptAt, updatedAt: at };
}

/**
 * A person asks to send a failed message again: pending and due now, attempts kept (so a retried
 * message that fails again is failed at once, visible, instead of starting a new 45-hour cycle).
 *
 * @throws DomainError `invalid_transition` when the message is not `failed`.
 */
export function retried(message: QueuedMessage, now: Date): QueuedMessage {
  if (message.status !== 'failed') {
    throw new DomainError('invalid_transition', 'Só uma mensagem com falha pode ser reenviada', [
      { path: 'status', message: `a mensagem está "${message.status}"` },
    ]);
  }
  const at = utcIso(now);
  return { ...message, status: 'pending', nextAttemptAt: at, updatedAt: at };
}
