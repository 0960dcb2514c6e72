/**
 * The replication endpoints (DESIGN.md "Sync"): RxDB's HTTP protocol per collection, plus the
 * review list installations read. Protocol routes, not catalogue operations: they carry documents of
 * any collection and answer in RxDB's shapes, so they are mounted here rather than derived from an
 * operation (the enrolment operations are regular operations, see device-ops.ts).
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AuditSink } from '../../core/access/audit.js';
import { can } from '../../core/actor.js';
import type { Clock } from '../../core/clock.js';
import { DomainError, validationError } from '../../core/errors.js';
import type { IdGenerator } from '../../core/ids.js';
import type { CallOrigin } from '../../core/operation.js';
import type { AnyCollectionDef, CollectionDef } from '../../core/store/collection-def.js';
import type { Store } from '../../core/store/port.js';
import type { RecordBase } from '../../core/store/record.js';
import { MAX_PULL_LIMIT, pushRows, syncCheckpoint, type PushRow } from '../../core/sync/protocol.js';
import { syncPermissions } from '../../core/sync/record-rules.js';
import { DEFAULT_SYNC_WINDOWS, sendsDown, type SyncWindows } from '../../core/sync/windows.js';
import type { Actor } from '../../core/actor.js';
import { requestOrigin } from '../auth/origin.js';
import { leaseNumbers, MAX_LEASE, type NumberSeriesTables } from '../numbering/number-series.js';
import type { SqlDatabase, StoreTables } from '../store/index.js';
import { ChangeHub } from './change-hub.js';
import { requireClientSchema } from './client-version.js';
import { authenticateDevice } from './device-auth.js';
import type { DeviceActor, Devices } from './devices.js';
import { pullChanges } from './pull.js';
import { pushChanges } from './push.js';
import { listReview } from './review.js';
import { answerStream } from './stream.js';
import { pullForInstallation } from './installation-pull.js';
import type { SyncTables } from './sync-tables.js';

/** What the sync routes are built from. */
export interface SyncRouteDeps {
  database: SqlDatabase;
  devices: Devices;
  /** Every replicated collection (`allCollections`). */
  collections: readonly AnyCollectionDef[];
  clock: Clock;
  ids: IdGenerator;
  /** Wraps the store pushes write through (the guarded store); as is when absent. */
  guard?(store: Store, actor: Actor, origin: CallOrigin): Store;
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
  return can(actor, read) || can(actor, write);
}

/**
 * Mounts `GET /sync/{collection}/pull`, `POST /sync/{collection}/push`, `GET /sync/stream`,
 * `GET /sync/rejections`, `GET /sync/conflicts` and `POST /sync/numbers/{series}/lease` (number
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
  app.use('/sync/*', requireClientSchema(deps.minClientSchema));
  const windows = deps.windows ?? DEFAULT_SYNC_WINDOWS;
  const hub = deps.hub ?? new ChangeHub(deps.database.kysely.withTables<StoreTables>(), 1000, deps.database.listen);
  const settled =
    <R>(work: () => Promise<R>) =>
    async (): Promise<R> => {
      try {
        return await work();
      } finally {
        await deps.settle?.();
      }
    };

  app.get('/sync/:collection/pull', (c) =>
    settled(async () => {
      const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
      const def = collectionOf(c.req.param('collection'));
      if (!mayRead(actor, def.name)) throw forbidden(syncPermissions(def.name).read);
      const query = parse(pullQuery, c.req.query(), 'query');
      return c.json(
        await pullForInstallation({
          database: deps.database,
          tenantId: actor.tenantId,
          collections: [def.name],
          windows,
          clock: deps.clock,
          checkpoint: query.checkpoint,
          limit: query.limit,
          pull: (checkpoint) => pullChanges(deps.database, actor, def, checkpoint, query.limit, deps.audit),
        }),
      );
    })(),
  );

  app.post('/sync/:collection/push', (c) =>
    settled(async () => {
      const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
      const def = collectionOf(c.req.param('collection'));
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw new DomainError('validation', 'Requisição inválida', [{ path: 'body', message: 'JSON inválido' }]);
      }
      const rows = parse(pushRows, body, 'body') as PushRow[];
      const origin = requestOrigin(c, deps.trustProxy ?? false);
      const conflicts = await pushChanges(
        {
          database: deps.database,
          actor,
          clock: deps.clock,
          ids: deps.ids,
          ...(deps.guard ? { guard: (store: Store) => deps.guard!(store, actor, origin) } : {}),
        },
        def,
        rows,
      );
      hub.notify(actor.tenantId);
      return c.json(conflicts);
    })(),
  );

  app.get('/sync/stream', async (c) => {
    const actor = await authenticateDevice(deps.devices, c.req.raw.headers);
    await deps.settle?.();
    const readable = [...byName.values()].filter((def) => mayRead(actor, def.name) && sendsDown(windows, def.name));
    return answerStream(c, { database: deps.database, hub }, actor, readable);
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
        const entries = await listReview(
          deps.database.kysely.withTables<SyncTables>(),
          actor.tenantId,
          kind,
          readable,
          query.after === undefined ? { limit: query.limit } : { after: query.after, limit: query.limit },
        );
        return c.json({ items: entries });
      })(),
    );
  }
}
