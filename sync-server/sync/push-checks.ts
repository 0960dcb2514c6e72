/**
 * Whether one pushed row may be written when the installation's assumed master state holds (push.ts):
 * the id is not another account's, a live document passes its record schema and rules, and a
 * tombstone follows its collection's delete policy (core/sync/push-contract.ts). Shared with the
 * review list's `apply_mine`, which writes with a push's checks.
 */
import type { Kysely } from 'kysely';
import type { ErrorDetail } from '#core/errors.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { SyncDocument } from '#core/sync/protocol.js';
import { deleteProblems } from '#core/sync/push-contract.js';
import type { SyncRules } from '#core/sync/record-rules.js';
import { idClaimedElsewhere } from './id-claims.js';
import { problemsOf, recordOf } from './validate.js';

/** The server's stored state of the pushed document, tombstone or live. */
export interface StoredState {
  deleted: boolean;
  data: Record<string, unknown>;
}

/**
 * Every reason to refuse `pushed`, empty when it may be written.
 *
 * @param db the push's executor, for the id check
 * @param master the server's state of the document in this tenant; undefined when it never held it
 */
export async function pushProblems<DB>(
  db: Kysely<DB>,
  def: CollectionDef,
  rules: SyncRules,
  tenantId: string,
  pushed: SyncDocument,
  master: StoredState | undefined,
): Promise<ErrorDetail[]> {
  if (!master) {
    const claimed = await idClaimedElsewhere(db, def, tenantId, pushed.id);
    if (claimed.length > 0) return claimed;
  }
  const live = master && !master.deleted ? master.data : undefined;
  const record = recordOf(pushed);
  if (!pushed._deleted) return problemsOf(def, rules, tenantId, record, live);
  // A tombstone of a live record, or of one created and deleted offline before any sync.
  if (live || !master) {
    const refused = deleteProblems(def.name);
    if (refused.length > 0) return refused;
  }
  // Created and deleted offline: the tombstone is stored as given, so its content must hold too.
  return master ? [] : problemsOf(def, rules, tenantId, record, undefined);
}
