/**
 * What every replicated collection must declare before an installation may push to it (issue 17
 * finding 4, issue 18 point 2): the schema of a stored record, so a pushed document holds every
 * field the operations write and read, and what a pushed deletion (a tombstone) means. Unlike
 * a collection's sync rules (record-rules.ts), whose parts are optional refinements, this declaration
 * is required (`push` of a module collection, core/module.ts): a collection that has none refuses
 * every push (fail closed) and the registry test (`core/sync/push-contract.test.ts`) fails until its
 * group declares one.
 */
import { z } from 'zod';
import type { ErrorDetail } from '#core/errors.js';

/**
 * What a pushed tombstone of a live record does:
 * - `refuse`: the record is removed logically (`active: false`, a status) or never removed, so a hard
 *   deletion through sync would lose history; the push goes to the rejection list with this pt-BR reason.
 * - `allow`: the collection's own operations delete records for good, so a desk may too; the text
 *   says why that loses nothing (for reviewers and docs/decisions/, never shown to people).
 */
export type DeletePolicy = { readonly refuse: string } | { readonly allow: string };

/** A collection's required push declaration. */
export interface PushContract {
  /**
   * The stored record as the operations write it (base fields included, `_deleted`/`_rev` not): a
   * pushed document that fails it is refused. It must accept every record the operations store and
   * every read operation must be able to answer every record it accepts.
   */
  readonly record: z.ZodType;
  readonly deletes: DeletePolicy;
  /**
   * One valid record holding exactly the fields its record type requires (the fields without `?`),
   * without `id`, `tenantId`, `createdAt` and `updatedAt`: the registry-wide push suite
   * (test/sync/push-contracts/suite.ts, run by push-contracts.int.test.ts) pushes it, then pushes it
   * without each field and expects every one refused. `refs` names records of the test account and the
   * samples of other collections.
   */
  readonly sample: (refs: SampleRefs) => Record<string, unknown>;
}

/** What a {@link PushContract} sample may point at: records of the suite's account, and other samples. */
export interface SampleRefs {
  /** A clinic, an active patient and a professional (a user) the account holds. */
  readonly clinic: string;
  readonly patient: string;
  readonly professional: string;
  /** The id of the sample record of `collection` (a price's `priceTable`, a payment's `bill`). */
  idOf(collection: string): string;
}

const contracts = new Map<string, PushContract>();

/**
 * Declares the push contract of `collection`. Only core/module-install.ts calls this (and tests): a
 * group gives it as the `push` of its module collection. Declaring one twice replaces it (tests).
 */
export function declarePushContract(collection: string, contract: PushContract): void {
  contracts.set(collection, Object.freeze({ ...contract }));
}

/** Refuses every document: the stand-in for a collection that declared no contract. */
const UNDECLARED: PushContract = Object.freeze({
  record: z.never({ error: 'coleção sem contrato de sincronização: nada é aceito' }),
  deletes: { refuse: 'coleção sem contrato de sincronização: nada é apagado' },
  sample: () => ({}),
});

/** The contract of `collection`; one that refuses everything when its group declared none. */
export function pushContractOf(collection: string): PushContract {
  return contracts.get(collection) ?? UNDECLARED;
}

/** The names among `collections` whose group declared no push contract (empty when all did). */
export function undeclaredPushContracts(collections: readonly string[]): string[] {
  return collections.filter((name) => !contracts.has(name));
}

/**
 * Why a pushed tombstone of a live record of `collection` is refused; empty when its policy allows it.
 */
export function deleteProblems(collection: string): ErrorDetail[] {
  const { deletes } = pushContractOf(collection);
  return 'refuse' in deletes ? [{ path: '', message: deletes.refuse }] : [];
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** ISO-8601 date and time with its offset, as every stored instant. */
export const isoInstantSchema = z.string().regex(ISO_WITH_OFFSET, { error: 'data e hora ISO-8601 com fuso' });

/** `YYYY-MM-DD`. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'data AAAA-MM-DD' });

/** A record id as stored: what installations generate (UUIDv7) and operations accept. */
export const recordIdSchema = z.string().min(1).max(64);

/** The fields every stored record carries (core/store/record.ts `RecordBase`). */
export const recordBaseShape = {
  id: recordIdSchema,
  tenantId: recordIdSchema,
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
};

/**
 * A record schema from the collection's answer schema: the answered fields, as the read operations
 * parse them, plus the base fields and the ones the store keeps but never answers (`nameKey`,
 * UTC query keys…). Unknown extra fields pass, as the answer drops them.
 */
export function storedRecord<S extends z.ZodRawShape, E extends z.ZodRawShape>(
  answer: z.ZodObject<S>,
  storedOnly: E,
): z.ZodType {
  return answer.extend(recordBaseShape).extend(storedOnly);
}
