/**
 * Encryption at rest of integration secrets (webhook signing secrets, WhatsApp tokens): AES-256-GCM
 * (node:crypto) with a 32-byte key from `CLINIC_SECRETS_KEY` (base64). A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url): a fresh 96-bit IV per seal (NIST SP 800-38D §8.2.2), the
 * 128-bit tag authenticates it, and the `purpose` is bound as additional data so a sealed WhatsApp
 * token copied into a webhook row does not open there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { AuthTables } from '../auth/auth-tables.js';

/** Seals and opens secrets. */
export interface SecretBox {
  /** @returns the sealed text to store. */
  seal(plain: string, purpose: string): string;
  /** @throws Error when `sealed` was not sealed by this key for `purpose` (tampered, other key). */
  open(sealed: string, purpose: string): string;
}

const KEY_BYTES = 32;

/**
 * A box over `key` (32 bytes).
 * @throws Error when the key is not 32 bytes.
 */
export function secretBox(key: Uint8Array): SecretBox {
  if (key.byteLength !== KEY_BYTES) throw new Error(`CLINIC_SECRETS_KEY precisa de ${KEY_BYTES} bytes em base64`);
  const k = Buffer.from(key);
  return {
    seal(plain, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, purpose) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('segredo selado em formato desconhecido');
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const GENERATED_KEY = 'integration-secrets-key';

/**
 * The server's box: `CLINIC_SECRETS_KEY` when set (base64 of 32 bytes; keep it outside the database,
 * e.g. in the service's environment or a secrets manager, so a stolen database dump does not open the
 * secrets). Without it, a key generated on first start and kept in `server_secrets` (development and
 * single-machine installs: the secrets are then only as safe as the database file), and `warn` says so.
 *
 * @throws Error when `fromEnv` is not base64 of 32 bytes: the server refuses to start.
 */
export async function serverSecretBox(
  db: Kysely<AuthTables>,
  clock: Clock,
  fromEnv: string | undefined,
  warn: (message: string) => void,
): Promise<SecretBox> {
  if (fromEnv) return secretBox(Buffer.from(fromEnv, 'base64'));
  warn('CLINIC_SECRETS_KEY ausente: segredos de integração cifrados com uma chave guardada no próprio banco');
  await db
    .insertInto('server_secrets')
    .values({
      name: GENERATED_KEY,
      value: randomBytes(KEY_BYTES).toString('base64'),
      created_at: isoWithOffset(clock.now()),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', GENERATED_KEY)
    .executeTakeFirstOrThrow();
  return secretBox(Buffer.from(row.value, 'base64'));
}
