import { emailSchema, nameSchema, roleSchema, type User } from '#core/access/user.js';
import { isoWithOffset } from '#core/clock.js';
import { DomainError, validationError } from '#core/errors.js';
import { addInvited, checkJoin } from './invitations.js';
import { TOKEN_TTL_MS } from './one-time-tokens.js';
import type { AccessServices } from './services.js';

/**
 * `npm run admin -- user invite --account <id> --email <e-mail> --name "<name>" [--role admin]`: the
 * way an operator gives a new account its first admin (or anyone access) without an e-mail server.
 * The invitation token is printed, to be accepted with `POST /user/invitation/acceptance`.
 *
 * @returns the lines to print.
 * @throws DomainError `validation` naming a missing or malformed flag; `not_found` for an unknown
 *   account; `conflict` when the person is already a user of the account.
 */
export async function inviteFromCli(
  access: AccessServices,
  flags: { account?: string; email?: string; name?: string; role?: string },
): Promise<string[]> {
  const parsed = {
    email: emailSchema.safeParse(flags.email ?? ''),
    name: nameSchema.safeParse(flags.name ?? ''),
    role: roleSchema.safeParse(flags.role ?? 'admin'),
  };
  for (const [flag, result] of Object.entries(parsed)) {
    if (!result.success) throw validationError(result.error, flag);
  }
  const email = parsed.email.data!;
  const tenantId = flags.account ?? '';
  const account = await access.keys.account(tenantId);
  if (!account) throw new DomainError('not_found', 'Conta não encontrada', [{ path: 'account', message: tenantId }]);
  const now = isoWithOffset(access.clock.now());
  const record: User = {
    id: access.ids.next(),
    tenantId,
    createdAt: now,
    updatedAt: now,
    name: parsed.name.data!,
    email,
    cpf: null,
    role: parsed.role.data!,
    council: null,
    councilNumber: null,
    councilState: null,
    specialties: [],
    status: 'invited',
    active: true,
    credentialsChangedAt: null,
  };
  const { user, token } = await access.atomic(async (db) => {
    await checkJoin(access, db, tenantId, { email });
    const login = await access.people.findOrCreate(db, { ...record, email });
    return addInvited(access, db, login, record);
  });
  return [
    `usuário convidado: ${user.id} (${user.role}) em ${account.name}`,
    `token do convite: ${token}`,
    `aceite com POST /user/invitation/acceptance {"token": "…", "password": "<senha de 12+ caracteres>"}`,
    'Quem já tem senha (de outra clínica) informa a própria senha, que não muda.',
    `O token vale ${TOKEN_TTL_MS.invitation / 86_400_000} dias e uma única vez.`,
  ];
}
