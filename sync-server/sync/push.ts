/**
 * A push from an installation (RxDB's protocol): each row is checked and written, or refused to the
 * review list, or reconciled with the server's version, all in one transaction that first takes the
 * tenant's write lock. Answers the master state of every row the installation must take over.
 */
import type { Kysely } from 'kysely';
import { can } from '#core/actor.js';
import type { Clock } from '#core/clock.js';
import { controlCharacterDetails } from '#core/control-characters.js';
import { isDomainError, type ErrorDetail } from '#core/errors.js';
import type { IdGenerator } from '#core/ids.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { sameDocument, toSyncDocument, type PushRow, type SyncDocument } from '#core/sync/protocol.js';
import { syncPermissions, syncRulesOf, type SyncRules } from '#core/sync/record-rules.js';
import { executorOf, lockTenant, masterState, type FeedRow, type SqlDatabase } from '../store/index.js';
import type { DeviceActor } from './devices.js';
import { bindingPushProblems } from './device-user.js';
import { pushProblems } from './push-checks.js';
import { replayAnswer } from './replays.js';
import { addReviewEntry } from './review.js';
import { notifySyncReview, type ListedEntry } from './review-notice.js';
import type { SyncTables } from './sync-tables.js';
import { problemsOf, recordOf } from './validate.js';

/** What a push needs besides its rows. */
export interface PushContext {
  database: SqlDatabase;
  actor: DeviceActor;
  clock: Clock;
  ids: IdGenerator;
  /** Wraps the store writes go through (the guarded store: permissions and audit of patient data). */
  guard?(store: Store): Store;
  /** Entries this push added to the review list (filled while it runs; the bell is told after commit). */
  listed?: ListedEntry[];
}

type Master = FeedRow & { rev: number };

/** Why a push lost against the server's version, in the review list. */
const LOST: ErrorDetail = {
  path: '',
  message: 'o registro foi alterado em outro lugar; prevaleceu a versão do servidor',
};

/** Why a push over a purged tombstone lost, in the review list. */
const PURGED: ErrorDetail = { path: '', message: 'o registro foi excluído em outro lugar; a exclusão prevaleceu' };

class Refused extends Error {
  constructor(readonly reasons: ErrorDetail[]) {
    super('refused');
  }
}

async function writeRow(
  ctx: PushContext,
  def: CollectionDef<RecordBase>,
  rules: SyncRules,
  store: Store,
  review: Kysely<SyncTables>,
  master: Master | undefined,
  row: PushRow,
): Promise<SyncDocument | undefined> {
  const pushed = row.newDocumentState;
  const record = recordOf(pushed);
  const collection = store.collection(def);
  const masterDoc = master && toSyncDocument(master.data, master.deleted);
  const assumedHolds = !master || (row.assumedMasterState != null && sameDocument(row.assumedMasterState, masterDoc));
  // Seen on the server once, gone now: its tombstone was purged (tombstone-retention.ts). Deleted stays deleted.
  if (!master && row.assumedMasterState != null) return purgedMaster(ctx, def, review, pushed);

  if (!assumedHolds) {
    if (master.deleted && pushed._deleted) return undefined;
    const merged =
      !master.deleted && !pushed._deleted && rules.resolveConflict
        ? rules.resolveConflict(
            master.data,
            row.assumedMasterState ? recordOf(row.assumedMasterState) : undefined,
            record,
          )
        : undefined;
    const mergeProblems = merged ? problemsOf(def, rules, ctx.actor.tenantId, merged, master.data) : [];
    if (merged && mergeProblems.length === 0) {
      await collection.update(pushed.id, String(master.rev), merged as unknown as RecordBase);
      await listCrossConflicts(ctx, def, rules, store, review, pushed, merged);
      return toSyncDocument(merged, false);
    }
    // A merge the record's rules refuse says why (a confirmation of an appointment cancelled meanwhile).
    await listConflict(ctx, def, review, pushed, masterDoc!, [LOST, ...mergeProblems]);
    return masterDoc;
  }

  const problems = await pushProblems(review, def, rules, ctx.actor.tenantId, pushed, master);
  if (problems.length > 0) throw new Refused(problems);
  if (!master) {
    const stored = await collection.insert(record as unknown as RecordBase);
    // Created and deleted offline before any sync: the id stays taken, as any removed id.
    if (pushed._deleted) await collection.remove(pushed.id, stored._rev);
    else await listCrossConflicts(ctx, def, rules, store, review, pushed, record);
    return undefined;
  }
  if (master.deleted) {
    // Tombstones are final (ids are never reused): the deletion wins, the edit goes to review.
    await listConflict(ctx, def, review, pushed, masterDoc!, [LOST]);
    return masterDoc;
  }
  if (pushed._deleted) await collection.remove(pushed.id, String(master.rev));
  else {
    await collection.update(pushed.id, String(master.rev), record as unknown as RecordBase);
    await listCrossConflicts(ctx, def, rules, store, review, pushed, record);
  }
  return undefined;
}

