import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '#core/clock.js';

/** Access tokens live 10 minutes: short enough that a leaked one expires soon, long enough to cut refreshes. */
export const ACCESS_TOKEN_SECONDS = 600;
/** A refresh token is good for 14 days of inactivity; every use hands out the next one. */
export const REFRESH_TOKEN_MS = 14 * 86_400_000;
/** A session ends 30 days after login whatever happens: then the person types the password again. */
export const SESSION_MS = 30 * 86_400_000;

const ISSUER = 'clinic';
const AUDIENCE = 'clinic-api';

/** What an access token says: the user (their `users` record), the account and the session. */
export interface AccessClaims {
  userId: string;
  tenantId: string;
  sessionId: string;
}

/**
 * Signs and checks access tokens: JWT, HS256 with the server's key. The token is only a fast first
 * check; the authenticator still looks up the session (revocation works at once) and the user.
 */
export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly clock: Clock,
  ) {}

  /** A token for `claims`, expiring in {@link ACCESS_TOKEN_SECONDS}. */
  sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token of this server; undefined for anything else. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'tid', 'sid'],
      });
      const { sub, tid, sid } = payload;
      if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string') return undefined;
      return { userId: sub, tenantId: tid, sessionId: sid };
    } catch {
      return undefined;
    }
  }
}

/** A new opaque token (refresh, reset, invitation): a prefix naming its use and 256 random bits. */
export function opaqueToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 hex of an opaque token, the only form stored: a database leak yields no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
