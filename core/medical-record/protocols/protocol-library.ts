/**
 * The clinic's protocol library as one list: its stored protocols plus the shipped ones it has not
 * replaced (an edited or inactivated shipped protocol is the clinic's copy, `basedOn` its id). MED-041.
 */
import { searchKey } from '#core/br/text.js';
import { notFound } from '#core/common/records.js';
import type { Store } from '#core/store/port.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { bareCode, cid10Table } from '#core/medical-record/cid10/cid10.js';
import { medicalProtocols, type MedicalProtocol } from './protocol-record.js';
import { SEED_DATE, SEED_PROTOCOLS, type SeedProtocol } from './seed-protocols.js';

/** A protocol of the library: stored (with `_rev`) or shipped. */
export type LibraryProtocol = MedicalProtocol & { _rev?: string; shipped?: boolean };

/** The most protocols a library holds (a clinic's few dozen, well below). */
export const LIBRARY_MAX = 1000;

/** A shipped protocol as a library entry of the tenant of `store`. */
function shipped(seed: SeedProtocol, tenantId: string): LibraryProtocol {
  return {
    ...seed,
    tenantId,
    nameKey: searchKey(seed.name),
    createdAt: SEED_DATE,
    updatedAt: SEED_DATE,
    shipped: true,
  };
}

/** The shipped protocol with `id`, if any. */
export function seedProtocol(id: string): SeedProtocol | undefined {
  return SEED_PROTOCOLS.find((seed) => seed.id === id);
}

/** Every protocol of the library (active and inactive), by name. */
export async function loadLibrary(store: Store, tenantId: string): Promise<LibraryProtocol[]> {
  const stored = await store.collection(medicalProtocols).find({ limit: LIBRARY_MAX });
  const replaced = new Set(stored.flatMap((p) => (p.basedOn ? [p.basedOn] : [])));
  const seeds = SEED_PROTOCOLS.filter((seed) => !replaced.has(seed.id)).map((seed) => shipped(seed, tenantId));
  return [...stored, ...seeds].sort((a, b) => a.nameKey.localeCompare(b.nameKey));
}

/**
 * The protocol `id` names: a stored one, the clinic's copy of a shipped one, or the shipped one itself.
 * @throws DomainError `not_found` (404) naming `path`.
 */
export async function findProtocol(store: Store, tenantId: string, id: string, path = 'id'): Promise<LibraryProtocol> {
  const collection = store.collection(medicalProtocols);
  const own = await collection.get(id);
  if (own) return own;
  const seed = seedProtocol(id);
  if (!seed) throw notFound('Protocolo', path, id);
  const [copy] = await collection.find({ selector: { basedOn: id }, limit: 1 });
  return copy ?? shipped(seed, tenantId);
}

/**
 * The CID-10 codes of a protocol in the table's spelling: a subcategory (`E11.9`) or a category
 * (`E11`, which covers its subcategories in suggestions).
 * @throws DomainError `validation` naming `cid10.<i>` for a code the DATASUS table lacks.
 */
export async function protocolCodes(codes: readonly string[]): Promise<string[]> {
  const table = await cid10Table();
  const details: ErrorDetail[] = [];
  const canonical = codes.map((code, i) => {
    const bare = bareCode(code);
    const found =
      table.find(bare)?.code ?? (/^[A-Z]\d\d$/.test(bare) && table.search(bare, 1).length > 0 ? bare : undefined);
    if (!found) details.push({ path: `cid10.${i}`, message: `código CID-10 desconhecido: ${code}` });
    return found ?? code;
  });
  if (details.length > 0) throw new DomainError('validation', 'Código CID-10 inválido', details);
  return [...new Set(canonical)];
}
