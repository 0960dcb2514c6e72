/**
 * The file storage adapters behave alike: put, get back the same bytes and type, replace, delete,
 * missing keys undefined, keys outside the server's alphabet refused. The folder on disk, the
 * `stored_files` table on SQLite and PostgreSQL (bytea), and S3 through a local double of
 * PutObject/GetObject/DeleteObject that checks every SigV4 signature. Plus the content checks.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../auth/test-server.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';
import { databaseStorage, storedFileMigrations, type StoredFileTables } from './db-storage.js';
import { checkFile, type FileStorage } from './file-storage.js';
import { folderStorage } from './folder-storage.js';
import { s3Storage } from './s3-storage.js';
import { fileStorageFor } from './storage-config.js';
import { startTestS3, type TestS3 } from './test-s3.js';

const pdf = (text: string) => new Uint8Array(Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`));
const now = () => '2026-11-27T12:00:00.000Z';

function behavesAsStorage(name: string, make: () => FileStorage) {
  it(`${name}: put, get, replace, delete`, async () => {
    const storage = make();
    const key = `tenant-1/${randomBytes(6).toString('hex')}.pdf`;
    expect(await storage.get(key)).toBeUndefined();
    const bytes = new Uint8Array([...pdf('um'), 0, 255, 128]);
    await storage.put(key, { bytes, mediaType: 'application/pdf' });
    const read = await storage.get(key);
    expect(read?.mediaType).toBe('application/pdf');
    expect(Buffer.from(read!.bytes).equals(Buffer.from(bytes))).toBe(true);
    await storage.put(key, { bytes: pdf('dois'), mediaType: 'application/pdf' });
    expect(Buffer.from((await storage.get(key))!.bytes).toString()).toContain('dois');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await storage.delete(key);
    await expect(storage.put('../fora.pdf', { bytes, mediaType: 'application/pdf' })).rejects.toThrow(/inválida/);
  });
}

describe('folder storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'clinic-files-'));
  behavesAsStorage('folder', () => folderStorage(root));

  it('is the default beside a SQLite file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-files-db-'));
    const db = await openSqlDatabase({
      url: join(dir, 'clinic.db'),
      collections: [],
      migrations: storedFileMigrations,
    });
    try {
      const storage = await fileStorageFor(db, testClock(), {});
      expect(storage.kind).toBe('folder');
      await storage.put('t/a.pdf', { bytes: pdf('x'), mediaType: 'application/pdf' });
      expect(existsSync(join(dir, 'files', 't', 'a.pdf'))).toBe(true);
      expect((await fileStorageFor(db, testClock(), { CLINIC_FILES: 'database' })).kind).toBe('database');
      await expect(fileStorageFor(db, testClock(), { CLINIC_FILES: 's3' })).rejects.toThrow(/CLINIC_FILES_S3_ENDPOINT/);
      await expect(fileStorageFor(db, testClock(), { CLINIC_FILES: 'ftp' })).rejects.toThrow(/CLINIC_FILES/);
    } finally {
      await db.close();
    }
  });
});

describe('database storage on SQLite', () => {
  let db: SqlDatabase;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-files-sql-'));
    db = await openSqlDatabase({ url: join(dir, 'clinic.db'), collections: [], migrations: storedFileMigrations });
  });
  afterAll(() => db?.close());
  behavesAsStorage('sqlite table', () => databaseStorage(db.kysely.withTables<StoredFileTables>(), now));
});

const reason = await postgresUnreachable();
const skip = skipWithoutPostgres(reason, 'PostgreSQL file storage tests');
describe.skipIf(skip)('database storage on PostgreSQL (bytea)', () => {
  const schema = `test_files_${randomBytes(4).toString('hex')}`;
  let db: SqlDatabase;
  beforeAll(async () => {
    db = await openSqlDatabase({ url: postgresUrl, schema, collections: [], migrations: storedFileMigrations });
  });
  afterAll(async () => {
    await db?.close();
    if (reason === undefined) await dropSchema(schema);
  });
  behavesAsStorage('postgres table', () => databaseStorage(db.kysely.withTables<StoredFileTables>(), now));

  it('is the default on PostgreSQL', async () => {
    expect((await fileStorageFor(db, testClock(), {})).kind).toBe('database');
  });
});

describe('s3 storage against a local double', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3('laudos', 'AKIDTEST', 'segredo-de-teste');
  });
  afterAll(() => s3?.close());
  const settings = () => ({
    endpoint: s3.endpoint,
    bucket: 'laudos',
    region: 'sa-east-1',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'segredo-de-teste',
    prefix: 'clinic/',
  });
  behavesAsStorage('s3', () => s3Storage(settings(), testClock()));

  it('stores under the prefix with the content type, and a wrong secret is refused by the service', async () => {
    const storage = s3Storage(settings(), testClock());
    await storage.put('t/b.pdf', { bytes: pdf('b'), mediaType: 'application/pdf' });
    expect(s3.objects.get('clinic/t/b.pdf')?.contentType).toBe('application/pdf');
    const wrong = s3Storage({ ...settings(), secretAccessKey: 'outro' }, testClock());
    await expect(wrong.get('t/b.pdf')).rejects.toThrow(/403 SignatureDoesNotMatch/);
  });
});

describe('checkFile', () => {
  it('accepts a PDF and refuses a page served as PDF, an unknown type and an oversized file', () => {
    expect(checkFile(pdf('ok'), 'application/pdf; charset=binary', 'file')).toBe('application/pdf');
    expect(() => checkFile(new Uint8Array(Buffer.from('<html>')), 'application/pdf', 'file')).toThrow(
      /não corresponde/,
    );
    expect(() => checkFile(pdf('ok'), 'text/html', 'file')).toThrow(/não aceito/);
    expect(() => checkFile(pdf('x'.repeat(100)), 'application/pdf', 'file', 50)).toThrow(/grande demais/);
  });
});
