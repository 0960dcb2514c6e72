import { z } from 'zod';
import { ROLES } from '../../core/access/roles.js';
import { users } from '../../core/access/user.js';
import { isoWithOffset } from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { CallOrigin } from '../../core/operation.js';
import { storePassword } from './credentials.js';
import type { OneTimeKind } from './one-time-tokens.js';
import { hashPassword, newPasswordSchema } from './passwords.js';
import { LIMITS } from './rate-limit.js';
import { auditBy, type AccessServices } from './services.js';

/** Input of accepting an invitation or confirming an account. */
export const redeemInput = z.strictObject({
  token: z.string().min(1).max(200),
  password: newPasswordSchema.optional().meta({ description: 'obrigatória no primeiro acesso da pessoa' }),
});

export const redeemOutput = z.object({
  message: z.string(),
  user: z.object({ id: z.string(), tenantId: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) }),
});

/**
 * Redeems an invitation or account-confirmation token: the membership is accepted, its `users`
 * record becomes `active`, the account too for a confirmation. A person without a password sets one
 * now (the e-mailed token proves the address is theirs); a person who has one keeps it: a token
 * never overwrites an existing password (that is what the reset is for).
 *
 * @throws DomainError `validation` on `token` (unknown, used, expired: one message for all) or on
 *   `password` (missing for a new person, present for one who has it). Nothing changes then, the
 *   token included. RateLimitedError past {@link LIMITS.tokenIp}.
 */
export async function redeemMembership(
  services: AccessServices,
  kind: Extract<OneTimeKind, 'invitation' | 'confirmation'>,
  input: z.output<typeof redeemInput>,
  origin: CallOrigin | undefined,
): Promise<z.input<typeof redeemOutput>> {
  await services.limits.take(LIMITS.tokenIp, origin?.ip ?? 'unknown', 'token');
  const hash = input.password === undefined ? undefined : await hashPassword(input.password);
  const result = await services.atomic(async (db) => {
    const row = await services.oneTime.redeem(db, kind, input.token);
    const login = row && (await services.people.byId(row.login_id, db));
    if (!row?.user_id || !row.tenant_id || !login) {
      throw new DomainError('validation', 'Link inválido', [
        { path: 'token', message: 'inválido, já usado ou expirado: peça um novo convite' },
      ]);
    }
    if (login.password_hash === null && hash === undefined) {
      throw new DomainError('validation', 'Crie uma senha', [
        { path: 'password', message: 'obrigatória no primeiro acesso' },
      ]);
    }
    if (login.password_hash !== null && hash !== undefined) {
      throw new DomainError('validation', 'Você já tem senha', [
        { path: 'password', message: 'entre com a sua senha (ou use "esqueci a senha")' },
      ]);
    }
    await services.people.accept(db, row.user_id);
    if (kind === 'confirmation') {
      await db.updateTable('accounts').set({ status: 'active' }).where('id', '=', row.tenant_id).execute();
    }
    const collection = services.database.forTenant(row.tenant_id).collection(users);
    const user = await collection.get(row.user_id);
    if (!user)
      throw new DomainError('not_found', 'Usuário não encontrado', [{ path: 'token', message: 'convite sem usuário' }]);
    const { _rev, ...record } = user;
    const now = isoWithOffset(services.clock.now());
    const accepted = await collection.update(user.id, _rev, { ...record, status: 'active', updatedAt: now });
    if (hash !== undefined) await storePassword(services, db, login.id, hash);
    return { user: accepted, tenantId: row.tenant_id, email: login.email };
  });
  const actor = { kind: 'user' as const, id: result.user.id, tenantId: result.tenantId };
  services.audit.record(
    auditBy(actor, origin, {
      action: kind === 'confirmation' ? 'account.confirm' : 'invitation.accept',
      detail: `papel ${result.user.role}`,
    }),
  );
  return {
    message: 'Acesso liberado. Entre com seu e-mail e senha.',
    user: {
      id: result.user.id,
      tenantId: result.tenantId,
      name: result.user.name,
      email: result.email,
      role: result.user.role,
    },
  };
}
