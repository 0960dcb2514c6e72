/**
 * Plumbing shared by the master-data groups (clinic, patient, specialty, insurance, price): record
 * stamps, the 404 every lookup answers, and the output fields every record carries.
 */
import { z } from 'zod';
import { isoWithOffset } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Collection } from '#core/store/port.js';
import type { RecordBase, Stored } from '#core/store/record.js';

/** "Now" as every stored timestamp: ISO-8601 with offset (docs/architecture.md "Records"). */
export function nowIso(ctx: Pick<OperationContext, 'clock'>): string {
  return isoWithOffset(ctx.clock.now());
}

/** The base fields of a new record: a UUIDv7 from `ctx.ids`, the store's tenant, both timestamps now. */
export function newRecordBase(ctx: Pick<OperationContext, 'clock' | 'ids' | 'store'>): RecordBase {
  const now = nowIso(ctx);
  return { id: ctx.ids.next(), tenantId: ctx.store.tenantId, createdAt: now, updatedAt: now };
}

/**
 * The record with `id`, or a `not_found` DomainError naming `path`. A record of another tenant is
 * missing here too (the store is tenant-scoped), so both answer the same 404.
 *
 * @param what the record in pt-BR with its article, e.g. `Paciente` → "Paciente não encontrado".
 */
export async function requireRecord<T extends RecordBase>(
  collection: Collection<T>,
  id: string,
  what: string,
  path = 'id',
): Promise<Stored<T>> {
  const found = await collection.get(id);
  if (!found) throw notFound(what, path, id);
  return found;
}

/**
 * The record with `id` named by the input field `path` (a body or query field, not the path's own
 * id), or a `validation` error naming it: an input pointing at nothing is a bad request (400), while
 * the resource of the path missing is a 404 (issue 20 point 6, docs/decisions/errors-and-rest.md).
 *
 * @param what the record in pt-BR, e.g. `Especialidade` → "Especialidade não encontrada".
 */
export async function requireReference<T extends RecordBase>(
  collection: Collection<T>,
  id: string,
  what: string,
  path: string,
): Promise<Stored<T>> {
  const found = await collection.get(id);
  if (!found) throw missingReference(what, path, id);
  return found;
}

/** The `validation` error of {@link requireReference}, for records found some other way (a plan, a place). */
export function missingReference(
  what: string,
  path: string,
  id: string,
  detail = 'não existe nesta conta',
): DomainError {
  return new DomainError('validation', `${what} ${agree(what, 'não encontrado')}`, [
    { path, message: `${detail}: ${id}` },
  ]);
}

/** The `not_found` error of {@link requireRecord}, for records found some other way. */
export function notFound(what: string, path: string, id: string): DomainError {
  return new DomainError('not_found', `${what} ${agree(what, 'não encontrado')}`, [
    { path, message: `não existe: ${id}` },
  ]);
}

/** Head nouns of the catalogue that are feminine without ending in -a (Especialidade, Sessão…). */
const FEMININE = /(?:dade|ção|são|gem|ie)$/;
/** Head nouns ending in -a that are masculine. */
const MASCULINE_IN_A = new Set(['Sistema', 'Problema', 'Dia', 'Mapa']);

/**
 * `participle` (masculine singular, `não encontrado`) agreeing with the head noun of `what`:
 * "Clínica não encontrada", "Convênio não encontrado" — never "encontrado(a)" (issue 20 point 9).
 */
export function agree(what: string, participle: string): string {
  const head = what.trim().split(/\s+/)[0] ?? '';
  const feminine = (/a$/.test(head) && !MASCULINE_IN_A.has(head)) || FEMININE.test(head);
  return feminine ? participle.replace(/o$/, 'a') : participle;
}

/** A `conflict` DomainError on one field, e.g. a CPF already used by another active patient. */
export function conflictOn(path: string, message: string, detail: string): DomainError {
  return new DomainError('conflict', message, [{ path, message: detail }]);
}

/**
 * An `invalid_transition` DomainError: the request is well formed, the record's state refuses it.
 * The detail says what is wrong with the field in a few words (`vencido em 01/01/2020`), never the
 * whole message again: a desk shows both, and a repeated sentence reads as a bug.
 */
