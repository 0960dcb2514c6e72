import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#core/errors.js';
import {
  DEFAULT_RETRY_POLICY,
  afterFailure,
  backoffMs,
  claim,
  delivered,
  retried,
  utcIso,
  type RetryPolicy,
} from './lifecycle.js';
import { queuedMessageSchema, type QueuedMessage } from './message.js';

const T0 = new Date('2026-11-23T12:00:00.000Z');
const MIN = 60_000;

function message(overrides: Partial<QueuedMessage> = {}): QueuedMessage {
  return {
    id: '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a4b',
    tenantId: 'tenant-a',
    createdAt: utcIso(T0),
    updatedAt: utcIso(T0),
    channel: 'email',
    to: 'maria@exemplo.com.br',
    template: 'mensagem.teste',
    data: { nome: 'Maria' },
    attachments: [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: utcIso(T0),
    lastError: null,
    sentAt: null,
    ...overrides,
  };
}

const at = (ms: number) => new Date(T0.getTime() + ms);
const failure = { error: 'Conexão recusada', permanent: false };

describe('message lifecycle', () => {
  it('stores every instant in UTC with an explicit offset, so string order is time order', () => {
    expect(utcIso(T0)).toBe('2026-11-23T12:00:00.000+00:00');
    expect(queuedMessageSchema.safeParse(message()).success).toBe(true);
    expect(queuedMessageSchema.safeParse(message({ nextAttemptAt: '2026-11-23T09:00:00.000-03:00' })).success).toBe(
      false,
    );
  });

  it('claims with one more attempt and a lease that lapses', () => {
    const claimed = claim(message(), T0, DEFAULT_RETRY_POLICY);
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1, nextAttemptAt: utcIso(at(15 * MIN)) });
  });

  it('backs off 1 min, 5 min, 30 min, 2 h … then fails after 8 attempts', () => {
    let current = message();
    let now = T0;
    const waits: number[] = [];
    while (current.status !== 'failed') {
      current = afterFailure(claim(current, now, DEFAULT_RETRY_POLICY), now, failure, DEFAULT_RETRY_POLICY);
      if (current.status === 'pending') {
        const next = new Date(current.nextAttemptAt);
        waits.push((next.getTime() - now.getTime()) / MIN);
        now = next;
      }
    }
    expect(waits).toEqual([1, 5, 30, 120, 360, 720, 1440]);
    expect(current).toMatchObject({ status: 'failed', attempts: 8, lastError: 'Conexão recusada' });
  });

  it('fails at once on a permanent refusal, keeping a short error', () => {
    const failed = afterFailure(
      claim(message(), T0, DEFAULT_RETRY_POLICY),
      T0,
      { error: `550 ${'x'.repeat(900)}`, permanent: true },
      DEFAULT_RETRY_POLICY,
    );
    expect(failed.status).toBe('failed');
    expect(failed.lastError!.length).toBeLessThanOrEqual(500);
  });

  it('marks a delivered message sent and clears the last error', () => {
    const sent = delivered(claim(message({ lastError: 'antes' }), T0, DEFAULT_RETRY_POLICY), at(MIN));
    expect(sent).toMatchObject({ status: 'sent', sentAt: utcIso(at(MIN)), lastError: null });
  });

  it('retries only a failed message: pending, due now, attempts kept', () => {
    const failed = message({ status: 'failed', attempts: 8, lastError: 'x' });
    expect(retried(failed, at(MIN))).toMatchObject({ status: 'pending', attempts: 8, nextAttemptAt: utcIso(at(MIN)) });
    for (const status of ['pending', 'sending', 'sent'] as const) {
      expect(() => retried(message({ status }), T0)).toThrow(DomainError);
      try {
        retried(message({ status }), T0);
      } catch (e) {
        expect((e as DomainError).code).toBe('invalid_transition');
      }
    }
  });

  it('does not send again a claim that lapsed on its last attempt: a person decides', () => {
    const lapsed = message({ status: 'sending', attempts: 8 });
    expect(claim(lapsed, T0, DEFAULT_RETRY_POLICY)).toMatchObject({ status: 'failed', attempts: 8 });
  });

  it('never exceeds maxAttempts automatically and never waits less than the previous backoff', () => {
    const policy = fc.record({
      maxAttempts: fc.integer({ min: 1, max: 10 }),
      delaysMs: fc
        .array(fc.integer({ min: 0, max: 10 * MIN }), { minLength: 1, maxLength: 6 })
        .map((d) => d.sort((a, b) => a - b)),
      leaseMs: fc.integer({ min: 1, max: 60 * MIN }),
    });
    fc.assert(
      fc.property(policy, fc.array(fc.boolean(), { maxLength: 20 }), (p: RetryPolicy, outcomes) => {
        let current = message();
        let now = T0;
        let lastWait = -1;
        for (const ok of outcomes) {
          if (current.status !== 'pending') break;
          const claimed = claim(current, now, p);
          current = ok ? delivered(claimed, now) : afterFailure(claimed, now, failure, p);
          expect(current.attempts).toBeLessThanOrEqual(p.maxAttempts);
          if (current.status === 'pending') {
            const wait = new Date(current.nextAttemptAt).getTime() - now.getTime();
            expect(wait).toBe(backoffMs(p, current.attempts));
            expect(wait).toBeGreaterThanOrEqual(lastWait);
            lastWait = wait;
            now = new Date(current.nextAttemptAt);
          }
        }
        if (current.status === 'failed') expect(current.attempts).toBe(p.maxAttempts);
      }),
    );
  });
});
