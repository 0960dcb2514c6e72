import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor.js';
import type { Clock } from '../../core/clock.js';
import { isoWithOffset } from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { IdGenerator } from '../../core/ids.js';
import { fixedStatement } from '../store/doc-sql.js';
import type { AuthTables } from './auth-tables.js';

/** An API key as an admin sees it: never the secret, only its prefix. */
export interface ApiKeyInfo {
  id: string;
  tenantId: string;
  name: string;
  prefix: string;
  permissions: string[];
  createdAt: string;
  revokedAt: string | null;
}

/** Names of keys bound to one clinic: `totem:<clinic id>` (docs/decisions.md "Tickets"). */
export const TOTEM_KEY_PREFIX = 'totem:';

/** The clinic a key's name binds it to (`{ clinicScope }` for `totem:<clinic>`), or nothing. */
export function boundClinic(name: string): { clinicScope?: string } {
  return name.startsWith(TOTEM_KEY_PREFIX) ? { clinicScope: name.slice(TOTEM_KEY_PREFIX.length) } : {};
}

/** Shortest key accepted: shorter ones are guessable. */
export const MIN_KEY_LENGTH = 16;

/** SHA-256 hex of a key, the only form in which keys are stored. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random key: `clinic_` and 32 random bytes in base64url (256 bits). */
export function generateKey(): string {
  return `clinic_${randomBytes(32).toString('base64url')}`;
}

function toInfo(row: AuthTables['api_keys']): ApiKeyInfo {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    prefix: row.key_prefix,
    permissions: JSON.parse(row.permissions) as string[],
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * Accounts (tenants) and their integrator API keys (spec §5 `auth-bearer`), stored hashed in the
 * server's SQL database.
 */
export class AccountsAndKeys {
  /** Read on every integrator request: written out, not built, each time. */
  private readonly liveKey;

  constructor(
    private readonly db: Kysely<AuthTables>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.liveKey = fixedStatement<Pick<AuthTables['api_keys'], 'id' | 'tenant_id' | 'permissions' | 'name'>>(
      db as unknown as Kysely<never>,
      'select "id", "tenant_id", "permissions", "name" from "api_keys" where "key_hash" = ? and "revoked_at" is null',
    );
  }

  /**
   * Creates an account (tenant). @returns its id.
   * @param status `pending` for a self-service sign-up waiting for its e-mail confirmation.
   * @param db the executor to write through (a transaction's), the server's by default.
   */
  async createAccount(name: string, status: 'active' | 'pending' = 'active', db = this.db): Promise<string> {
    const id = this.ids.next();
    await db
      .insertInto('accounts')
      .values({ id, name, created_at: isoWithOffset(this.clock.now()), status })
      .execute();
    return id;
  }

  /** The account's name and status, or undefined when there is none. */
  account(id: string): Promise<{ name: string; status: string } | undefined> {
    return this.db.selectFrom('accounts').select(['name', 'status']).where('id', '=', id).executeTakeFirst();
  }

  /** Every account, oldest first. */
  async listAccounts(): Promise<{ id: string; name: string; createdAt: string }[]> {
    const rows = await this.db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at }));
  }

  /**
   * Registers a key for an account; generates one when `key` is omitted.
   *
   * @returns the key in clear (shown once, never stored) and its info.
   * @throws DomainError `validation` when the key is shorter than {@link MIN_KEY_LENGTH} or already
   *   registered; `not_found` when the account does not exist.
   */
  async createKey(
    tenantId: string,
    options: { name?: string; key?: string; permissions?: string[] } = {},
  ): Promise<{ key: string; info: ApiKeyInfo }> {
    const key = options.key ?? generateKey();
    if (key.length < MIN_KEY_LENGTH) {
      throw new DomainError('validation', 'Chave de API curta demais', [
        { path: 'key', message: `mínimo de ${MIN_KEY_LENGTH} caracteres` },
      ]);
    }
    const account = await this.db.selectFrom('accounts').select('id').where('id', '=', tenantId).executeTakeFirst();
    if (!account) throw new DomainError('not_found', 'Conta não encontrada', [{ path: 'tenantId', message: tenantId }]);
    const key_hash = hashKey(key);
    const taken = await this.db.selectFrom('api_keys').select('id').where('key_hash', '=', key_hash).executeTakeFirst();
    if (taken)
      throw new DomainError('validation', 'Chave de API já registrada', [{ path: 'key', message: 'já existe' }]);
    const row: AuthTables['api_keys'] = {
      id: this.ids.next(),
      tenant_id: tenantId,
      name: options.name ?? 'integração',
      key_hash,
      key_prefix: key.slice(0, 10),
      permissions: JSON.stringify(options.permissions ?? ['*']),
      created_at: isoWithOffset(this.clock.now()),
      revoked_at: null,
    };
    await this.db.insertInto('api_keys').values(row).execute();
    return { key, info: toInfo(row) };
  }

  /** Keys of an account, revoked ones included (with `revokedAt`). */
  async listKeys(tenantId: string): Promise<ApiKeyInfo[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .execute();
    return rows.map(toInfo);
  }

  /**
   * Revokes a key by id or prefix: it stops authenticating at once.
   * @throws DomainError `not_found` when no live key matches.
   */
  async revokeKey(idOrPrefix: string): Promise<ApiKeyInfo> {
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', idOrPrefix), eb('key_prefix', '=', idOrPrefix)]))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', 'Chave de API não encontrada', [{ path: 'key', message: idOrPrefix }]);
    const revoked_at = isoWithOffset(this.clock.now());
    await this.db.updateTable('api_keys').set({ revoked_at }).where('id', '=', row.id).execute();
    return toInfo({ ...row, revoked_at });
  }

  /**
   * Revokes a key of one account by id: a key of another account is not found, exactly as a missing
   * one (the REST route; the CLI's {@link revokeKey} serves the operator across accounts).
   * @throws DomainError `not_found` when the account has no live key with that id.
   */
  async revokeKeyOf(tenantId: string, id: string): Promise<ApiKeyInfo> {
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', 'Chave de API não encontrada', [{ path: 'id', message: id }]);
    const revoked_at = isoWithOffset(this.clock.now());
    await this.db.updateTable('api_keys').set({ revoked_at }).where('id', '=', row.id).execute();
    return toInfo({ ...row, revoked_at });
  }

  /**
   * The actor a live key stands for, or undefined for an unknown or revoked key. A totem key
   * (`totem:<clinic>`) carries its clinic: it acts on that clinic only.
   */
  async actorForKey(key: string): Promise<Actor | undefined> {
    const [row] = (await this.db.executeQuery(this.liveKey([hashKey(key)]))).rows;
    if (!row) return undefined;
    return {
      kind: 'apiKey',
      id: row.id,
      tenantId: row.tenant_id,
      permissions: new Set(JSON.parse(row.permissions) as string[]),
      ...boundClinic(row.name),
    };
  }

  /**
   * First-start bootstrap (`CLINIC_API_KEY=<key> npm run server`): on a database with no account,
   * creates a default account and registers the key for it; on a later start, registers the key for
   * the first account if it is not known yet. Idempotent.
   *
   * @returns the tenant the key belongs to.
   */
  async bootstrap(key: string, accountName = 'Clínica'): Promise<string> {
    const known = await this.actorForKey(key);
    if (known) return known.tenantId;
    const [first] = await this.listAccounts();
    const tenantId = first?.id ?? (await this.createAccount(accountName));
    await this.createKey(tenantId, { key, name: 'CLINIC_API_KEY' });
    return tenantId;
  }
}
