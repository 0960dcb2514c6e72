/**
 * Create and confirm an account (spec §4.4 Authentication). Self-service sign-up is off unless the
 * server runs with `CLINIC_SIGNUP=open`; otherwise operators create accounts with the admin CLI.
 * The person who signs up becomes the account's admin once they confirm through the e-mailed link.
 */
import { z } from 'zod';
import { cpfSchema, emailSchema, nameSchema, users } from '#core/access/user.js';
import { isoWithOffset } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { redeemInput, redeemMembership, redeemOutput } from './membership-tokens.js';
import { TOKEN_TTL_MS } from './one-time-tokens.js';
import { LIMITS } from './rate-limit.js';
import { auditBy, type AccessServices } from './services.js';

/** `POST /account/` (sign-up, when open) and `POST /account/confirmation`. */
export function accountOperations(services: AccessServices) {
  const createAccount = defineOperation({
    name: 'account.create',
    group: 'Authentication',
    summary: 'Cria uma conta (clínica) e envia a confirmação ao e-mail do administrador',
    description:
      'Só quando o servidor permite cadastro (CLINIC_SIGNUP=open). A conta fica pendente até a confirmação ' +
      '(POST /account/confirmation), quando o administrador cria a senha.',
    permission: 'account:write',
    public: true,
    input: z.strictObject({
      accountName: z.string().trim().min(2).max(120),
      name: nameSchema,
      email: emailSchema,
      cpf: cpfSchema.optional(),
    }),
    output: z.object({
      message: z.string(),
      account: z.object({ id: z.string(), name: z.string(), status: z.enum(['pending', 'active']) }),
    }),
    http: { method: 'POST', path: '/account/', status: 201 },
    example: { accountName: 'Clínica Sorriso', name: 'Ana Souza', email: 'ana.souza@clinicasorriso.com.br' },
    async run(ctx, input) {
      if (!services.config.signup) {
        throw new DomainError('forbidden', 'Cadastro de contas desativado neste servidor', [
          { path: '', message: 'peça ao administrador do servidor (npm run admin -- account create)' },
        ]);
      }
      await services.limits.take(LIMITS.signupIp, ctx.origin?.ip ?? 'unknown', 'email');
      const { tenantId, userId, token } = await services.atomic(async (db) => {
        const tenantId = await services.keys.createAccount(input.accountName, 'pending', db);
        // A CPF someone else holds is left out rather than refused: the answer must not reveal it.
        const owner = input.cpf === undefined ? undefined : await services.people.byCpf(input.cpf, db);
        const login = await services.people.findOrCreate(db, {
          email: input.email,
          name: input.name,
          cpf: owner ? null : (input.cpf ?? null),
          council: null,
          councilNumber: null,
          councilState: null,
        });
        const now = isoWithOffset(ctx.clock.now());
        const userId = ctx.ids.next();
        await services.database.forTenant(tenantId).collection(users).insert({
          id: userId,
          tenantId,
          createdAt: now,
          updatedAt: now,
          name: input.name,
          email: input.email,
          cpf: login.cpf,
          role: 'admin',
          council: null,
          councilNumber: null,
          councilState: null,
          specialties: [],
          status: 'invited',
          active: true,
          credentialsChangedAt: null,
        });
        await services.people.addMembership(db, tenantId, login.id, userId);
        const token = await services.oneTime.issue(db, 'confirmation', { loginId: login.id, tenantId, userId });
        return { tenantId, userId, token };
      });
      await ctx.outbox.enqueue({
        channel: 'email',
        to: input.email,
        template: 'account.confirmation',
        data: {
          name: input.name,
          accountName: input.accountName,
          token,
          validDays: TOKEN_TTL_MS.confirmation / 86_400_000,
        },
      });
      services.audit.record(
        auditBy({ kind: 'anonymous', id: userId, tenantId }, ctx.origin, {
          action: 'account.create',
          detail: input.accountName,
        }),
      );
      return {
        message: `Conta criada; enviamos a confirmação para ${input.email}`,
        account: { id: tenantId, name: input.accountName, status: 'pending' as const },
      };
    },
  });

  const confirmAccount = defineOperation({
    name: 'account.confirm',
    group: 'Authentication',
    summary: 'Confirma a conta pelo link do e-mail (e cria a senha do administrador)',
    permission: 'account:write',
    public: true,
    input: redeemInput,
    output: redeemOutput,
    http: { method: 'POST', path: '/account/confirmation' },
    example: { token: 'cfm_Zt9…', password: 'uma senha longa e boa' },
    run: (ctx, input) => redeemMembership(services, 'confirmation', input, ctx.origin),
  });

  return [createAccount, confirmAccount];
}
