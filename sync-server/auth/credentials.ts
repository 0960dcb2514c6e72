import type { Kysely } from 'kysely';
import { users } from '#core/access/user.js';
import { isoWithOffset } from '#core/clock.js';
import type { AuthTables } from './auth-tables.js';
import type { AccessServices } from './services.js';

/**
 * Sets a person's password and tells every account they belong to (`users.credentialsChangedAt`),
 * so desks drop offline verifiers made from the old one at their next sync. Run inside
 * `services.atomic`, with its `db`: the collection writes join the same transaction.
 *
 * @param hash the argon2id hash, computed before the transaction (it takes milliseconds of CPU that
 *   should not hold the database's write lock).
 */
export async function storePassword(
  services: AccessServices,
  db: Kysely<AuthTables>,
  loginId: string,
  hash: string,
): Promise<void> {
  await services.people.setPassword(db, loginId, hash);
  const now = isoWithOffset(services.clock.now());
  for (const membership of await services.people.memberships(loginId, db)) {
    const collection = services.database.forTenant(membership.tenant_id).collection(users);
    const user = await collection.get(membership.user_id);
    if (!user) continue;
    const { _rev, ...record } = user;
    await collection.update(user.id, _rev, { ...record, credentialsChangedAt: now, updatedAt: now });
  }
}
