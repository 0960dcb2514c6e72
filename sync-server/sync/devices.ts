/**
 * Installations (devices): one-time enrolment codes created by an account admin, exchanged once for
 * a device token bound to the tenant (and clinic), listed and revocable. Codes and tokens are stored
 * as SHA-256 hashes: they carry enough random bits that a slow hash would add nothing.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { permissionsOf } from '#core/access/roles.js';
import type { Actor } from '#core/actor.js';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { IdGenerator } from '#core/ids.js';
import { executorOf, type SqlDatabase } from '../store/index.js';
import type { DeviceKind, SyncTables } from './sync-tables.js';

/** How long an enrolment code stays valid: a day, enough to walk from the admin's PC to the totem. */
export const ENROLMENT_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** Letters of enrolment codes: no 0/O, 1/I/L, so a code read aloud or typed on a totem survives. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** An installation as listed to an admin (never its token). */
export interface DeviceInfo {
  id: string;
  name: string;
  kind: DeviceKind;
  clinicId: string | null;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
  lastSeenAt: string | null;
  /** The professional (`users` id) a `professional` installation is bound to; null for other kinds. */
  userId: string | null;
}

/** The caller of a sync endpoint: an installation's actor plus the clinic it is bound to. */
export interface DeviceActor extends Actor {
  kind: 'device';
  clinicId: string | null;
  deviceKind: DeviceKind;
  /** The professional a `professional` installation is bound to (device-user.ts); absent or null otherwise. */
  userId?: string | null;
}

function hash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** `XXXX-XXXX-XXXX`: 12 letters of a 31-letter alphabet, about 59 bits. */
function newCode(): string {
  const letters = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]!);
  return [0, 4, 8].map((at) => letters.slice(at, at + 4).join('')).join('-');
}

/** Codes are typed by people: case, spaces and dashes do not matter. */
function normaliseCode(code: string): string {
  const plain = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return [0, 4, 8].map((at) => plain.slice(at, at + 4)).join('-');
}

/**
 * A device's permissions: a desk works as the reception, a totem gets only what a totem needs, a
 * professional's station as the professional (its clinical records narrowed to its user, device-user.ts).
 */
export function devicePermissions(kind: DeviceKind): string[] {
  return permissionsOf(kind === 'desk' ? 'reception' : kind);
}

function info(row: SyncTables['sync_devices']): DeviceInfo {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    clinicId: row.clinic_id,
    createdAt: row.created_at,
    createdBy: row.created_by,
    revokedAt: row.revoked_at,
    lastSeenAt: row.last_seen_at,
    userId: row.user_id ?? null,
  };
}

const notFound = (id: string) =>
  new DomainError('not_found', 'Instalação não encontrada', [{ path: 'id', message: `não existe: ${id}` }]);

/** Enrolment, listing, revocation and token checks of installations, over the sync tables. */
export class Devices {
  private readonly db: Kysely<SyncTables>;

  constructor(
    private readonly database: SqlDatabase,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.db = database.kysely.withTables<SyncTables>();
  }

  /**
   * Creates a one-time enrolment code for a new installation of `tenantId`.
   * @returns the code (shown once) and when it expires (ISO-8601).
   */
  async createCode(input: {
    tenantId: string;
    clinicId: string | null;
    kind: DeviceKind;
    name: string;
    createdBy: string;
    /** Required for kind `professional`: the professional the station is bound to. */
    userId?: string | null;
  }): Promise<{ code: string; expiresAt: string }> {
    const code = newCode();
    const now = this.clock.now();
    const expires = now.getTime() + ENROLMENT_CODE_TTL_MS;
    await this.db
      .insertInto('sync_enrolment_codes')
      .values({
        code_hash: hash(code),
        tenant_id: input.tenantId,
        clinic_id: input.clinicId,
        kind: input.kind,
        name: input.name,
        created_by: input.createdBy,
        created_at: isoWithOffset(now),
        expires_ms: expires,
        used_at: null,
        user_id: input.userId ?? null,
      })
      .execute();
    return { code, expiresAt: isoWithOffset(new Date(expires)) };
  }

  /**
   * Exchanges an enrolment code for a device token. The code is spent by a conditional update, so
   * two installations racing with one code cannot both get a token.
   *
   * @throws DomainError `unauthenticated` when the code is unknown, spent or expired (one answer for
   *   all three, so a guesser learns nothing).
   */
  async enrol(code: string): Promise<{ token: string; device: DeviceInfo; tenantId: string }> {
    const codeHash = hash(normaliseCode(code));
    const now = this.clock.now();
    // Through the store's transaction: on SQLite it owns the one connection (auth/transactor.ts).
    return this.database.forTenant('').transaction(async (store) => {
      const db = executorOf(store).withTables<SyncTables>();
      return this.spend(db, codeHash, now);
    });
  }

  private async spend(
    db: Kysely<SyncTables>,
    codeHash: string,
    now: Date,
  ): Promise<{ token: string; device: DeviceInfo; tenantId: string }> {
    const spent = await db
      .updateTable('sync_enrolment_codes')
      .set({ used_at: isoWithOffset(now) })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_ms', '>', now.getTime())
      .returningAll()
      .executeTakeFirst();
    if (!spent) {
      throw new DomainError('unauthenticated', 'Código de instalação inválido, já usado ou vencido', [
        { path: 'code', message: 'peça um novo código ao administrador da conta' },
      ]);
    }
    const token = `cdt_${randomBytes(32).toString('base64url')}`;
    const row: SyncTables['sync_devices'] = {
      id: this.ids.next(),
      tenant_id: spent.tenant_id,
      clinic_id: spent.clinic_id,
      kind: spent.kind,
      name: spent.name,
      token_hash: hash(token),
      created_by: spent.created_by,
      created_at: isoWithOffset(now),
      revoked_at: null,
      last_seen_at: null,
      user_id: spent.user_id ?? null,
    };
    await db.insertInto('sync_devices').values(row).execute();
    return { token, device: info(row), tenantId: spent.tenant_id };
  }

  /** The installations of a tenant, oldest first, revoked ones included (with `revokedAt`). */
  async list(tenantId: string): Promise<DeviceInfo[]> {
    const rows = await this.db
      .selectFrom('sync_devices')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
    return rows.map(info);
  }

  /**
   * Revokes an installation: its next request answers 401. Revoking twice keeps the first instant.
   * @throws DomainError `not_found` for an unknown id or one of another tenant (the same answer).
   */
  async revoke(tenantId: string, id: string): Promise<DeviceInfo> {
    await this.db
      .updateTable('sync_devices')
      .set({ revoked_at: isoWithOffset(this.clock.now()) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('sync_devices')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(id);
    return info(row);
  }

  /**
   * The installation a device token belongs to, read on every request so a revocation takes effect
   * at once. @returns undefined for an unknown or revoked token.
   */
  async actorForToken(token: string): Promise<DeviceActor | undefined> {
    const row = await this.db
      .selectFrom('sync_devices')
      .selectAll()
      .where('token_hash', '=', hash(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) return undefined;
    return {
      kind: 'device',
      id: row.id,
      tenantId: row.tenant_id,
      permissions: new Set(devicePermissions(row.kind)),
      clinicId: row.clinic_id,
      deviceKind: row.kind,
      userId: row.user_id ?? null,
    };
  }
}
