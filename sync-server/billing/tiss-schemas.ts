/**
 * The server's TISS schema source (core/billing/tiss/schema-source.ts): the `.xsd` files of
 * `core/billing/tiss/schemas/<version>/`, read from disk once per version by the validator's cache.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { TissSchemaSource } from '#core/billing/tiss/schema-source.js';

const SCHEMAS = new URL('../../core/billing/tiss/schemas/', import.meta.url);

/** Reads a version's folder; undefined when the version has none. */
export const diskTissSchemas: TissSchemaSource = async (version) => {
  if (!/^\d\.\d{2}\.\d{2}$/.test(version)) return undefined;
  const folder = new URL(`${version}/`, SCHEMAS);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.xsd'));
  if (names.length === 0) return undefined;
  return Promise.all(
    names.map(async (fileName) => ({ fileName, contents: new Uint8Array(await readFile(new URL(fileName, folder))) })),
  );
};
