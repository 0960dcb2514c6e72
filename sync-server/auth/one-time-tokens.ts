import type { Kysely } from 'kysely';
import type { Clock } from '#core/clock.js';
import type { AuthTables } from './auth-tables.js';
import { opaqueToken, tokenHash } from './tokens.js';

/** What a single-use token is for; a token of one kind never works as another. */
export type OneTimeKind = 'reset' | 'invitation' | 'confirmation';

/** How long each kind stays valid: a reset must be used soon; an invitation may wait for a busy doctor. */
export const TOKEN_TTL_MS: Record<OneTimeKind, number> = {
  reset: 60 * 60_000,
  invitation: 7 * 86_400_000,
  confirmation: 7 * 86_400_000,
};

export type OneTimeRow = AuthTables['one_time_tokens'];

/**
 * Single-use tokens sent by e-mail. Stored hashed; redeeming one is a conditional update, so a token
 * works once even when two requests race with it.
 */
export class OneTimeTokens {
  constructor(private readonly clock: Clock) {}

  /** A new token of `kind` for a login (and the membership it concerns); @returns it in clear. */
  async issue(
    db: Kysely<AuthTables>,
    kind: OneTimeKind,
    target: { loginId: string; tenantId?: string; userId?: string },
  ): Promise<string> {
    const token = opaqueToken(kind === 'reset' ? 'rst' : kind === 'invitation' ? 'inv' : 'cfm');
    const now = this.clock.now().getTime();
    await db
      .insertInto('one_time_tokens')
      .values({
        token_hash: tokenHash(token),
        kind,
        login_id: target.loginId,
        tenant_id: target.tenantId ?? null,
        user_id: target.userId ?? null,
        created_ms: now,
        expires_ms: now + TOKEN_TTL_MS[kind],
        used_ms: null,
      })
      .execute();
    return token;
  }

  /**
   * The row of a live token of `kind` (unused, unexpired), without spending it: lets a caller check
   * what the token is for (and a password) before the transaction that spends it.
   */
  async peek(db: Kysely<AuthTables>, kind: OneTimeKind, token: string): Promise<OneTimeRow | undefined> {
    const now = this.clock.now().getTime();
    const row = await db
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash(token))
      .where('kind', '=', kind)
      .where('used_ms', 'is', null)
      .executeTakeFirst();
    return row && Number(row.expires_ms) > now ? row : undefined;
  }

  /**
   * Spends a token of `kind`. @returns its row, or undefined when unknown, of another kind, already
   * used or expired (all alike: the caller answers one message for all).
   */
  async redeem(db: Kysely<AuthTables>, kind: OneTimeKind, token: string): Promise<OneTimeRow | undefined> {
    const now = this.clock.now().getTime();
    const hash = tokenHash(token);
    const spent = await db
      .updateTable('one_time_tokens')
      .set({ used_ms: now })
      .where('token_hash', '=', hash)
      .where('kind', '=', kind)
      .where('used_ms', 'is', null)
      .where('expires_ms', '>', now)
      .executeTakeFirst();
    if (spent.numUpdatedRows === 0n) return undefined;
    return db.selectFrom('one_time_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }
}
