/**
 * The replication endpoints (docs/architecture.md "Sync"): RxDB's HTTP protocol per storage group (what desks
 * replicate: several collections share one RxDB collection) and per collection (for integrators),
 * plus the review list installations read. Protocol routes, not catalogue operations: they carry documents of
 * any collection and answer in RxDB's shapes, so they are mounted here rather than derived from an
 * operation (the enrolment operations are regular operations, see device-ops.ts).
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { AuditSink } from '#core/access/audit.js';
import { can } from '#core/actor.js';
import { DomainError, validationError } from '#core/errors.js';
import type { AnyCollectionDef, CollectionDef } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { CLINIC_STORAGE_GROUPS, COLLECTION_FIELD, type StorageGroups } from '#core/store/rxdb/storage-groups.js';
import { MAX_PULL_LIMIT, pushRows, syncCheckpoint, type PushRow, type SyncDocument } from '#core/sync/protocol.js';
import { syncPermissions } from '#core/sync/record-rules.js';
import { DEFAULT_SYNC_WINDOWS, sendsDown, type SyncWindows } from '#core/sync/windows.js';
import { requestOrigin } from '../auth/origin.js';
import type { OperationContexts } from '../operation-context.js';
import { leaseNumbers, MAX_LEASE, type NumberSeriesTables } from '../numbering/number-series.js';
import type { SqlDatabase, StoreTables } from '../store/index.js';
import { ChangeHub } from './change-hub.js';
import { requireClientSchema } from './client-version.js';
import { authenticateDevice } from './device-auth.js';
import type { DeviceActor, Devices } from './devices.js';
import { pullChanges, pullGroupChanges } from './pull.js';
import { pushChanges, pushEntries, type PushContext, type PushEntry } from './push.js';
import { settleClashes } from './review-clashes.js';
import { listReview, resolveReviewEntry } from './review.js';
import { answerStream } from './stream.js';
import { bindingAllowsCollection, mayHold, sharedWithStation, type SharedWithLookup } from './device-user.js';
import { pullForInstallation } from './installation-pull.js';
import { answersThroughWindows } from './push-answer.js';
import { pushedDocIds } from './replays.js';
import type { SyncTables } from './sync-tables.js';

/** What the sync routes are built from. */
export interface SyncRouteDeps {
  database: SqlDatabase;
  devices: Devices;
  /** Every replicated collection (`allCollections`). */
  collections: readonly AnyCollectionDef[];
  /** The storage groups installations replicate; default `CLINIC_STORAGE_GROUPS`. */
  groups?: StorageGroups;
  /**
   * The server's one context builder (sync-server/operation-context.ts): its clock and ids, and the
   * store an installation's pushes write through (guarded as an operation's).
   */
  contexts: OperationContexts;
  /** Audit log pulls of patient data go to. */
  audit?: AuditSink;
  /** Runs when a request ends, before the answer leaves (writes the audit entries). */
  settle?(): Promise<void>;
  trustProxy?: boolean;
  /** Wakes open streams; one is made (polling every second) when absent. */
  hub?: ChangeHub;
  /** Which documents of each collection go down (`readSyncWindows`); default `DEFAULT_SYNC_WINDOWS`. */
  windows?: SyncWindows;
  /** Oldest installation schema version served (default `MIN_SYNC_SCHEMA_VERSION`); older ones get 426. */
  minClientSchema?: number;
  /** Bound documents shared with a station's user besides its own (accepted medical-record shares, MED-055). */
  sharedWith?: SharedWithLookup;
}

const pullQuery = z.strictObject({
  checkpoint: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return { seq: 0 };
      try {
        const parsed = syncCheckpoint.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'checkpoint deve ser JSON {"seq": inteiro ≥ 0}' });
      return z.NEVER;
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(100)
    .transform((n) => Math.min(n, MAX_PULL_LIMIT)),
});

const reviewQuery = z.strictObject({
  after: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const resolutionBody = z.strictObject({
  decision: z.enum(['keep_server', 'apply_mine']),
  /** The person signed in at the installation, recorded beside it. */
  by: z.string().trim().min(1).max(200).optional(),
});

const seriesName = z.string().regex(/^[a-z][a-zA-Z0-9_.:-]{0,99}$/, 'nome de série inválido');
const leaseBody = z.strictObject({ size: z.number().int().min(1).max(MAX_LEASE) });

function parse<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, prefix);
  return parsed.data;
}

function forbidden(permission: string): DomainError {
  return new DomainError('forbidden', 'A instalação não tem acesso a esta coleção', [
    { path: 'collection', message: `exige ${permission}` },
  ]);
}

function mayRead(actor: DeviceActor, collection: string): boolean {
  const { read, write } = syncPermissions(collection);
  return (can(actor, read) || can(actor, write)) && bindingAllowsCollection(actor, collection);
}

async function jsonBody(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError('validation', 'Requisição inválida', [{ path: 'body', message: 'JSON inválido' }]);
  }
}

/** A document of a group push without its collection tag; the tag names the collection. */
function untagged(doc: SyncDocument): SyncDocument {
  const { [COLLECTION_FIELD]: _tag, ...rest } = doc;
  return rest;
}

