/**
 * Files in a table of the database (`stored_files`): `bytea` on PostgreSQL, `blob` on SQLite. The
 * default on PostgreSQL, where the server may have no disk of its own to keep (a container) and the
 * database's backups then hold the files too.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { checkKey, type FileStorage, type StoredBytes } from './file-storage.js';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type StoredFileTables = {
  stored_files: { key: string; media_type: string; size: number; bytes: Uint8Array; created_at: string };
};

/** The `stored_files` table, run with the other server migrations. */
export const storedFileMigrations: Record<string, Migration> = {
  files_0001_stored_files: {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('stored_files')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('bytes', postgres ? sql`bytea` : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

/** A {@link FileStorage} in the `stored_files` table of `db`. */
export function databaseStorage(db: Kysely<StoredFileTables>, now: () => string): FileStorage {
  return {
    kind: 'database',
    async put(key, file) {
      const row = {
        key: checkKey(key),
        media_type: file.mediaType,
        size: file.bytes.length,
        bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
        created_at: now(),
      };
      await db
        .insertInto('stored_files')
        .values(row)
        .onConflict((c) =>
          c.column('key').doUpdateSet({ media_type: row.media_type, size: row.size, bytes: row.bytes }),
        )
        .execute();
    },
    async get(key): Promise<StoredBytes | undefined> {
      const row = await db
        .selectFrom('stored_files')
        .select(['media_type', 'bytes'])
        .where('key', '=', checkKey(key))
        .executeTakeFirst();
      return row && { bytes: new Uint8Array(row.bytes), mediaType: row.media_type };
    },
    async delete(key) {
      await db.deleteFrom('stored_files').where('key', '=', checkKey(key)).execute();
    },
  };
}
