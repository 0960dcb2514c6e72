/**
 * The share lifecycle of the document service on its own (SQLite file): the key is kept only as its
 * hash, a share refreshes only near expiry and never past 90 days from creation, revocation and
 * expiry close it, and the lookup answers nothing for a wrong key or an unknown access.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidV7Ids } from '#core/ids.js';
import { testClock } from '../auth/test-server.js';
import { folderStorage } from '../files/folder-storage.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import { hashKey, MedicalDocuments } from './document-service.js';
import { medicalDocumentMigrations, type MedicalDocumentTables } from './document-tables.js';

const DAY = 24 * 3600_000;
let db: SqlDatabase;
const clock = testClock();
let docs: MedicalDocuments;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-docs-service-'));
  db = await openSqlDatabase({ url: join(dir, 'clinic.db'), collections: [], migrations: medicalDocumentMigrations });
  docs = new MedicalDocuments(
    db.kysely.withTables<MedicalDocumentTables>(),
    folderStorage(join(dir, 'files')),
    clock,
    uuidV7Ids,
  );
});
afterAll(() => db?.close());

describe('patient shares', () => {
  it('stores only the key hash and finds the share by access and key only', async () => {
    const { row, key } = await docs.createPatientShare('t1', 'r1', 7, 'ana');
    const stored = await db.kysely
      .withTables<MedicalDocumentTables>()
      .selectFrom('medical_shares')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored.key_hash).toBe(hashKey(key));
    expect((await docs.byAccess(row.access!, key))?.id).toBe(row.id);
    expect(await docs.byAccess(row.access!, `${key}x`)).toBeUndefined();
    expect(await docs.byAccess('desconhecido-000000', key)).toBeUndefined();
  });

  it('refreshes only with less than a day left, never past 90 days from creation', async () => {
    const { row, key } = await docs.createPatientShare('t1', 'r2', 7, 'ana');
    expect((await docs.refresh(row)).refreshed).toBe(false);
    let current = row;
    for (let week = 0; week < 20; week++) {
      clock.advance(Number(current.expires_ms) - clock.now().getTime() - 3600_000);
      const live = (await docs.byAccess(row.access!, key))!;
      if (!live) break;
      current = (await docs.refresh(live)).row;
    }
    expect(Number(current.expires_ms)).toBe(Number(row.created_ms) + 90 * DAY);
    clock.advance(Number(current.expires_ms) - clock.now().getTime() + 1);
    expect(await docs.byAccess(row.access!, key)).toBeUndefined();
  });

  it('closes at once when revoked', async () => {
    const { row, key } = await docs.createPatientShare('t1', 'r3', 7, 'ana');
    await docs.revoke(row);
    expect(await docs.byAccess(row.access!, key)).toBeUndefined();
  });
});
