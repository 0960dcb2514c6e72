/**
 * The caller's own sessions (spec §4.4 Authentication: "invalidate the current token", "invalidate
 * all other sessions of the current user"), plus who-am-I and the list a settings screen shows.
 */
import { z } from 'zod';
import { users, userOutput } from '#core/access/user.js';
import type { Actor } from '#core/actor.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { auditBy, type AccessServices } from './services.js';

/** The login behind a user actor. @throws DomainError `validation` for API keys: they have no session. */
async function loginOf(services: AccessServices, actor: Actor): Promise<{ loginId: string; sessionId: string }> {
  const membership = actor.kind === 'user' ? await services.people.membership(actor.id) : undefined;
  if (!membership || actor.sessionId === undefined) {
    throw new DomainError('validation', 'Só usuários têm sessões', [
      { path: 'header.Authorization', message: 'entre com Authorization: Bearer <access token>' },
    ]);
  }
  return { loginId: membership.login_id, sessionId: actor.sessionId };
}

const session = z.object({
  id: z.string(),
  tenantId: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});

/** The caller's session operations, over the server's session store. */
export function sessionOperations(services: AccessServices) {
  const currentSession = defineOperation({
    name: 'session.current',
    group: 'Authentication',
    summary: 'Quem está chamando: usuário ou chave, conta e permissões',
    permission: 'session:read',
    input: z.strictObject({}),
    output: z.object({
      actor: z.object({ kind: z.string(), id: z.string() }),
      tenantId: z.string(),
      accountName: z.string(),
      permissions: z.array(z.string()),
      user: userOutput.nullable(),
      sessionId: z.string().nullable(),
    }),
    http: { method: 'GET', path: '/session/current' },
    example: {},
    async run({ actor }) {
      const user =
        actor.kind === 'user'
          ? await services.database.forTenant(actor.tenantId).collection(users).get(actor.id)
          : undefined;
      return {
        actor: { kind: actor.kind, id: actor.id },
        tenantId: actor.tenantId,
        accountName: (await services.keys.account(actor.tenantId))?.name ?? '',
        permissions: [...actor.permissions].sort(),
        user: user ?? null,
        sessionId: actor.sessionId ?? null,
      };
    },
  });

  const listSessions = defineOperation({
    name: 'session.list',
    group: 'Authentication',
    summary: 'Lista as sessões abertas de quem chama, em todas as contas',
    permission: 'session:read',
    input: z.strictObject({}),
    output: z.object({ items: z.array(session) }),
    http: { method: 'GET', path: '/session/' },
    example: {},
    async run({ actor }) {
      const { loginId, sessionId } = await loginOf(services, actor);
      const rows = await services.sessions.list(loginId);
      const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
      return {
        items: rows.map((r) => ({
          id: r.id,
          tenantId: r.tenant_id,
          createdAt: r.created_at,
          lastUsedAt: iso(r.last_used_ms),
          expiresAt: iso(r.expires_ms),
          ip: r.ip,
          userAgent: r.user_agent,
          current: r.id === sessionId,
        })),
      };
    },
  });

  // Static paths before `/session/{id}`: the router answers with the first route that matches.
  const logout = defineOperation({
    name: 'session.logout',
    group: 'Authentication',
    summary: 'Sai: invalida o token atual (access e refresh)',
    permission: 'session:write',
    input: z.strictObject({}),
    output: z.void(),
    http: { method: 'DELETE', path: '/session/current', emptyBody: true },
    example: {},
    async run({ actor, origin }) {
      const { sessionId } = await loginOf(services, actor);
      await services.sessions.revoke(sessionId, 'saída');
      services.audit.record(auditBy(actor, origin, { action: 'logout', detail: `sessão ${sessionId}` }));
    },
  });

  const logoutOthers = defineOperation({
    name: 'session.logoutOthers',
    group: 'Authentication',
    summary: 'Invalida todas as outras sessões de quem chama',
    description: 'Encerra as sessões em outros aparelhos e contas; a atual continua valendo.',
    permission: 'session:write',
    input: z.strictObject({}),
    output: z.object({ revoked: z.number() }),
    http: { method: 'DELETE', path: '/session/others' },
    example: {},
    async run({ actor, origin }) {
      const { loginId, sessionId } = await loginOf(services, actor);
      const revoked = await services.sessions.revokeAll(loginId, 'encerrada pelo usuário', sessionId);
      services.audit.record(auditBy(actor, origin, { action: 'session.revoke', detail: `outras sessões: ${revoked}` }));
      return { revoked };
    },
  });

  const revokeSession = defineOperation({
    name: 'session.revoke',
    group: 'Authentication',
    summary: 'Encerra uma sessão de quem chama',
    permission: 'session:write',
    input: z.strictObject({ id: z.string().min(1).max(64) }),
    output: z.void(),
    http: { method: 'DELETE', path: '/session/{id}', emptyBody: true },
    example: { id: '01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e' },
    async run({ actor, origin }, { id }) {
      const { loginId } = await loginOf(services, actor);
      const target = await services.sessions.live(id);
      // Someone else's session answers like a missing one.
      if (target?.login_id !== loginId) {
        throw new DomainError('not_found', 'Sessão não encontrada', [{ path: 'id', message: id }]);
      }
      await services.sessions.revoke(id, 'encerrada pelo usuário');
      services.audit.record(auditBy(actor, origin, { action: 'session.revoke', detail: `sessão ${id}` }));
    },
  });

  return [currentSession, listSessions, logout, logoutOthers, revokeSession];
}
