import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { IdGenerator } from '#core/ids.js';
import type { AuthTables } from './auth-tables.js';
import { opaqueToken, REFRESH_TOKEN_MS, SESSION_MS, tokenHash } from './tokens.js';
import type { Transactor } from './transactor.js';

type SessionRow = AuthTables['sessions'];

/** Who a new session is for and where it was opened. */
export interface SessionOwner {
  loginId: string;
  tenantId: string;
  userId: string;
  ip: string;
  userAgent: string;
}

/** The outcome of presenting a refresh token. */
export type Rotation =
  | { kind: 'rotated'; session: SessionRow; refreshToken: string }
  /** A spent token came back: someone holds a copy. The whole session (family) is now revoked. */
  | { kind: 'reused'; session: SessionRow }
  | { kind: 'invalid' };

/**
 * Login sessions and their rotating refresh tokens (issue 3). A session is one refresh-token family:
 * each refresh spends the token presented and hands out the next; presenting a spent one revokes the
 * family, so a stolen token stops working for thief and owner alike (OAuth 2.0 Security BCP §4.14).
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<AuthTables>,
    private readonly atomic: Transactor,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Opens a session; @returns its id and its first refresh token (in clear, never stored). */
  async open(owner: SessionOwner): Promise<{ sessionId: string; refreshToken: string }> {
    const now = this.clock.now();
    const sessionId = this.ids.next();
    const refreshToken = opaqueToken('rt');
    await this.atomic(async (db) => {
      await db
        .insertInto('sessions')
        .values({
          id: sessionId,
          login_id: owner.loginId,
          tenant_id: owner.tenantId,
          user_id: owner.userId,
          created_at: isoWithOffset(now),
          last_used_ms: now.getTime(),
          expires_ms: now.getTime() + SESSION_MS,
          revoked_ms: null,
          revoked_reason: null,
          ip: owner.ip,
          user_agent: owner.userAgent,
        })
        .execute();
      await this.insertRefresh(db, sessionId, refreshToken, now.getTime());
    });
    return { sessionId, refreshToken };
  }

  private async insertRefresh(db: Kysely<AuthTables>, sessionId: string, token: string, now: number): Promise<void> {
    await db
      .insertInto('refresh_tokens')
      .values({
        token_hash: tokenHash(token),
        session_id: sessionId,
        created_ms: now,
        expires_ms: now + REFRESH_TOKEN_MS,
        used_ms: null,
      })
      .execute();
  }

  /** The session when it is neither revoked nor past its end; else undefined. One primary-key read. */
  async live(sessionId: string): Promise<SessionRow | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
    return row && this.isLive(row) ? row : undefined;
  }

  private isLive(row: SessionRow): boolean {
    return row.revoked_ms === null && Number(row.expires_ms) > this.clock.now().getTime();
  }

  /**
   * Spends `refreshToken` and hands out the next one. Both happen in one transaction, and the spend
   * is a conditional update, so two concurrent uses of one token cannot both succeed: the second is
   * a reuse.
   */
  rotate(refreshToken: string): Promise<Rotation> {
    const now = this.clock.now().getTime();
    return this.atomic(async (db): Promise<Rotation> => {
      const token = await db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash(refreshToken))
        .executeTakeFirst();
      if (!token) return { kind: 'invalid' };
      const session = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', token.session_id)
        .executeTakeFirstOrThrow();
      if (!this.isLive(session)) return { kind: 'invalid' };
      const spent = await db
        .updateTable('refresh_tokens')
        .set({ used_ms: now })
        .where('token_hash', '=', token.token_hash)
        .where('used_ms', 'is', null)
        .executeTakeFirst();
      if (token.used_ms !== null || spent.numUpdatedRows === 0n) {
        await this.revokeWith(db, session.id, 'reutilização de refresh token', now);
        return { kind: 'reused', session };
      }
      if (Number(token.expires_ms) <= now) return { kind: 'invalid' };
      const next = opaqueToken('rt');
      await this.insertRefresh(db, session.id, next, now);
      await db.updateTable('sessions').set({ last_used_ms: now }).where('id', '=', session.id).execute();
      return { kind: 'rotated', session, refreshToken: next };
    });
  }

  private async revokeWith(db: Kysely<AuthTables>, sessionId: string, reason: string, now: number): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_ms: now, revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_ms', 'is', null)
      .execute();
  }

  /** Revokes one session (logout): its access and refresh tokens stop working at once. */
  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.revokeWith(this.db, sessionId, reason, this.clock.now().getTime());
  }

  /**
   * Revokes every live session of a login except `keep` (all of them when `keep` is undefined).
   * @returns how many were revoked.
   */
  async revokeAll(loginId: string, reason: string, keep?: string, db = this.db): Promise<number> {
    let query = db
      .updateTable('sessions')
      .set({ revoked_ms: this.clock.now().getTime(), revoked_reason: reason })
      .where('login_id', '=', loginId)
      .where('revoked_ms', 'is', null);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Live sessions of a login, in every account, newest first. */
  async list(loginId: string): Promise<SessionRow[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('login_id', '=', loginId)
      .where('revoked_ms', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    return rows.filter((row) => this.isLive(row));
  }
}
