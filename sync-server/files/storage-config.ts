/**
 * Which file storage the server uses (MED-030): `CLINIC_FILES` = `folder` (optionally `folder:<path>`),
 * `database` or `s3` (with `CLINIC_FILES_S3_ENDPOINT`, `_BUCKET`, `_REGION`, `_ACCESS_KEY_ID`,
 * `_SECRET_ACCESS_KEY`, optional `_PREFIX`). Unset: a folder `files/` beside the SQLite file, or the
 * database's `stored_files` table on PostgreSQL (and on an in-memory SQLite).
 */
import { dirname, join, resolve } from 'node:path';
import { sql } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { SqlDatabase } from '../store/index.js';
import { databaseStorage, type StoredFileTables } from './db-storage.js';
import type { FileStorage } from './file-storage.js';
import { folderStorage } from './folder-storage.js';
import { s3Storage } from './s3-storage.js';

/** The SQLite main database's file, or undefined (PostgreSQL, in-memory). */
async function sqliteFile(database: SqlDatabase): Promise<string | undefined> {
  if (database.dialect !== 'sqlite') return undefined;
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(database.kysely);
  const file = rows.find((r) => r.name === 'main')?.file;
  return file ? file : undefined;
}

/**
 * The storage `env` chooses over `database`.
 * @throws Error naming the variable when `CLINIC_FILES` is unknown or an S3 setting is missing.
 */
export async function fileStorageFor(
  database: SqlDatabase,
  clock: Clock,
  env: Record<string, string | undefined> = process.env,
): Promise<FileStorage> {
  const choice = env.CLINIC_FILES ?? '';
  const inDatabase = () =>
    databaseStorage(database.kysely.withTables<StoredFileTables>(), () => isoWithOffset(clock.now(), 0));
  if (choice === 'database') return inDatabase();
  if (choice === 's3') {
    const need = (name: string) => {
      const value = env[`CLINIC_FILES_S3_${name}`];
      if (!value) throw new Error(`CLINIC_FILES=s3 precisa de CLINIC_FILES_S3_${name}`);
      return value;
    };
    return s3Storage(
      {
        endpoint: need('ENDPOINT'),
        bucket: need('BUCKET'),
        region: env.CLINIC_FILES_S3_REGION || 'us-east-1',
        accessKeyId: need('ACCESS_KEY_ID'),
        secretAccessKey: need('SECRET_ACCESS_KEY'),
        ...(env.CLINIC_FILES_S3_PREFIX ? { prefix: env.CLINIC_FILES_S3_PREFIX } : {}),
      },
      clock,
    );
  }
  if (choice.startsWith('folder:')) return folderStorage(resolve(choice.slice('folder:'.length)));
  if (choice !== '' && choice !== 'folder')
    throw new Error(`CLINIC_FILES inválido: "${choice}" (folder, database ou s3)`);
  const file = await sqliteFile(database);
  if (file) return folderStorage(join(dirname(file), 'files'));
  if (choice === 'folder')
    throw new Error('CLINIC_FILES=folder precisa de um caminho (folder:/caminho) fora do SQLite');
  return inDatabase();
}
