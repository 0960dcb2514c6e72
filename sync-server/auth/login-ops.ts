/**
 * Login for clinic users (spec §4.4 Authentication: "create access token and refresh token for
 * clinic users"; §5): e-mail and password give a short-lived access token and a rotating refresh token.
 */
import { z } from 'zod';
import { permissionsOf } from '#core/access/roles.js';
import { sessionUserSchema } from '#core/access/session-user.js';
import { emailSchema, users, type User } from '#core/access/user.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type CallOrigin } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { checkPassword, passwordSchema } from './passwords.js';
import type { AccountMembership, LoginRow } from './people.js';
import { LIMITS, RateLimitedError } from './rate-limit.js';
import { auditBy, type AccessServices } from './services.js';
import { ACCESS_TOKEN_SECONDS } from './tokens.js';

const tokensOutput = {
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().meta({ description: 'segundos até o access token expirar' }),
};

const badCredentials = () =>
  new DomainError('unauthenticated', 'E-mail ou senha inválidos', [
    { path: 'password', message: 'e-mail ou senha inválidos' },
  ]);

/** A membership the person may log in to now: accepted, account active, user record active. */
interface Usable {
  membership: AccountMembership;
  user: Stored<User>;
}

async function usableMemberships(services: AccessServices, login: LoginRow): Promise<Usable[]> {
  const usable: Usable[] = [];
  for (const membership of await services.people.memberships(login.id)) {
    if (membership.accepted_at === null || membership.account_status !== 'active') continue;
    const user = await services.database.forTenant(membership.tenant_id).collection(users).get(membership.user_id);
    if (user?.active && user.status === 'active') usable.push({ membership, user });
  }
  return usable;
}

