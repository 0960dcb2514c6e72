/**
 * The file storage port (issue 23 "copy a PDF from a URL into the service's file storage"): bytes by
 * key, written once and read back with their media type. Keys are the server's own
 * (`<tenant>/<file id>`), never a caller's text. Adapters: a folder beside the SQLite file
 * (folder-storage.ts, the default), a table of the database (db-storage.ts, the default on
 * PostgreSQL) and S3-compatible object storage (s3-storage.ts). docs/decisions/medical-record.md MED-030.
 */
import { DomainError } from '#core/errors.js';

/** A stored file as read back. */
export interface StoredBytes {
  bytes: Uint8Array;
  /** `application/pdf`, `image/png`, `image/jpeg`. */
  mediaType: string;
}

/** Where files live. Every method is idempotent for a key: a second put replaces, a missing delete is a no-op. */
export interface FileStorage {
  /** Adapter name, for logs and the decision record (`folder`, `database`, `s3`). */
  readonly kind: string;
  put(key: string, file: StoredBytes): Promise<void>;
  /** The file, or undefined when no file has that key. */
  get(key: string): Promise<StoredBytes | undefined>;
  delete(key: string): Promise<void>;
}

/** Largest file stored: 10 MiB (a scanned laudo of a few pages fits; a video does not). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The media types accepted, with the first bytes each must start with. */
const MAGIC: Record<string, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/** The media types {@link checkFile} accepts. */
export const ACCEPTED_MEDIA_TYPES = Object.keys(MAGIC);

/** A key made of the server's own ids only: letters, digits, `-`, `_`, `.` and `/` between parts. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/.test(key) || key.length > 300)
    throw new Error(`chave de arquivo inválida: ${key}`);
  return key;
}

/**
 * Checks a file before it is stored: not empty, at most `limit` bytes, a media type of
 * {@link ACCEPTED_MEDIA_TYPES} (parameters such as `; charset` ignored) whose magic bytes it starts with.
 *
 * @returns the bare media type.
 * @throws DomainError `validation` (400) naming `path`: too large (`file_too_large`), an unaccepted
 *   type, or content that is not what the type says (a web page served as `application/pdf`).
 */
export function checkFile(bytes: Uint8Array, mediaType: string, path: string, limit = MAX_FILE_BYTES): string {
  const bare = mediaType.split(';')[0]!.trim().toLowerCase();
  const magic = MAGIC[bare];
  if (!magic)
    throw new DomainError('validation', 'Tipo de arquivo não aceito', [
      { path, message: `aceitos: ${ACCEPTED_MEDIA_TYPES.join(', ')}; recebido: ${bare || 'nenhum'}` },
    ]);
  if (bytes.length > limit)
    throw new DomainError('validation', 'Arquivo grande demais', [
      { path, message: `no máximo ${Math.floor(limit / 1024 / 1024)} MiB` },
    ]);
  if (bytes.length < magic.length || magic.some((b, i) => bytes[i] !== b))
    throw new DomainError('validation', 'O conteúdo do arquivo não corresponde ao tipo informado', [
      { path, message: `não é ${bare}` },
    ]);
  return bare;
}