/** A push over a purged tombstone: the edit goes to the conflict list, the installation takes a tombstone. */
async function purgedMaster(
  ctx: PushContext,
  def: CollectionDef<RecordBase>,
  review: Kysely<SyncTables>,
  pushed: SyncDocument,
): Promise<SyncDocument | undefined> {
  if (pushed._deleted) return undefined;
  await listConflict(ctx, def, review, pushed, null, [PURGED]);
  return { ...pushed, _deleted: true };
}

/** Lists a written document that collides with other records (see `SyncRules.crossCheck`); it stays written. */
async function listCrossConflicts(
  ctx: PushContext,
  def: CollectionDef<RecordBase>,
  rules: SyncRules,
  store: Store,
  review: Kysely<SyncTables>,
  pushed: SyncDocument,
  record: Record<string, unknown>,
): Promise<void> {
  const problems = (await rules.crossCheck?.(store, record)) ?? [];
  if (problems.length > 0) await listConflict(ctx, def, review, pushed, null, problems);
}

/** Keeps `pushed` in the conflict list with why, beside the server's version when it kept its own. */
async function listConflict(
  ctx: PushContext,
  def: CollectionDef<RecordBase>,
  review: Kysely<SyncTables>,
  pushed: SyncDocument,
  master: SyncDocument | null,
  reasons: ErrorDetail[],
): Promise<void> {
  const id = await addReviewEntry(
    review,
    ctx.actor.tenantId,
    {
      kind: 'conflict',
      collection: def.name,
      docId: pushed.id,
      deviceId: ctx.actor.id,
      document: pushed,
      master,
      reasons,
    },
    ctx.clock,
    ctx.ids,
  );
  if (id) ctx.listed?.push({ id, kind: 'conflict' });
}

/** One pushed row and the collection it belongs to (a storage group's push mixes collections). */
export interface PushEntry {
  def: CollectionDef<RecordBase>;
  row: PushRow;
}

/** A master state the installation must take, and the collection it belongs to. */
export interface PushAnswer {
  collection: string;
  document: SyncDocument;
}

/**
 * Applies one push batch of `def` for the installation `ctx.actor`.
 *
 * @returns the documents the installation must take as master state: the server's version for a
 *   conflict or a refusal, the merged version when the collection's handler merged, a tombstone of
 *   the pushed document when a refused document never existed on the server (so the installation
 *   stops retrying it; its content is in the review list). `[]` when every row was written.
 * @throws DomainError when the database fails; nothing of the batch is written then.
 */
export async function pushChanges(
  ctx: PushContext,
  def: CollectionDef<RecordBase>,
  rows: readonly PushRow[],
): Promise<SyncDocument[]> {
  const answers = await pushEntries(
    ctx,
    rows.map((row) => ({ def, row })),
  );
  return answers.map((answer) => answer.document);
}