/**
 * The rows of a group push, each with the collection its `rx_collection` names (one of `members`).
 * @throws DomainError `validation` naming the row whose tag is missing, foreign to the group or
 *   different between its two states.
 */
function groupEntries(rows: readonly PushRow[], members: ReadonlyMap<string, CollectionDef<RecordBase>>): PushEntry[] {
  return rows.map((row, index) => {
    const tag = row.newDocumentState[COLLECTION_FIELD];
    const def = typeof tag === 'string' ? members.get(tag) : undefined;
    const assumedTag = row.assumedMasterState?.[COLLECTION_FIELD];
    if (!def || (row.assumedMasterState && assumedTag !== tag)) {
      throw new DomainError('validation', 'Requisição inválida', [
        { path: `body.${index}.newDocumentState.${COLLECTION_FIELD}`, message: 'coleção ausente ou fora do grupo' },
      ]);
    }
    const newDocumentState = untagged(row.newDocumentState);
    return {
      def,
      row: row.assumedMasterState
        ? { assumedMasterState: untagged(row.assumedMasterState), newDocumentState }
        : { newDocumentState },
    };
  });
}

/**
 * Mounts `GET /sync/group/{group}/pull`, `POST /sync/group/{group}/push` (documents tagged with
 * `rx_collection`), `GET /sync/{collection}/pull`, `POST /sync/{collection}/push`, `GET /sync/stream`,
 * `GET /sync/rejections`, `GET /sync/conflicts`, `POST /sync/review/{id}/resolution` (a person's
 * decision on an entry, review.ts) and `POST /sync/numbers/{series}/lease` (number
 * blocks for offline budget numbers and tickets). Every route authenticates an installation by its device token and sees only
 * its tenant. Call before the app answers its first request (Hono builds its router then).
 */