/** Refuses a login attempt while any of its counters is over its limit. */
async function refuseWhileBlocked(services: AccessServices, email: string, ip: string): Promise<void> {
  const waits = await Promise.all([
    services.limits.blockedFor(LIMITS.loginUserIp, `${email}|${ip}`),
    services.limits.blockedFor(LIMITS.loginUser, email),
    services.limits.blockedFor(LIMITS.loginIp, ip),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) throw new RateLimitedError(Math.ceil(wait / 1000), 'email');
}

/** Counts a failed attempt, logs it for every account of the person, and logs the moment a limit trips. */
async function countFailure(
  services: AccessServices,
  login: LoginRow | undefined,
  email: string,
  origin: CallOrigin,
): Promise<void> {
  const counted = await Promise.all(
    (
      [
        [LIMITS.loginUserIp, `${email}|${origin.ip}`],
        [LIMITS.loginUser, email],
        [LIMITS.loginIp, origin.ip],
      ] as const
    ).map(async ([rule, key]) => ({ rule, ...(await services.limits.consume(rule, key)) })),
  );
  const tenants = login ? [...new Set((await services.people.memberships(login.id)).map((m) => m.tenant_id))] : [''];
  const tripped = counted.filter((c) => c.points === c.rule.points).map((c) => c.rule.name);
  for (const tenantId of tenants) {
    const actor = { kind: 'anonymous' as const, id: login?.id ?? '', tenantId };
    services.audit.record(
      auditBy(actor, origin, { action: 'login.failed', detail: login ? undefined : 'e-mail desconhecido' }),
    );
    if (tripped.length) {
      services.audit.record(
        auditBy(actor, origin, { action: 'login.blocked', detail: `limite: ${tripped.join(', ')}` }),
      );
    }
  }
}

function chooseAccount(usable: Usable[], account: string | undefined): Usable {
  if (account !== undefined) {
    const chosen = usable.find((u) => u.membership.tenant_id === account);
    if (!chosen) throw new DomainError('forbidden', 'Sem acesso a esta conta', [{ path: 'account', message: account }]);
    return chosen;
  }
  if (usable.length === 1) return usable[0]!;
  if (usable.length === 0) {
    throw new DomainError('forbidden', 'Sem acesso a nenhuma conta ativa', [
      { path: 'email', message: 'peça um convite ao administrador da clínica' },
    ]);
  }
  const options = usable.map((u) => `${u.membership.tenant_id} (${u.membership.account_name})`).join('; ');
  throw new DomainError('validation', 'Escolha a conta', [{ path: 'account', message: `uma de: ${options}` }]);
}

/** `POST /session/`: logs a clinic user in. */
export function loginOperation(services: AccessServices) {
  return defineOperation({
    name: 'session.create',
    group: 'Authentication',
    summary: 'Entra com e-mail e senha: cria o access token e o refresh token',
    description:
      `O access token vale ${ACCESS_TOKEN_SECONDS / 60} minutos e vai em \`Authorization: Bearer <token>\`; ` +
      'renove-o com o refresh token (POST /session/refresh), que muda a cada uso. Quem pertence a várias ' +
      'contas informa `account`. Tentativas erradas demais respondem 429 com Retry-After.',
    permission: 'session:write',
    public: true,
    input: z.strictObject({ email: emailSchema, password: passwordSchema, account: z.string().max(64).optional() }),
    output: z.object({ ...tokensOutput, user: sessionUserSchema }),
    http: { method: 'POST', path: '/session/' },
    example: { email: 'ana.souza@clinicasorriso.com.br', password: 'uma senha longa e boa' },
    async run(ctx, { email, password, account }) {
      const origin = ctx.origin ?? { ip: 'unknown', userAgent: '' };
      await refuseWhileBlocked(services, email, origin.ip);
      const login = await services.people.byEmail(email);
      if (!(await checkPassword(login?.password_hash ?? null, password)) || !login) {
        await countFailure(services, login, email, origin);
        throw badCredentials();
      }
      const { membership, user } = chooseAccount(await usableMemberships(services, login), account);
      await services.limits.reset(LIMITS.loginUserIp, `${email}|${origin.ip}`);
      const { sessionId, refreshToken } = await services.sessions.open({
        loginId: login.id,
        tenantId: membership.tenant_id,
        userId: user.id,
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      const actor = { kind: 'user' as const, id: user.id, tenantId: membership.tenant_id };
      services.audit.record(auditBy(actor, origin, { action: 'login', detail: `sessão ${sessionId}` }));
      return {
        accessToken: await services.tokens.sign({ userId: user.id, tenantId: membership.tenant_id, sessionId }),
        refreshToken,
        tokenType: 'Bearer' as const,
        expiresIn: ACCESS_TOKEN_SECONDS,
        user: {
          id: user.id,
          tenantId: membership.tenant_id,
          accountName: membership.account_name,
          name: user.name,
          email: login.email,
          role: user.role,
          permissions: permissionsOf(user.role),
        },
      };
    },
  });
}

const sessionGone = () =>
  new DomainError('unauthenticated', 'Sessão encerrada; entre de novo', [
    { path: 'refreshToken', message: 'inválido, expirado ou já usado' },
  ]);

/** `POST /session/refresh`: spends a refresh token for a new pair. */
export function refreshOperation(services: AccessServices) {
  return defineOperation({
    name: 'session.refresh',
    group: 'Authentication',
    summary: 'Renova o access token (o refresh token muda a cada uso)',
    description:
      'Guarde o refresh token novo: o usado não vale mais. Apresentar de novo um refresh token já usado ' +
      'encerra a sessão inteira (sinal de cópia roubada).',
    permission: 'session:write',
    public: true,
    input: z.strictObject({ refreshToken: z.string().min(1).max(200) }),
    output: z.object(tokensOutput),
    http: { method: 'POST', path: '/session/refresh' },
    example: { refreshToken: 'rt_2m5Q…' },
    async run(ctx, { refreshToken }) {
      const rotation = await services.sessions.rotate(refreshToken);
      if (rotation.kind === 'invalid') throw sessionGone();
      const { session } = rotation;
      const actor = { kind: 'user' as const, id: session.user_id, tenantId: session.tenant_id };
      if (rotation.kind === 'reused') {
        services.audit.record(
          auditBy(actor, ctx.origin, { action: 'session.reuse', detail: `sessão ${session.id} encerrada` }),
        );
        throw sessionGone();
      }
      const user = await services.database.forTenant(session.tenant_id).collection(users).get(session.user_id);
      if (!user?.active || user.status !== 'active') {
        await services.sessions.revoke(session.id, 'usuário desativado');
        throw sessionGone();
      }
      return {
        accessToken: await services.tokens.sign({
          userId: session.user_id,
          tenantId: session.tenant_id,
          sessionId: session.id,
        }),
        refreshToken: rotation.refreshToken,
        tokenType: 'Bearer' as const,
        expiresIn: ACCESS_TOKEN_SECONDS,
      };
    },
  });
}
