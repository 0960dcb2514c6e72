import { z } from 'zod';
import { ROLES } from '#core/access/roles.js';
import { users } from '#core/access/user.js';
import { isoWithOffset } from '#core/clock.js';
import { DomainError, validationError } from '#core/errors.js';
import type { CallOrigin } from '#core/operation.js';
import { storePassword } from './credentials.js';
import type { OneTimeKind, OneTimeRow } from './one-time-tokens.js';
import { checkPassword, hashPassword, newPasswordSchema, passwordSchema } from './passwords.js';
import type { LoginRow } from './people.js';
import { LIMITS, RateLimitedError } from './rate-limit.js';
import { auditBy, type AccessServices } from './services.js';

/** Input of accepting an invitation or confirming an account. */
export const redeemInput = z.strictObject({
  token: z.string().min(1).max(200),
  password: passwordSchema.optional().meta({
    description:
      'no primeiro acesso, a senha nova (12+ caracteres); quem já tem senha informa a sua senha atual, que não muda',
  }),
});

export const redeemOutput = z.object({
  message: z.string(),
  user: z.object({ id: z.string(), tenantId: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) }),
});

const invalidToken = () =>
  new DomainError('validation', 'Link inválido', [
    { path: 'token', message: 'inválido, já usado ou expirado: peça um novo convite' },
  ]);
const refusedPassword = (message: string, detail: string) =>
  new DomainError('validation', message, [{ path: 'password', message: detail }]);

/**
 * What the password of a redeem does, decided before the transaction (argon2 takes milliseconds of
 * CPU that must not hold the database's write lock): the hash of a first password, or nothing for a
 * person who proved they are who already has one.
 *
 * A first password is set only for a person who belongs to no other account yet (no accepted
 * membership elsewhere): the token proves the mailbox, and nobody else's password is at stake. A
 * person who has a password (or belongs to another account) keeps it: they join with it, and a
 * forgotten one is reset through "esqueci a senha", which proves the mailbox without any account.
 */
async function passwordStep(
  services: AccessServices,
  row: OneTimeRow,
  login: LoginRow,
  password: string | undefined,
  origin: CallOrigin | undefined,
): Promise<string | undefined> {
  if (login.password_hash === null) {
    const elsewhere = (await services.people.memberships(login.id)).some(
      (m) => m.tenant_id !== row.tenant_id && m.accepted_at !== null,
    );
    if (elsewhere) {
      throw refusedPassword('Crie a senha por "esqueci a senha"', 'você já pertence a outra clínica');
    }
    if (password === undefined) throw refusedPassword('Crie uma senha', 'obrigatória no primeiro acesso');
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) throw validationError(parsed.error, 'password');
    return hashPassword(password);
  }
  if (password === undefined) {
    throw refusedPassword('Você já tem senha', 'entre com a sua senha atual (ou use "esqueci a senha")');
  }
  // The token joined to a password guess: counted as a failed login of the person.
  const wait = await services.limits.blockedFor(LIMITS.loginUser, login.email);
  if (wait > 0) throw new RateLimitedError(Math.ceil(wait / 1000), 'password');
  if (!(await checkPassword(login.password_hash, password))) {
    await services.limits.consume(LIMITS.loginUser, login.email);
    services.audit.record(
      auditBy({ kind: 'anonymous', id: login.id, tenantId: row.tenant_id ?? '' }, origin, {
        action: 'login.failed',
        detail: 'convite com senha errada',
      }),
    );
    throw refusedPassword('Senha incorreta', 'não é a sua senha atual: quem já tem senha entra com ela');
  }
  return undefined;
}

/**
 * Redeems an invitation or account-confirmation token: the membership is accepted, its `users`
 * record becomes `active` (with the person's e-mail and CPF, which the account sees only from now
 * on), the account too for a confirmation. A new person sets their first password now (the e-mailed
 * token proves the address is theirs); a person who already has one confirms it is them by giving
 * it, and it does not change: a token of one account never sets or changes the password a person
 * uses in another (docs/threat-model.md "Invitations and identity").
 *
 * @throws DomainError `validation` on `token` (unknown, used, expired: one message for all) or on
 *   `password` (missing or too weak for a new person; missing or wrong for one who has it; a first
 *   password for a person of another account). Nothing changes then, the token included.
 *   RateLimitedError past {@link LIMITS.tokenIp}, or past {@link LIMITS.loginUser} wrong passwords.
 */
export async function redeemMembership(
  services: AccessServices,
  kind: Extract<OneTimeKind, 'invitation' | 'confirmation'>,
  input: z.output<typeof redeemInput>,
  origin: CallOrigin | undefined,
): Promise<z.input<typeof redeemOutput>> {
  await services.limits.take(LIMITS.tokenIp, origin?.ip ?? 'unknown', 'token');
  const peeked = await services.oneTime.peek(services.db, kind, input.token);
  const person = peeked && (await services.people.byId(peeked.login_id));
  if (!peeked?.user_id || !peeked.tenant_id || !person) throw invalidToken();
  const hash = await passwordStep(services, peeked, person, input.password, origin);
  const result = await services.atomic(async (db) => {
    const row = await services.oneTime.redeem(db, kind, input.token);
    const login = row && (await services.people.byId(row.login_id, db));
    // Raced by another redeem, or the password was set meanwhile: decided on stale facts, so refuse.
    if (!row?.user_id || !row.tenant_id || !login) throw invalidToken();
    if ((login.password_hash === null) !== (hash !== undefined)) throw invalidToken();
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
    const accepted = await collection.update(user.id, _rev, {
      ...record,
      email: login.email,
      cpf: login.cpf ?? record.cpf,
      status: 'active',
      updatedAt: now,
    });
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