/**
 * Applies one push batch whose rows may belong to several collections (a storage group's push),
 * each row checked, written or refused exactly as {@link pushChanges} does for its own collection,
 * all in one transaction.
 *
 * @returns the master states to take, each with its collection, in the order of the rows.
 * @throws DomainError when the database fails; nothing of the batch is written then.
 */
export async function pushEntries(given: PushContext, entries: readonly PushEntry[]): Promise<PushAnswer[]> {
  const ctx: PushContext = { ...given, listed: [] };
  const tenantId = ctx.actor.tenantId;
  const answers: PushAnswer[] = [];
  const base = ctx.database.forTenant(tenantId);
  // Guarded outside the transaction, so the audit log keeps only the writes that commit.
  const root = ctx.guard ? ctx.guard(base) : base;
  await root.transaction(async (tx) => {
    ctx.listed!.length = 0;
    // The unguarded store joins the running transaction (session.ts): its executor is the transaction's.
    const executor = executorOf(base);
    const review = executor.withTables<SyncTables>();
    await lockTenant(executor, tenantId);
    for (const { def, row } of entries) {
      const rules = syncRulesOf(def.name);
      const writePermission = syncPermissions(def.name).write;
      const pushed = row.newDocumentState;
      const master = await masterState(executor, def, tenantId, pushed.id);
      const masterDoc = master && toSyncDocument(master.data, master.deleted);
      // A re-sent push (its answer was lost) finds its own state already there: nothing to do.
      if (masterDoc && sameDocument(pushed, masterDoc)) continue;
      // Re-sent over a master that moved on: the master answers, nothing is written or listed (replays.ts).
      const replay = await replayAnswer(
        review,
        { tenantId, deviceId: ctx.actor.id, collection: def.name, row },
        masterDoc,
        ctx.clock,
      );
      if (replay) {
        answers.push({ collection: def.name, document: replay });
        continue;
      }
      let reasons: ErrorDetail[];
      // Refused before the database: PostgreSQL cannot store U+0000 (and failed the whole batch) where
      // SQLite stored it; both refuse the row the same way, as an operation refuses such input.
      const controls = controlCharacterDetails(pushed);
      const live = masterDoc && !masterDoc._deleted ? masterDoc : undefined;
      const unbound = bindingPushProblems(ctx.actor, def.name, pushed, live);
      if (!can(ctx.actor, writePermission)) {
        reasons = [{ path: '', message: `a instalação não tem a permissão ${writePermission}` }];
      } else if (unbound.length > 0) {
        reasons = unbound;
      } else if (controls.length > 0) {
        reasons = controls;
      } else {
        try {
          const answer = await tx.transaction((inner) => writeRow(ctx, def, rules, inner, review, master, row));
          if (answer) answers.push({ collection: def.name, document: answer });
          continue;
        } catch (error) {
          if (error instanceof Refused) reasons = error.reasons;
          else if (isDomainError(error)) reasons = [...error.details];
          else throw error;
        }
      }
      const listedId = await addReviewEntry(
        review,
        tenantId,
        {
          kind: 'rejection',
          collection: def.name,
          docId: pushed.id,
          deviceId: ctx.actor.id,
          document: pushed,
          master: masterDoc ?? null,
          reasons,
        },
        ctx.clock,
        ctx.ids,
      );
      if (listedId) ctx.listed!.push({ id: listedId, kind: 'rejection' });
      // Never another professional's record as the answer (device-user.ts): the pushed one is dropped.
      const answer = masterDoc && unbound.length === 0 ? masterDoc : { ...pushed, _deleted: true };
      answers.push({ collection: def.name, document: answer });
    }
  });
  // After the commit, outside the push: the review list stands even when the notice cannot be written
  // (it is where the items live; the bell only points at it).
  await notifySyncReview({ store: base, clock: ctx.clock, ids: ctx.ids }, ctx.listed!, ctx.actor.userId).catch(
    () => undefined,
  );
  return answers;
}