export function mountSyncRoutes(app: Hono, deps: SyncRouteDeps): void {
  const byName = new Map(deps.collections.map((def) => [def.name, def as unknown as CollectionDef<RecordBase>]));
  const collectionOf = (name: string): CollectionDef<RecordBase> => {
    const def = byName.get(name);
    if (!def) {
      throw new DomainError('not_found', 'Coleção não replicada', [
        { path: 'collection', message: `desconhecida: ${name}` },
      ]);
    }
    return def;
  };
  const groups = new Map<string, Map<string, CollectionDef<RecordBase>>>();
  for (const [group, names] of Object.entries(deps.groups ?? CLINIC_STORAGE_GROUPS)) {
    const members = new Map(names.flatMap((name) => (byName.has(name) ? [[name, byName.get(name)!] as const] : [])));
    if (members.size > 0) groups.set(group, members);
  }
  const groupOf = (name: string): Map<string, CollectionDef<RecordBase>> => {
    const members = groups.get(name);
    if (!members) {
      throw new DomainError('not_found', 'Grupo não replicado', [{ path: 'group', message: `desconhecido: ${name}` }]);
    }
    return members;
  };
  app.use('/sync/*', requireClientSchema(deps.minClientSchema));
  const windows = deps.windows ?? DEFAULT_SYNC_WINDOWS;
  const syncTables = () => deps.database.kysely.withTables<SyncTables>();
  const hub =
    deps.hub ??
    new ChangeHub(deps.database.kysely.withTables<StoreTables>(), 1000, deps.database.listen, deps.database.feed);
  /** What a push (and a review resolution, which runs through a push's checks) writes with, for `actor`. */
  const pushContext = (c: Context, actor: DeviceActor): PushContext => {
    const origin = requestOrigin(c, deps.trustProxy ?? false);
    return {
      database: deps.database,
      actor,
      clock: deps.contexts.clock,
      ids: deps.contexts.ids,
      guard: (store: Store) => deps.contexts.storeFor(actor, origin, store),
    };
  };
  const settled =
    <R>(work: () => Promise<R>) =>
    async (): Promise<R> => {
      try {
        return await work();
      } finally {
        await deps.settle?.();
      }
    };

  // A group pull serves only the members the installation may read: a desk replicates every group,
  // and a member it may not read simply never arrives (no error, so sync stays online).
  app.get('/sync/group/:group/pull', (c) =>
    settled(async () => {
      const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
      const members = [...groupOf(c.req.param('group')).values()].filter(
        (def) => mayRead(actor, def.name) && sendsDown(windows, def.name),
      );
      const query = parse(pullQuery, c.req.query(), 'query');
      const shared = await sharedWithStation(actor, deps.sharedWith);
      return c.json(
        await pullForInstallation({
          database: deps.database,
          tenantId: actor.tenantId,
          collections: members.map((def) => def.name),
          windows,
          clock: deps.contexts.clock,
          checkpoint: query.checkpoint,
          limit: query.limit,
          pull: (checkpoint) => pullGroupChanges(deps.database, actor, members, checkpoint, query.limit, deps.audit),
          collectionOf: (doc) => String(doc[COLLECTION_FIELD]),
          holds: (doc) => mayHold(actor, String(doc[COLLECTION_FIELD]), doc, shared),
          pushedByInstallation: (ids) => pushedDocIds(syncTables(), actor.tenantId, actor.id, ids),
        }),
      );
    })(),
  );

  app.post('/sync/group/:group/push', (c) =>
    settled(async () => {
      const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
      const members = groupOf(c.req.param('group'));
      const rows = parse(pushRows, await jsonBody(c), 'body') as PushRow[];
      const entries = groupEntries(rows, members);
      const answers = answersThroughWindows(
        windows,
        entries,
        await pushEntries(pushContext(c, actor), entries),
        deps.contexts.clock.now(),
      );
      hub.notify(actor.tenantId);
      return c.json(answers.map(({ collection, document }) => ({ ...document, [COLLECTION_FIELD]: collection })));
    })(),
  );

  app.get('/sync/:collection/pull', (c) =>
    settled(async () => {
      const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
      const def = collectionOf(c.req.param('collection'));
      if (!mayRead(actor, def.name)) throw forbidden(syncPermissions(def.name).read);
      const query = parse(pullQuery, c.req.query(), 'query');
      const shared = await sharedWithStation(actor, deps.sharedWith);
      return c.json(
        await pullForInstallation({
          database: deps.database,
          tenantId: actor.tenantId,
          collections: [def.name],
          windows,
          clock: deps.contexts.clock,
          checkpoint: query.checkpoint,
          limit: query.limit,
          pull: (checkpoint) => pullChanges(deps.database, actor, def, checkpoint, query.limit, deps.audit),
          holds: (doc) => mayHold(actor, def.name, doc, shared),
          pushedByInstallation: (ids) => pushedDocIds(syncTables(), actor.tenantId, actor.id, ids),
        }),
      );
    })(),
  );

  app.post('/sync/:collection/push', (c) =>
    settled(async () => {
      const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
      const def = collectionOf(c.req.param('collection'));
      const rows = parse(pushRows, await jsonBody(c), 'body') as PushRow[];
      const entries = rows.map((row) => ({ def, row }));
      const conflicts = (await pushChanges(pushContext(c, actor), def, rows)).map((document) => ({
        collection: def.name,
        document,
      }));
      hub.notify(actor.tenantId);
      return c.json(
        answersThroughWindows(windows, entries, conflicts, deps.contexts.clock.now()).map((answer) => answer.document),
      );
    })(),
  );

  app.get('/sync/stream', async (c) => {
    const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
    await deps.settle?.();
    const readable = [...groups].flatMap(([name, members]) => {
      const own = [...members.values()].filter((def) => mayRead(actor, def.name) && sendsDown(windows, def.name));
      return own.length > 0 ? [{ name, members: own }] : [];
    });
    return answerStream(
      c,
      {
        database: deps.database,
        hub,
        windows,
        clock: deps.contexts.clock,
        ...(deps.sharedWith ? { sharedWith: deps.sharedWith } : {}),
      },
      actor,
      readable,
    );
  });

  app.post('/sync/numbers/:series/lease', (c) =>
    settled(async () => {
      const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
      const series = parse(seriesName, c.req.param('series'), 'series');
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw new DomainError('validation', 'Requisição inválida', [{ path: 'body', message: 'JSON inválido' }]);
      }
      const { size } = parse(leaseBody, body, 'body');
      const range = await leaseNumbers(
        deps.database.kysely.withTables<NumberSeriesTables>(),
        actor.tenantId,
        series,
        size,
      );
      return c.json(range);
    })(),
  );

  for (const kind of ['rejection', 'conflict'] as const) {
    app.get(`/sync/${kind}s`, (c) =>
      settled(async () => {
        const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
        const query = parse(reviewQuery, c.req.query(), 'query');
        const readable = [...byName.keys()].filter((name) => mayRead(actor, name));
        // A clash between records leaves the list when it is gone, wherever it was undone.
        if (kind === 'conflict')
          await settleClashes(
            { database: deps.database, actor, clock: deps.contexts.clock, collectionOf: (name) => byName.get(name) },
            readable,
          );
        const entries = await listReview(
          deps.database.kysely.withTables<SyncTables>(),
          actor.tenantId,
          kind,
          readable,
          query.after === undefined ? { limit: query.limit } : { after: query.after, limit: query.limit },
        );
        // A bound collection's entry shows only on the station of the user it names (device-user.ts).
        const held = (e: (typeof entries)[number]) =>
          mayHold(actor, e.collection, e.document) && (e.master === null || mayHold(actor, e.collection, e.master));
        return c.json({ items: entries.filter(held) });
      })(),
    );
  }

  app.post('/sync/review/:id/resolution', (c) =>
    settled(async () => {
      const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
      const id = parse(z.string().min(1).max(100), c.req.param('id'), 'id');
      const body = parse(resolutionBody, await jsonBody(c), 'body');
      const resolution = await resolveReviewEntry(
        { ...pushContext(c, actor), collectionOf: (name) => byName.get(name) },
        id,
        body.decision,
        body.by ?? null,
      );
      if (resolution.decision === 'apply_mine') hub.notify(actor.tenantId);
      return c.json(resolution);
    })(),
  );
}
