/**
 * The review list: pushed versions the server refused (rejections) or kept its own version over
 * (conflicts), with their full content, so the reception's conflict screen can show what was typed
 * and nothing a user saved is lost; and their resolution by a person (keep the server's version, or
 * write the listed one through a push's checks).
 */
import type { Kysely, Migration } from 'kysely';
import { can } from '#core/actor.js';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import type { IdGenerator } from '#core/ids.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { sameDocument, toSyncDocument, type SyncDocument } from '#core/sync/protocol.js';
import { deleteProblems } from '#core/sync/push-contract.js';
import { syncPermissions, syncRulesOf } from '#core/sync/record-rules.js';
import { executorOf, lockTenant, masterState, type SqlDatabase } from '../store/index.js';
import { bindingPushProblems, mayHold } from './device-user.js';
import type { DeviceActor } from './devices.js';
import { idClaimedElsewhere } from './id-claims.js';
import { refuseLiveClash } from './review-clashes.js';
import type { SyncTables } from './sync-tables.js';
import { problemsOf, recordOf } from './validate.js';

/** One entry of the review list as an installation reads it. */
export interface ReviewEntry {
  id: string;
  kind: 'rejection' | 'conflict';
  collection: string;
  docId: string;
  /** The installation that pushed it. */
  deviceId: string;
  /** Its name as enrolled ("Recepção 1"), null when it is gone. */
  deviceName: string | null;
  /** The pushed document, whole. */
  document: Record<string, unknown>;
  /** The server's version when the push arrived; null when it had none. */
  master: Record<string, unknown> | null;
  reasons: ErrorDetail[];
  at: string;
}

/** What a push adds to the list. */
export interface NewReviewEntry {
  kind: ReviewEntry['kind'];
  collection: string;
  docId: string;
  deviceId: string;
  document: Record<string, unknown>;
  master: Record<string, unknown> | null;
  reasons: ErrorDetail[];
}

/**
 * Adds an entry unless the same pushed document is already listed unresolved: a push re-sent after
 * a lost answer must change nothing.
 *
 * @param db the push's transaction, so the entry lands or is undone with it
 * @returns the new entry's id; undefined when the same document was already listed
 */
export async function addReviewEntry(
  db: Kysely<SyncTables>,
  tenantId: string,
  entry: NewReviewEntry,
  clock: Clock,
  ids: IdGenerator,
): Promise<string | undefined> {
  const document = JSON.stringify(entry.document);
  const same = await db
    .selectFrom('sync_review')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('collection', '=', entry.collection)
    .where('doc_id', '=', entry.docId)
    .where('kind', '=', entry.kind)
    .where('document', '=', document)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (same) return undefined;
  const id = ids.next();
  await db
    .insertInto('sync_review')
    .values({
      id,
      tenant_id: tenantId,
      device_id: entry.deviceId,
      kind: entry.kind,
      collection: entry.collection,
      doc_id: entry.docId,
      document,
      master: entry.master && JSON.stringify(entry.master),
      reasons: JSON.stringify(entry.reasons),
      at: isoWithOffset(clock.now()),
      resolved_at: null,
      resolution: null,
      resolved_by: null,
      resolved_by_user: null,
      replaced: null,
    })
    .execute();
  return id;
}

/**
 * Unresolved entries of the tenant of `kind`, oldest first, after the entry `after` (a cursor), only
 * of `collections` (those the reader may read).
 */
export async function listReview(
  db: Kysely<SyncTables>,
  tenantId: string,
  kind: ReviewEntry['kind'],
  collections: readonly string[],
  options: { after?: string; limit: number },
): Promise<ReviewEntry[]> {
  if (collections.length === 0) return [];
  let query = db
    .selectFrom('sync_review')
    .leftJoin('sync_devices', (join) =>
      join
        .onRef('sync_devices.id', '=', 'sync_review.device_id')
        .onRef('sync_devices.tenant_id', '=', 'sync_review.tenant_id'),
    )
    .selectAll('sync_review')
    .select('sync_devices.name as device_name')
    .where('sync_review.tenant_id', '=', tenantId)
    .where('sync_review.kind', '=', kind)
    .where('sync_review.resolved_at', 'is', null)
    .where('sync_review.collection', 'in', collections);
  if (options.after) query = query.where('sync_review.id', '>', options.after);
  const rows = await query.orderBy('sync_review.id').limit(options.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    collection: row.collection,
    docId: row.doc_id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    document: JSON.parse(row.document) as Record<string, unknown>,
    master: row.master === null ? null : (JSON.parse(row.master) as Record<string, unknown>),
    reasons: JSON.parse(row.reasons) as ErrorDetail[],
    at: row.at,
  }));
}

