import type { Kysely } from 'kysely';
import { users, type User } from '#core/access/user.js';
import { isoWithOffset } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import type { AuthTables } from './auth-tables.js';
import { TOKEN_TTL_MS } from './one-time-tokens.js';
import type { LoginRow, NewPerson } from './people.js';
import { auditBy, type AccessServices } from './services.js';

/**
 * Checks that `person` may join account `tenantId`: not a member already. Run inside the transaction
 * that adds them. A CPF is not checked against other people here: a conflict would tell the account
 * whose CPF it is (or that it is registered at all) beyond the rate-limited CPF lookup; a CPF someone
 * else holds is left off the new login instead (`People.findOrCreate`), and an existing
 * person's own CPF replaces the account's at acceptance.
 *
 * @throws DomainError `conflict` on `email` when the person is already a user of the account.
 */
export async function checkJoin(
  services: AccessServices,
  db: Kysely<AuthTables>,
  tenantId: string,
  person: Pick<NewPerson, 'email'>,
): Promise<void> {
  const existing = await services.people.byEmail(person.email, db);
  if (existing && (await services.people.membershipIn(tenantId, existing.id, db))) {
    // The detail does not echo the e-mail: for a person invited by CPF the account has not seen it.
    throw new DomainError('conflict', 'Esta pessoa já é usuária da conta', [
      { path: 'email', message: 'já é usuária desta conta ou tem convite pendente' },
    ]);
  }
}

/**
 * Adds `login` to the account as the new `users` record `record` (status `invited`) and issues the
 * invitation token. Run inside `services.atomic` with its `db`.
 * @returns the stored record and the token to e-mail once the transaction committed.
 */
export async function addInvited(
  services: AccessServices,
  db: Kysely<AuthTables>,
  login: LoginRow,
  record: User,
): Promise<{ user: Stored<User>; token: string }> {
  const collection = services.database.forTenant(record.tenantId).collection(users);
  const user = await collection.insert(record);
  await services.people.addMembership(db, record.tenantId, login.id, record.id);
  const token = await services.oneTime.issue(db, 'invitation', {
    loginId: login.id,
    tenantId: record.tenantId,
    userId: record.id,
  });
  return { user, token };
}

/**
 * E-mails the invitation (after commit: nothing is sent for an invitation that did not happen) and
 * logs it. The message waits in the server's own outbox, like password resets: a clinic's outbox
 * replicates to its installations and is listed at `GET /message/`, and the token in it would let the
 * clinic accept the invitation in the person's place. The clinic follows the invitation by the user's
 * status (`invited` until accepted) and the audit log.
 */
export async function sendInvitation(
  services: AccessServices,
  ctx: OperationContext,
  user: User,
  email: string,
  token: string,
): Promise<void> {
  const account = await services.keys.account(user.tenantId);
  await services.serverOutbox.enqueue({
    channel: 'email',
    to: email,
    template: 'user.invitation',
    data: {
      name: user.name,
      accountName: account?.name ?? '',
      role: user.role,
      token,
      validDays: TOKEN_TTL_MS.invitation / 86_400_000,
    },
  });
  services.audit.record(
    auditBy(ctx.actor, ctx.origin, {
      action: 'invitation.send',
      collection: 'users',
      recordId: user.id,
      detail: `papel ${user.role}`,
    }),
  );
}

/** A new `users` record of the caller's account, stamped now. */
export function newUserRecord(
  ctx: OperationContext,
  fields: Omit<User, 'id' | 'tenantId' | 'createdAt' | 'updatedAt' | 'credentialsChangedAt'>,
): User {
  const now = isoWithOffset(ctx.clock.now());
  return {
    id: ctx.ids.next(),
    tenantId: ctx.actor.tenantId,
    createdAt: now,
    updatedAt: now,
    credentialsChangedAt: null,
    ...fields,
  };
}