export function invalidTransition(
  message: string,
  path = 'id',
  detail = 'o estado atual do registro não permite',
): DomainError {
  return new DomainError('invalid_transition', message, [{ path, message: detail }]);
}

/** Output fields every record carries (`tenantId` is never answered: the caller knows its own). */
export const recordOutputFields = {
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Path parameter or body field holding a record id. Record ids are UUIDs (docs/architecture.md "Records"); a
 * UUID in upper case is lower-cased, so `…-ABCD` and `…-abcd` name the same record (issue 20 point 6).
 * The REST layer refuses a path id that is not a UUID (400 naming the parameter) and the server's
 * reference check a body id naming no record (core/references.ts), so this schema itself only bounds
 * the text: local callers and tests keep short readable ids.
 */
export const idInput = z
  .string()
  .min(1, 'informe o id')
  .max(64, 'id longo demais')
  .overwrite((id) => (UUID.test(id) ? id.toLowerCase() : id));

/** A record id that must be a UUID even for local callers (400 `id malformado` otherwise), lower-cased. */
export const uuidInput = z
  .string()
  .regex(UUID, 'id malformado (esperado um UUID)')
  .overwrite((id) => id.toLowerCase());

/** An example record id for operation examples and docs (never a real record). */
export const EXAMPLE_ID = '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b';

/** A copy of `value` without its undefined properties: stored JSON never holds `undefined`. */
export function compact<T extends object>(value: T): T {
  // A plain loop: it runs on every record written, and entries/filter/fromEntries allocated a tuple per field.
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const field = source[key];
    if (field === undefined) continue;
    // Assigning `__proto__` would set the prototype; fromEntries made it an own field, and so does this.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
    else out[key] = field;
  }
  return out as T;
}

/**
 * A record with `keys` set from `values` as a full edit (PUT) does: a key missing from `values`
 * clears the field. `updatedAt` is renewed.
 */
export function replaceFields<T extends RecordBase>(
  current: T,
  values: Partial<T>,
  keys: readonly (keyof T)[],
  now: string,
): T {
  const next: T = { ...current, updatedAt: now };
  for (const key of keys) next[key] = values[key] as T[keyof T];
  return compact(next);
}

/**
 * A record with the fields present in `patch` changed, as a partial edit (PATCH) does: `null` clears
 * a field, a missing key leaves it alone. `updatedAt` is renewed.
 */
export function patchFields<T extends RecordBase>(current: T, patch: Record<string, unknown>, now: string): T {
  const next = { ...current, updatedAt: now } as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as unknown as T;
}

/**
 * The schema shape of a partial edit: every field optional, and the ones not in `required`
 * nullable (null clears them).
 */
export function patchShape<S extends Record<string, z.ZodType>, R extends keyof S>(
  shape: S,
  required: readonly R[],
): { [K in keyof S]: K extends R ? z.ZodOptional<S[K]> : z.ZodOptional<z.ZodNullable<S[K]>> } {
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) {
    out[key] = (required as readonly string[]).includes(key) ? schema.optional() : schema.nullable().optional();
  }
  return out as never;
}

/** Refinement for patch inputs: at least one field besides the path's `id` (an empty PATCH is a mistake). */
export function hasSomeField(value: Record<string, unknown>): boolean {
  return Object.entries(value).some(([key, v]) => !/^id$|Id$/.test(key) && v !== undefined);
}

/**
 * Turns a record's logical state (`active`) on or off and answers the record; nothing is written
 * when it already is in that state.
 *
 * @param beforeActivating checks to run before reactivating (e.g. a CPF or name taken meanwhile).
 * @throws DomainError `not_found`, or whatever `beforeActivating` throws.
 */
export async function setActive<T extends RecordBase & { active: boolean }>(
  ctx: Pick<OperationContext, 'store' | 'clock'>,
  def: CollectionDef<T>,
  id: string,
  active: boolean,
  what: string,
  beforeActivating?: (current: Stored<T>) => Promise<void>,
): Promise<Stored<T>> {
  const collection = ctx.store.collection(def);
  const current = await requireRecord(collection, id, what);
  if (current.active === active) return current;
  if (active) await beforeActivating?.(current);
  return collection.update(id, current._rev, { ...current, active, updatedAt: nowIso(ctx) });
}
