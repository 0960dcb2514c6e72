import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { fixedStatement } from '../store/doc-sql.js';
import type { AuthTables } from './auth-tables.js';

/**
 * A `rate_limited` error (429) that knows when to try again: the app answers it with `Retry-After`.
 */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    path: string,
  ) {
    super('rate_limited', `Muitas tentativas; tente de novo em ${retryAfterSeconds} s`, [
      { path, message: `aguarde ${retryAfterSeconds} s` },
    ]);
  }
}

/** One limit: at most `points` counted events per fixed window of `windowMs`. */
export interface LimitRule {
  /** Prefix of the counter keys, e.g. `login:user-ip`. */
  name: string;
  points: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The limits of issue 3. Logins count failures only, per person and address (a guesser at one
 * desk), per person (a guesser spread over many addresses: higher, so one attacker cannot lock a
 * person out everywhere) and per address (one address trying many people).
 */
export const LIMITS = {
  loginUserIp: { name: 'login:user-ip', points: 10, windowMs: 15 * MINUTE },
  loginUser: { name: 'login:user', points: 50, windowMs: 60 * MINUTE },
  loginIp: { name: 'login:ip', points: 100, windowMs: 15 * MINUTE },
  /** Every forgot/reset request per address: each may send an e-mail. */
  passwordIp: { name: 'password:ip', points: 10, windowMs: 15 * MINUTE },
  /** Reset e-mails per person: past it the answer stays the same and nothing is sent. */
  passwordEmail: { name: 'password:email', points: 3, windowMs: 60 * MINUTE },
  /** Invitation and confirmation tokens redeemed per address. */
  tokenIp: { name: 'token:ip', points: 30, windowMs: 15 * MINUTE },
  signupIp: { name: 'signup:ip', points: 5, windowMs: 60 * MINUTE },
  /** "Get a simple user by CPF" per caller: it looks across accounts, so it must not become a scanner. */
  cpfLookup: { name: 'lookup:actor', points: 30, windowMs: 60 * MINUTE },
  /** The same per account: an account making one more API key must not get another 30. */
  cpfLookupAccount: { name: 'lookup:account', points: 60, windowMs: 60 * MINUTE },
  /**
   * Unknown or revoked API keys per address. Past it the address's unknown keys answer 429, and so do
   * operator-chosen keys not yet used from there (they may be short: no guessing them); generated
   * keys and keys already used from there keep working (see `keyActor` in authenticate.ts).
   */
  apiKeyFailIp: { name: 'apikey-fail:ip', points: 30, windowMs: 15 * MINUTE },
  /** A chosen key used from an address (`keyId|address`) within a day: it passes a blocked address. */
  apiKeySeen: { name: 'apikey-seen', points: 1, windowMs: 24 * 60 * MINUTE },
} as const satisfies Record<string, LimitRule>;

/** Counters are keyed by a hash: the table holds no e-mail or address in clear. */
function counterKey(rule: LimitRule, key: string): string {
  return `${rule.name}:${createHash('sha256').update(key, 'utf8').digest('base64url')}`;
}

/**
 * Fixed-window counters in the `rate_limits` table: they survive restarts and are shared by every
 * server process on the database, so a guesser gains nothing by waiting for a deploy.
 */
export class SqlRateLimiter {
  /** Read on every integrator request (blockedFor): written out, not built, each time. */
  private readonly counter;

  constructor(
    private readonly db: Kysely<AuthTables>,
    private readonly clock: Clock,
  ) {
    this.counter = fixedStatement<{ points: number; reset_ms: number | string }>(
      db as unknown as Kysely<never>,
      'select "points", "reset_ms" from "rate_limits" where "key" = ?',
    );
  }

  /** Milliseconds until `key` may try again under `rule`; 0 when it may now. Consumes nothing. */
  async blockedFor(rule: LimitRule, key: string): Promise<number> {
    const [row] = (await this.db.executeQuery(this.counter([counterKey(rule, key)]))).rows;
    const now = this.clock.now().getTime();
    if (!row || Number(row.reset_ms) <= now || row.points < rule.points) return 0;
    return Number(row.reset_ms) - now;
  }

