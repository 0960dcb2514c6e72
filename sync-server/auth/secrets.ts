import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { AuthTables } from './auth-tables.js';

const SIGNING_KEY = 'access-token-signing-key';
/** HS256 wants a key at least as long as its 256-bit output (RFC 7518 §3.2). */
export const MIN_SECRET_LENGTH = 32;

/**
 * The key access tokens are signed with: `CLINIC_JWT_SECRET` when set, else one the server generated
 * on its first start and keeps in `server_secrets`, so tokens survive restarts and every server
 * process on the database accepts the others' tokens without any setup.
 *
 * @throws Error when `fromEnv` is shorter than {@link MIN_SECRET_LENGTH}: the server refuses to start.
 */
export async function signingKey(
  db: Kysely<AuthTables>,
  clock: Clock,
  fromEnv: string | undefined,
): Promise<Uint8Array> {
  if (fromEnv !== undefined) {
    if (fromEnv.length < MIN_SECRET_LENGTH) {
      throw new Error(`CLINIC_JWT_SECRET precisa de ao menos ${MIN_SECRET_LENGTH} caracteres`);
    }
    return new TextEncoder().encode(fromEnv);
  }
  // Two servers starting at once may both generate one: the first insert wins and both read it back.
  await db
    .insertInto('server_secrets')
    .values({ name: SIGNING_KEY, value: randomBytes(32).toString('base64url'), created_at: isoWithOffset(clock.now()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', SIGNING_KEY)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