/** What a person decided about an entry: the server's version stands, or the listed one is written. */
export type ReviewDecision = 'keep_server' | 'apply_mine';

/**
 * How an entry was resolved: a person's {@link ReviewDecision}, or `clash_gone` for a clash between
 * records (two bookings of one slot) that the server found gone (one moved, cancelled or made an
 * encaixe): see {@link settleClashes}.
 */
export type ReviewOutcome = ReviewDecision | 'clash_gone';

/** An entry's recorded resolution. */
export interface ReviewResolution {
  id: string;
  decision: ReviewOutcome;
  /** ISO-8601 instant with offset. */
  resolvedAt: string;
  /** The installation that resolved it. */
  resolvedBy: string;
  /** The name of the person signed in at that installation, as the installation stated it. */
  resolvedByUser: string | null;
}

/** What resolving needs: the push's context (a resolution writes as a push does). */
export interface ResolveContext {
  database: SqlDatabase;
  actor: DeviceActor;
  clock: Clock;
  ids: IdGenerator;
  /** Wraps the store the write goes through (the guarded store), as in a push. */
  guard?(store: Store): Store;
  /** The replicated collection named `name`, undefined when it is not one. */
  collectionOf(name: string): CollectionDef<RecordBase> | undefined;
}

const notFound = (): DomainError =>
  new DomainError('not_found', 'Item da lista de revisão não encontrado', [{ path: 'id', message: 'não existe' }]);

/**
 * Resolves the entry `id` of the installation's tenant. `keep_server` only records the decision.
 * `apply_mine` writes the listed document as the new version over the server's current one, through
 * the same checks as a push (schema, rules, deletion rules, write permission); a document that
 * collides with other records is written and listed again, as on push. Re-sending the same decision
 * answers the recorded resolution and writes nothing (a lost answer retried).
 *
 * @throws DomainError `not_found` (no such entry in the tenant, or of a collection the installation
 *   may not read), `conflict` (already resolved with the other decision), `forbidden` (no write
 *   permission for `apply_mine`), `validation` with the reasons when the listed version is still
 *   invalid or the record was deleted (nothing written, the entry stays listed).
 */
export async function resolveReviewEntry(
  ctx: ResolveContext,
  id: string,
  decision: ReviewDecision,
  byUser: string | null,
): Promise<ReviewResolution> {
  const tenantId = ctx.actor.tenantId;
  const base = ctx.database.forTenant(tenantId);
  const root = ctx.guard ? ctx.guard(base) : base;
  return root.transaction(async (store) => {
    const executor = executorOf(base);
    const review = executor.withTables<SyncTables>();
    // The tenant's write lock, as a push: a resolution and a push of the same record never interleave.
    await lockTenant(executor, tenantId);
    const row = await review
      .selectFrom('sync_review')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    const def = row && ctx.collectionOf(row.collection);
    if (!row || !def) throw notFound();
    const { read, write } = syncPermissions(def.name);
    if (!can(ctx.actor, read) && !can(ctx.actor, write)) throw notFound();
    if (!mayHold(ctx.actor, def.name, JSON.parse(row.document) as Record<string, unknown>)) throw notFound();
    if (row.resolved_at === null) await refuseLiveClash(def, store, executor, tenantId, row);
    if (row.resolved_at !== null) {
      if (row.resolution !== decision) {
        throw new DomainError('conflict', 'Este item já foi resolvido de outra forma', [
          { path: 'decision', message: `já resolvido como ${row.resolution ?? 'desconhecido'}` },
        ]);
      }
      return resolutionOf(row);
    }
    let replaced: SyncDocument | null = null;
    if (decision === 'apply_mine') {
      if (!can(ctx.actor, write)) {
        throw new DomainError('forbidden', 'A instalação não pode gravar nesta coleção', [
          { path: 'collection', message: `exige ${write}` },
        ]);
      }
      replaced = await applyListed(ctx, def, store, executor, JSON.parse(row.document) as SyncDocument);
    }
    const resolved = {
      resolved_at: isoWithOffset(ctx.clock.now()),
      resolution: decision,
      resolved_by: ctx.actor.id,
      resolved_by_user: byUser,
    };
    await review
      .updateTable('sync_review')
      .set({ ...resolved, replaced: replaced && JSON.stringify(replaced) })
      .where('id', '=', id)
      .execute();
    return resolutionOf({ ...row, ...resolved });
  });
}

