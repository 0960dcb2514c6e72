/**
 * The attendance's stored files, reports (laudos) and shares over the server tables
 * (document-tables.ts) and the file storage port (../files/). Tenant-scoped: every query names the
 * tenant. Share keys: 32 random bytes (base64url) shown once; only their SHA-256 is kept (MED-033).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { notFound } from '#core/common/records.js';
import type { IdGenerator } from '#core/ids.js';
import type { FileStorage } from '../files/file-storage.js';
import type { MedicalDocumentTables } from './document-tables.js';

export type FileRow = MedicalDocumentTables['medical_files'];
export type ReportRow = MedicalDocumentTables['medical_reports'];
export type ShareRow = MedicalDocumentTables['medical_shares'];

/** Default lifetime of a patient share: 7 days (MED-034). */
export const SHARE_DEFAULT_DAYS = 7;
/** Longest lifetime, refreshes included: 90 days from creation. */
export const SHARE_MAX_DAYS = 90;
/** A share with less than this left is extended when checked (the attendance token refresh). */
export const SHARE_REFRESH_BELOW_MS = 24 * 3600_000;
const DAY = 24 * 3600_000;

/** SHA-256 (hex) of a share key. */
export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** Whether `key` hashes to `hash`, in constant time. */
function keyMatches(key: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The service. */
export class MedicalDocuments {
  constructor(
    private readonly db: Kysely<MedicalDocumentTables>,
    readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  private nowIso() {
    return isoWithOffset(this.clock.now());
  }

  /** Stores `bytes` (already checked) for record `recordId`. */
  async storeFile(
    tenantId: string,
    recordId: string,
    file: { kind: string; name: string; mediaType: string; bytes: Uint8Array },
    by: string,
  ): Promise<FileRow> {
    const id = this.ids.next();
    const row: FileRow = {
      id,
      tenant_id: tenantId,
      record_id: recordId,
      kind: file.kind,
      name: file.name,
      media_type: file.mediaType,
      size: file.bytes.length,
      storage_key: `${tenantId}/${id}`,
      created_at: this.nowIso(),
      created_by: by,
    };
    await this.storage.put(row.storage_key, { bytes: file.bytes, mediaType: file.mediaType });
    await this.db.insertInto('medical_files').values(row).execute();
    return row;
  }

  listFiles(tenantId: string, recordId: string): Promise<FileRow[]> {
    return this.db
      .selectFrom('medical_files')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .orderBy('id')
      .execute();
  }

  /** @throws DomainError `not_found` when the file is not the record's or its bytes are gone. */
  async readFile(tenantId: string, recordId: string, fileId: string): Promise<{ row: FileRow; bytes: Uint8Array }> {
    const row = await this.db
      .selectFrom('medical_files')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .where('id', '=', fileId)
      .executeTakeFirst();
    const stored = row && (await this.storage.get(row.storage_key));
    if (!row || !stored) throw notFound('Arquivo', 'fileId', fileId);
    return { row, bytes: stored.bytes };
  }

  async removeFile(row: FileRow): Promise<void> {
    await this.db.deleteFrom('medical_files').where('id', '=', row.id).execute();
    await this.storage.delete(row.storage_key);
  }

  listReports(tenantId: string, recordId: string): Promise<ReportRow[]> {
    return this.db
      .selectFrom('medical_reports')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .orderBy('id')
      .execute();
  }

  /** @throws DomainError `not_found` when the report is not the record's. */
  async report(tenantId: string, recordId: string, reportId: string): Promise<ReportRow> {
    const row = await this.db
      .selectFrom('medical_reports')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .where('id', '=', reportId)
      .executeTakeFirst();
    if (!row) throw notFound('Laudo', 'reportId', reportId);
    return row;
  }

  /** Creates a report, or replaces title, text and file of `reportId`. */
  async saveReport(
    tenantId: string,
    recordId: string,
    input: { reportId?: string | undefined; title: string; text: string; fileId: string | null },
    by: string,
  ): Promise<ReportRow> {
    const now = this.nowIso();
    if (input.reportId) {
      await this.report(tenantId, recordId, input.reportId);
      await this.db
        .updateTable('medical_reports')
        .set({ title: input.title, text: input.text, file_id: input.fileId, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', input.reportId)
        .execute();
      return this.report(tenantId, recordId, input.reportId);
    }
    const row: ReportRow = {
      id: this.ids.next(),
      tenant_id: tenantId,
      record_id: recordId,
      title: input.title,
      text: input.text,
      file_id: input.fileId,
      created_at: now,
      created_by: by,
      updated_at: now,
    };
    await this.db.insertInto('medical_reports').values(row).execute();
    return row;
  }

  async deleteReport(row: ReportRow): Promise<void> {
    await this.db.deleteFrom('medical_reports').where('id', '=', row.id).execute();
  }

  /**
   * A patient share of the record: a random access id for the URL and a key shown once.
   * @returns the row and the key in clear (never stored).
   */
  async createPatientShare(
    tenantId: string,
    recordId: string,
    days: number,
    by: string,
  ): Promise<{ row: ShareRow; key: string }> {
    const key = randomBytes(32).toString('base64url');
    const now = this.clock.now().getTime();
    const row: ShareRow = {
      id: this.ids.next(),
      tenant_id: tenantId,
      record_id: recordId,
      kind: 'patient',
      access: randomBytes(16).toString('base64url'),
      key_hash: hashKey(key),
      user_id: null,
      status: 'active',
      expires_ms: now + days * DAY,
      revoked_ms: null,
      created_ms: now,
      created_by: by,
    };
    await this.db.insertInto('medical_shares').values(row).execute();
    return { row, key };
  }

  /** A share with professional `userId`, pending until accepted; the same user twice answers the open one. */
  async createProfessionalShare(tenantId: string, recordId: string, userId: string, days: number, by: string) {
    const open = (await this.listShares(tenantId, recordId)).find(
      (s) => s.kind === 'professional' && s.user_id === userId && this.live(s),
    );
    if (open) return open;
    const now = this.clock.now().getTime();
    const row: ShareRow = {
      id: this.ids.next(),
      tenant_id: tenantId,
      record_id: recordId,
      kind: 'professional',
      access: null,
      key_hash: null,
      user_id: userId,
      status: 'pending',
      expires_ms: now + days * DAY,
      revoked_ms: null,
      created_ms: now,
      created_by: by,
    };
    await this.db.insertInto('medical_shares').values(row).execute();
    return row;
  }

  listShares(tenantId: string, recordId: string): Promise<ShareRow[]> {
    return this.db
      .selectFrom('medical_shares')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .orderBy('id')
      .execute();
  }

  /** @throws DomainError `not_found` for another tenant's or a missing share. */
  async share(tenantId: string, shareId: string): Promise<ShareRow> {
    const row = await this.db
      .selectFrom('medical_shares')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', shareId)
      .executeTakeFirst();
    if (!row) throw notFound('Compartilhamento', 'id', shareId);
    return row;
  }

  /** Not revoked and not expired now. */
  live(row: ShareRow): boolean {
    return row.revoked_ms === null && Number(row.expires_ms) > this.clock.now().getTime();
  }

  /**
   * The live patient share `access` whose key is `key`, else undefined (unknown, wrong key, expired
   * and revoked alike: the caller answers one 404 for all).
   */
  async byAccess(access: string, key: string): Promise<ShareRow | undefined> {
    const row = await this.db
      .selectFrom('medical_shares')
      .selectAll()
      .where('access', '=', access)
      .where('kind', '=', 'patient')
      .executeTakeFirst();
    // The hash is compared even for an unknown access, so timing does not tell which it was.
    const matches = keyMatches(key, row?.key_hash ?? hashKey('-'));
    return row && matches && this.live(row) ? row : undefined;
  }

  async accept(row: ShareRow): Promise<ShareRow> {
    await this.db.updateTable('medical_shares').set({ status: 'accepted' }).where('id', '=', row.id).execute();
    return { ...row, status: 'accepted' };
  }

  async revoke(row: ShareRow): Promise<ShareRow> {
    const now = this.clock.now().getTime();
    await this.db.updateTable('medical_shares').set({ revoked_ms: now }).where('id', '=', row.id).execute();
    return { ...row, revoked_ms: now };
  }

  /**
   * Extends a live share with less than {@link SHARE_REFRESH_BELOW_MS} left by {@link SHARE_DEFAULT_DAYS},
   * never past {@link SHARE_MAX_DAYS} from its creation. @returns the row as it stands and whether it moved.
   */
  async refresh(row: ShareRow): Promise<{ row: ShareRow; refreshed: boolean }> {
    const now = this.clock.now().getTime();
    const expires = Number(row.expires_ms);
    const cap = Number(row.created_ms) + SHARE_MAX_DAYS * DAY;
    const next = Math.min(now + SHARE_DEFAULT_DAYS * DAY, cap);
    if (expires - now >= SHARE_REFRESH_BELOW_MS || next <= expires) return { row, refreshed: false };
    await this.db.updateTable('medical_shares').set({ expires_ms: next }).where('id', '=', row.id).execute();
    return { row: { ...row, expires_ms: next }, refreshed: true };
  }

  /** Records shared with (and accepted by) `userId` and still live. */
  async sharedWith(tenantId: string, userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('medical_shares')
      .select(['record_id', 'revoked_ms', 'expires_ms', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('status', '=', 'accepted')
      .execute();
    const now = this.clock.now().getTime();
    return rows.filter((r) => r.revoked_ms === null && Number(r.expires_ms) > now).map((r) => r.record_id);
  }
}