  /**
   * Counts one event for `key` in one atomic statement (concurrent requests cannot both slip under).
   * @returns the count in the current window and the milliseconds left in it.
   */
  async consume(rule: LimitRule, key: string): Promise<{ points: number; remainingMs: number }> {
    const now = this.clock.now().getTime();
    const reset = now + rule.windowMs;
    const expired = sql<boolean>`rate_limits.reset_ms <= ${now}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key: counterKey(rule, key), points: 1, reset_ms: reset })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          points: sql<number>`case when ${expired} then 1 else rate_limits.points + 1 end`,
          reset_ms: sql<number>`case when ${expired} then ${reset} else rate_limits.reset_ms end`,
        }),
      )
      .returning(['points', 'reset_ms'])
      .executeTakeFirstOrThrow();
    return { points: Number(row.points), remainingMs: Number(row.reset_ms) - now };
  }

  /**
   * Throws when `key` is over `rule`, else counts one event. For limits that count every request.
   * @throws RateLimitedError (429) naming `path`.
   */
  async take(rule: LimitRule, key: string, path: string): Promise<void> {
    const { points, remainingMs } = await this.consume(rule, key);
    if (points > rule.points) throw new RateLimitedError(Math.ceil(remainingMs / 1000), path);
  }

  /** Marks `key` under `rule` for a full window from now (a fact to remember, not a count). */
  async mark(rule: LimitRule, key: string): Promise<void> {
    const reset = this.clock.now().getTime() + rule.windowMs;
    await this.db
      .insertInto('rate_limits')
      .values({ key: counterKey(rule, key), points: 1, reset_ms: reset })
      .onConflict((oc) => oc.column('key').doUpdateSet({ points: 1, reset_ms: reset }))
      .execute();
  }

  /** Whether `key` was {@link mark}ed under `rule` less than a window ago. */
  async marked(rule: LimitRule, key: string): Promise<boolean> {
    const [row] = (await this.db.executeQuery(this.counter([counterKey(rule, key)]))).rows;
    return row !== undefined && Number(row.reset_ms) > this.clock.now().getTime();
  }

  /** Forgets `key`'s counter (a successful login clears its failures). */
  async reset(rule: LimitRule, key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', counterKey(rule, key)).execute();
  }
}

/** An account's keys together may send this many times one key's allowance. */
const ACCOUNT_FACTOR = 3;
/** How often one process writes that a key was used from an address (it is remembered for a day). */
const SEEN_REWRITE_MS = 60 * MINUTE;
/** Most key-and-address pairs a process keeps track of (the oldest are forgotten first). */
const MAX_SEEN = 10_000;

/**
 * Requests per API key and minute, and per account (all its keys together, {@link ACCOUNT_FACTOR}
 * times one key's), counted in memory: checking it on every integrator request must not add a
 * database write to each one, and a per-process count is enough to stop a runaway client.
 */
export class ApiKeyRateLimiter {
  private readonly perKey: RateLimiterMemory;
  private readonly perAccount: RateLimiterMemory;
  /** `keyId|address` → epoch ms this process last wrote its use to SQL ({@link LIMITS.apiKeySeen}). */
  private readonly written = new Map<string, number>();

  constructor(
    readonly perMinute: number,
    private readonly clock: Clock,
  ) {
    this.perKey = new RateLimiterMemory({ keyPrefix: 'apikey', points: perMinute, duration: 60 });
    this.perAccount = new RateLimiterMemory({
      keyPrefix: 'apikey-account',
      points: perMinute * ACCOUNT_FACTOR,
      duration: 60,
    });
  }

  /** @throws RateLimitedError (429) on the `header.auth-bearer` path once the key or its account used its minute. */
  async take(keyId: string, tenantId: string): Promise<void> {
    await consume(this.perKey, keyId);
    await consume(this.perAccount, tenantId);
  }

  /**
   * Whether this process should write now that key `keyId` was used from `address`: not when it did
   * within {@link SEEN_REWRITE_MS}, so a busy integrator costs one write an hour, not one a request.
   */
  shouldRecordUse(keyId: string, address: string): boolean {
    const pair = `${keyId}|${address}`;
    const now = this.clock.now().getTime();
    const last = this.written.get(pair);
    if (last !== undefined && now - last < SEEN_REWRITE_MS) return false;
    this.written.delete(pair);
    this.written.set(pair, now);
    if (this.written.size > MAX_SEEN) this.written.delete(this.written.keys().next().value!);
    return true;
  }
}

async function consume(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    const waitMs = (rejection as { msBeforeNext: number }).msBeforeNext;
    throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)), 'header.auth-bearer');
  }
}
