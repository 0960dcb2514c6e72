/**
 * Forgot and reset password (spec §4.4 Authentication). The answer to "forgot" never says whether
 * the e-mail exists; the reset token goes by e-mail through the outbox, works once and expires in an
 * hour; resetting ends every session of the person.
 */
import { z } from 'zod';
import { emailSchema } from '#core/access/user.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { storePassword } from './credentials.js';
import { TOKEN_TTL_MS } from './one-time-tokens.js';
import { hashPassword, newPasswordSchema } from './passwords.js';
import { LIMITS } from './rate-limit.js';
import { auditBy, type AccessServices } from './services.js';

const FORGOT_ANSWER = 'Se o e-mail estiver cadastrado, enviamos as instruções para criar uma nova senha.';

/** `POST /password/forgot` and `POST /password/reset`, both public and rate-limited per address. */
export function passwordOperations(services: AccessServices) {
  const forgot = defineOperation({
    name: 'password.forgot',
    group: 'Authentication',
    summary: 'Esqueci a senha: envia por e-mail um link de redefinição',
    description: 'A resposta é a mesma exista ou não o e-mail. O link vale uma hora e uma única vez.',
    permission: 'session:write',
    public: true,
    input: z.strictObject({ email: emailSchema }),
    output: z.object({ message: z.string() }),
    http: { method: 'POST', path: '/password/forgot' },
    example: { email: 'ana.souza@clinicasorriso.com.br' },
    async run(ctx, { email }) {
      const ip = ctx.origin?.ip ?? 'unknown';
      await services.limits.take(LIMITS.passwordIp, ip, 'email');
      const login = await services.people.byEmail(email);
      if (!login) return { message: FORGOT_ANSWER };
      // Past a few e-mails an hour, stay silent: the same answer, nothing sent, no inbox flooded.
      const { points } = await services.limits.consume(LIMITS.passwordEmail, email);
      if (points > LIMITS.passwordEmail.points) return { message: FORGOT_ANSWER };
      const token = await services.oneTime.issue(services.db, 'reset', { loginId: login.id });
      await ctx.outbox.enqueue({
        channel: 'email',
        to: login.email,
        template: 'password.reset',
        data: { name: login.name, token, validMinutes: TOKEN_TTL_MS.reset / 60_000 },
      });
      const actor = { kind: 'anonymous' as const, id: login.id, tenantId: '' };
      services.audit.record(auditBy(actor, ctx.origin, { action: 'password.forgot' }));
      return { message: FORGOT_ANSWER };
    },
  });

  const reset = defineOperation({
    name: 'password.reset',
    group: 'Authentication',
    summary: 'Redefine a senha com o token recebido por e-mail',
    description: 'Encerra todas as sessões da pessoa; entre de novo com a senha nova.',
    permission: 'session:write',
    public: true,
    input: z.strictObject({ token: z.string().min(1).max(200), password: newPasswordSchema }),
    output: z.object({ message: z.string() }),
    http: { method: 'POST', path: '/password/reset' },
    example: { token: 'rst_x8Kp…', password: 'uma senha nova longa' },
    async run(ctx, { token, password }) {
      await services.limits.take(LIMITS.passwordIp, ctx.origin?.ip ?? 'unknown', 'token');
      const hash = await hashPassword(password);
      const loginId = await services.atomic(async (db) => {
        const row = await services.oneTime.redeem(db, 'reset', token);
        if (!row) {
          throw new DomainError('validation', 'Link de redefinição inválido', [
            { path: 'token', message: 'inválido, já usado ou expirado: peça outro' },
          ]);
        }
        await storePassword(services, db, row.login_id, hash);
        await services.sessions.revokeAll(row.login_id, 'senha redefinida', undefined, db);
        return row.login_id;
      });
      for (const m of await services.people.memberships(loginId)) {
        const actor = { kind: 'anonymous' as const, id: loginId, tenantId: m.tenant_id };
        services.audit.record(auditBy(actor, ctx.origin, { action: 'password.reset' }));
      }
      return { message: 'Senha redefinida. Entre com a senha nova.' };
    },
  });

  return [forgot, reset];
}
