/**
 * Checks a pushed document before it may be written: the record base every document carries, the
 * declared field types, the tenant, the record's schema (its collection's push contract) and its own
 * rules (docs/architecture.md "Sync": an invalid document is refused, never stored half-way).
 */
import type { ErrorDetail } from '#core/errors.js';
import { issuePath } from '#core/errors.js';
import type { CollectionDef, IndexedFieldType } from '#core/store/collection-def.js';
import { STORAGE_FIELD_PREFIX } from '#core/store/rxdb/storage-groups.js';
import { pushContractOf } from '#core/sync/push-contract.js';
import type { SyncRules } from '#core/sync/record-rules.js';

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Fields of the protocol and of RxDB's bookkeeping, never stored as record data. */
const PROTOCOL_FIELDS = new Set(['_deleted', '_rev', '_meta', '_attachments']);

/** The document without the tombstone flag and the client's bookkeeping: what the store keeps. */
export function recordOf(doc: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!PROTOCOL_FIELDS.has(key)) record[key] = value;
  return record;
}

/**
 * Every problem of `record` (a pushed document without `_deleted`), empty when it may be written.
 *
 * @param previous the server's current version, for rules that judge a change (transitions)
 */
export function problemsOf(
  def: CollectionDef,
  rules: SyncRules,
  tenantId: string,
  record: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (record.tenantId !== tenantId) problems.push({ path: 'tenantId', message: 'não pertence a esta conta' });
  for (const field of ['createdAt', 'updatedAt'] as const) {
    const value = record[field];
    if (typeof value !== 'string' || !ISO_WITH_OFFSET.test(value)) {
      problems.push({ path: field, message: 'data e hora ISO-8601 com fuso obrigatória' });
    }
  }
  for (const [field, type] of Object.entries(def.fields as Record<string, IndexedFieldType | undefined>)) {
    const value = record[field];
    if (type === undefined || value === undefined || value === null) continue;
    const ok = type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === type;
    if (!ok) problems.push({ path: field, message: `deve ser ${type}` });
  }
  for (const key of Object.keys(record)) {
    // Dexie storage rewrites such names (docs/decisions/store.md); the RxDB adapter keeps its own
    // fields (the collection tag, index slots) under `rx_`.
    if (key.startsWith('__') || key.startsWith('|') || key.startsWith(STORAGE_FIELD_PREFIX))
      problems.push({ path: key, message: 'campo reservado' });
  }
  // The record's schema (the collection's required contract), then any push-only shape of its rules;
  // one problem per field, the first found.
  for (const schema of [pushContractOf(def.name).record, rules.schema]) {
    const parsed = schema?.safeParse(record);
    if (!parsed || parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const path = issuePath(issue.path);
      if (!problems.some((problem) => problem.path === path)) problems.push({ path, message: issue.message });
    }
  }
  if (problems.length === 0 && rules.check) problems.push(...rules.check(record, previous));
  return problems;
}
