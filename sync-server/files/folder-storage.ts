/**
 * Files in a folder of the server's disk, the default beside a SQLite database (`<db dir>/files/`):
 * one file per key, and its media type in a `.type` file beside it. Written to a temporary name and
 * renamed, so a crash never leaves half a PDF under a key.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkKey, type FileStorage, type StoredBytes } from './file-storage.js';

/** A {@link FileStorage} under `root` (created when first written). */
export function folderStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...checkKey(key).split('/'));
  return {
    kind: 'folder',
    async put(key, file) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, file.bytes);
      await writeFile(`${path}.type`, file.mediaType);
      await rename(temp, path);
    },
    async get(key): Promise<StoredBytes | undefined> {
      const path = pathOf(key);
      try {
        const [bytes, mediaType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
        return { bytes: new Uint8Array(bytes), mediaType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}
