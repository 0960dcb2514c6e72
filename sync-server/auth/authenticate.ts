import { permissionsOf } from '#core/access/roles.js';
import { users } from '#core/access/user.js';
import type { Actor } from '#core/actor.js';
import { DomainError } from '#core/errors.js';
import type { CallOrigin } from '#core/operation.js';
import type { AccountsAndKeys } from './api-keys.js';
import { LIMITS, RateLimitedError } from './rate-limit.js';
import { auditBy, type AccessServices } from './services.js';

/** The header integrators send their key in; its name is exact (spec §5). */
export const API_KEY_HEADER = 'auth-bearer';

/**
 * Resolves the actor of a request from its `auth-bearer` header.
 *
 * @throws DomainError `unauthenticated` (401) when the header is missing, or the key is unknown or
 *   revoked; both answers look the same so a caller cannot probe which keys exist.
 */
export function apiKeyAuthenticator(keys: AccountsAndKeys): (headers: Headers) => Promise<Actor> {
  return async (headers) => {
    const key = headers.get(API_KEY_HEADER)?.trim();
    if (!key) {
      throw new DomainError('unauthenticated', 'Chave de API ausente', [
        { path: `header.${API_KEY_HEADER}`, message: 'envie a chave de API no cabeçalho auth-bearer' },
      ]);
    }
    const actor = await keys.actorForKey(key);
    if (!actor) {
      throw new DomainError('unauthenticated', 'Chave de API inválida ou revogada', [
        { path: `header.${API_KEY_HEADER}`, message: 'chave não reconhecida' },
      ]);
    }
    return actor;
  };
}

/** The header clinic users send their access token in (docs/architecture.md "REST conventions"). */
export const USER_TOKEN_HEADER = 'authorization';

/** What the server knows of a request when it resolves its caller: origin plus the route, for the audit log. */
export interface RequestMeta extends CallOrigin {
  /** `METHOD /path/{param}` of the operation called. */
  route: string;
}

const unauthenticated = (path: string, message: string, detail: string) =>
  new DomainError('unauthenticated', message, [{ path, message: detail }]);

async function userActor(services: AccessServices, token: string): Promise<Actor> {
  const path = 'header.Authorization';
  const claims = await services.tokens.verify(token);
  if (!claims) throw unauthenticated(path, 'Token de acesso inválido ou expirado', 'renove com o refresh token');
  const session = await services.sessions.live(claims.sessionId);
  if (!session || session.user_id !== claims.userId) {
    throw unauthenticated(path, 'Sessão encerrada; entre de novo', 'sessão revogada ou expirada');
  }
  // Read on every request, so removing a user or changing a role takes effect at once.
  const user = await services.database.forTenant(claims.tenantId).collection(users).get(claims.userId);
  if (!user?.active || user.status !== 'active') {
    throw unauthenticated(path, 'Acesso desativado nesta conta', 'usuário removido ou inativo');
  }
  return {
    kind: 'user',
    id: user.id,
    tenantId: claims.tenantId,
    permissions: new Set(permissionsOf(user.role)),
    sessionId: claims.sessionId,
  };
}

/**
 * The integrator behind `key`. Unknown keys are counted per address ({@link LIMITS.apiKeyFailIp});
 * past the limit, the address gets 429 for every key except those a guesser could not have found:
 * keys the server generated (256 random bits) and chosen keys already used from that address within
 * a day ({@link LIMITS.apiKeySeen}, in SQL: it survives restarts and is shared by processes). So one
 * noisy client behind a shared proxy does not lock the other integrators out, and a guesser of a
 * short chosen key learns nothing once blocked (its right guess answers 429 like the wrong ones).
 */
async function keyActor(services: AccessServices, key: string, request: RequestMeta | undefined): Promise<Actor> {
  const ip = request?.ip ?? 'unknown';
  const wait = await services.limits.blockedFor(LIMITS.apiKeyFailIp, ip);
  const verified = await services.keys.verifyKey(key);
  if (wait > 0) {
    const trusted =
      verified &&
      (verified.generated || (await services.limits.marked(LIMITS.apiKeySeen, `${verified.actor.id}|${ip}`)));
    if (!trusted) throw new RateLimitedError(Math.ceil(wait / 1000), `header.${API_KEY_HEADER}`);
  }
  if (!verified) {
    await services.limits.consume(LIMITS.apiKeyFailIp, ip);
    throw unauthenticated(`header.${API_KEY_HEADER}`, 'Chave de API inválida ou revogada', 'chave não reconhecida');
  }
  const { actor } = verified;
  if (!verified.generated && services.keyLimits.shouldRecordUse(actor.id, ip)) {
    await services.limits.mark(LIMITS.apiKeySeen, `${actor.id}|${ip}`);
  }
  await services.keyLimits.take(actor.id, actor.tenantId);
  services.audit.record(
    auditBy(actor, request, { action: 'apiKey.use', ...(request ? { detail: request.route } : {}) }),
  );
  return actor;
}

/**
 * Resolves the caller of a request: a clinic user from `Authorization: Bearer <access token>`, or an
 * integrator from `auth-bearer: <API key>` (spec §5). A user's token is checked against its session
 * (logout works at once) and their `users` record (removal and role changes too); a key's use is
 * rate-limited per key and written to the audit log.
 *
 * @throws DomainError `unauthenticated` (401) naming the header; RateLimitedError (429) when a key
 *   used its minute or an address sent too many unknown keys.
 */
export function accessAuthenticator(
  services: AccessServices,
): (headers: Headers, request?: RequestMeta) => Promise<Actor> {
  return async (headers, request) => {
    const authorization = headers.get(USER_TOKEN_HEADER)?.trim();
    if (authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      if (!match)
        throw unauthenticated('header.Authorization', 'Cabeçalho Authorization inválido', 'use Bearer <access token>');
      return userActor(services, match[1]!);
    }
    const key = headers.get(API_KEY_HEADER)?.trim();
    if (key) return keyActor(services, key, request);
    throw unauthenticated(
      `header.${API_KEY_HEADER}`,
      'Credenciais ausentes',
      'envie a chave de API em auth-bearer ou o token de acesso em Authorization: Bearer',
    );
  };
}