function resolutionOf(row: SyncTables['sync_review']): ReviewResolution {
  return {
    id: row.id,
    decision: row.resolution as ReviewOutcome,
    resolvedAt: row.resolved_at!,
    resolvedBy: row.resolved_by!,
    resolvedByUser: row.resolved_by_user,
  };
}

const INVALID = 'A versão desta estação continua inválida';

/**
 * Writes `listed` over the server's current version with a push's checks.
 * @returns the version it replaced (kept beside the entry: what someone typed on the server side is
 *   not lost either), null when it wrote over nothing.
 */
async function applyListed(
  ctx: ResolveContext,
  def: CollectionDef<RecordBase>,
  store: Store,
  executor: Kysely<unknown>,
  listed: SyncDocument,
): Promise<SyncDocument | null> {
  const tenantId = ctx.actor.tenantId;
  const rules = syncRulesOf(def.name);
  const master = await masterState(executor, def, tenantId, listed.id);
  const collection = store.collection(def);
  if (listed._deleted) {
    if (!master || master.deleted) return null;
    const problems = deleteProblems(def.name);
    if (problems.length > 0) throw new DomainError('validation', INVALID, problems);
    await collection.remove(listed.id, String(master.rev));
    return toSyncDocument(master.data, false);
  }
  if (master?.deleted) {
    // Tombstones are final (ids are never reused); the content stays readable in the list.
    throw new DomainError('validation', INVALID, [
      { path: '', message: 'o registro foi excluído e não pode ser restaurado; cadastre-o de novo' },
    ]);
  }
  // A listed cross-document conflict is already the server's version: nothing to write again.
  if (master && sameDocument(listed, toSyncDocument(master.data, false))) return null;
  const record = { ...recordOf(listed), updatedAt: isoWithOffset(ctx.clock.now()) };
  const problems = master ? [] : await idClaimedElsewhere(executor, def, tenantId, listed.id);
  problems.push(...bindingPushProblems(ctx.actor, def.name, listed, master?.data));
  if (problems.length === 0) problems.push(...problemsOf(def, rules, tenantId, record, master?.data));
  if (problems.length > 0) throw new DomainError('validation', INVALID, problems);
  if (master) await collection.update(listed.id, String(master.rev), record as unknown as RecordBase);
  else await collection.insert(record as unknown as RecordBase);
  const collisions = (await rules.crossCheck?.(store, record)) ?? [];
  if (collisions.length > 0) {
    await addReviewEntry(
      executor.withTables<SyncTables>(),
      tenantId,
      {
        kind: 'conflict',
        collection: def.name,
        docId: listed.id,
        deviceId: ctx.actor.id,
        document: toSyncDocument(record, false),
        master: null,
        reasons: collisions,
      },
      ctx.clock,
      ctx.ids,
    );
  }
  return master ? toSyncDocument(master.data, false) : null;
}

/** The review list's resolution columns, part of `syncMigrations`. */
export const reviewResolutionMigrations: Record<string, Migration> = {
  sync_0004_review_resolution: {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sync_review').addColumn('resolution', 'text').execute();
      await db.schema.alterTable('sync_review').addColumn('resolved_by', 'text').execute();
      await db.schema.alterTable('sync_review').addColumn('resolved_by_user', 'text').execute();
      await db.schema.alterTable('sync_review').addColumn('replaced', 'text').execute();
    },
  },
};
