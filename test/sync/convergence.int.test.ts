/**
 * Model-based property test of sync (fast-check `commands`): three desks on RxDB memory and one
 * server on an SQLite file or a PostgreSQL schema, behind links that lose requests and answers,
 * duplicate and delay them, go offline at random, and hold pushes or pulls for a while (a slow
 * uplink: a push sent whose answer arrives after other desks synced). Desks create, edit, delete and
 * inactivate patients (the desks' window keeps active ones only) and personal templates (some invalid
 * for the server); the server itself inactivates and reactivates patients (an integrator's edit), and
 * desks' earlier push batches are replayed mid-run. At quiescence:
 * - every desk holds exactly what the server's windows send it (active patients, every template);
 * - every desk's last write of every document is on the server (accepted at some point) or in the
 *   review list with its content;
 * - replaying every push the server ever received, each by the desk that sent it, changes no
 *   document and adds no review entry; no replay mid-run added a conflict entry either.
 *
 * Runs: `CLINIC_SYNC_RUNS` per database (default 35 on SQLite, 15 on PostgreSQL; CI runs 100 each).
 * A failure prints fast-check's seed and path; replay with `CLINIC_SYNC_SEED=<seed> CLINIC_SYNC_PATH=<path>`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalTemplates } from '#core/access/personal-template-ops.js';
import { isDomainError } from '#core/errors.js';
import { patients } from '#core/patient/patient-record.js';
import type { AnyCollectionDef, CollectionDef } from '#core/store/collection-def.js';
import { withoutRevision, type RecordBase } from '#core/store/record.js';
import { COLLECTION_FIELD } from '#core/store/rxdb/storage-groups.js';
import { sameDocument } from '#core/sync/protocol.js';
import { DEFAULT_SYNC_WINDOWS, throughWindow } from '#core/sync/windows.js';
import { expectNoWriteLost, pushedGroup, quiesce, recordAccepted, writeKey, type DeskWrites } from './desk-writes.js';
import { holdRequests, seededRandom, type RequestKind } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { Network } from './network-command.js';
import { patientDoc } from './patient-doc.js';
import {
  enrolDevice,
  seedAdmin,
  startSyncServerOn,
  syncEngines,
  type SyncEngine,
  type SyncTestServer,
} from './sync-fixture.js';

const DEFAULT_RUNS: Record<SyncEngine, number> = { sqlite: 35, postgresql: 15 };
const runsOn = (engine: SyncEngine) => Number(process.env.CLINIC_SYNC_RUNS ?? DEFAULT_RUNS[engine]);
const engines = await syncEngines('PostgreSQL convergence property test');
const COLLECTIONS: readonly AnyCollectionDef[] = [patients, personalTemplates];
/** A declaration typed for plain records (the test reads and writes any field). */
const plain = (def: AnyCollectionDef) => def as unknown as CollectionDef<RecordBase & Record<string, unknown>>;
const DESKS = 3;

let accounts = 0;

/** One run's world: its server, a fresh account, its desks, and what the test saw. */
interface World extends DeskWrites {
  server: SyncTestServer;
  tenantId: string;
  desks: TestInstallation[];
  /** Each desk's device token, to replay its pushes as itself. */
  tokens: string[];
  /** Each desk's held requests, released by {@link Release} or before quiescence. */
  releases: (() => void)[][];
  /** Every push request the server answered: which desk, storage group and body. */
  pushes: { desk: number; group: string; body: unknown }[];
  nextId: number;
  /** Seconds of the last `updatedAt` written: every edit writes a new one, as real edits do. */
  ticks: number;
}

/** The model: how many documents each desk created (ids are counters). */
interface Model {
  created: number;
}

function newRecord(world: World, def: AnyCollectionDef, id: string, label: string, valid: boolean) {
  const base = {
    id,
    tenantId: world.tenantId,
    createdAt: valid ? '2026-11-23T09:00:00-03:00' : 'ontem',
    updatedAt: '2026-11-23T09:00:00-03:00',
  };
  if (def === patients) return { ...patientDoc(world.tenantId, id, label), ...base };
  return { ...base, owner: 'u-1', name: label, kind: 'message', content: `texto ${label}` };
}

const key = (desk: number, def: AnyCollectionDef, id: string) => writeKey(desk, def.name, id);

/** A fresh `updatedAt` for an edit, one second after the last one of the run. */
function stamp(world: World): string {
  const at = new Date(Date.UTC(2026, 10, 23, 13, 0, 0) + ++world.ticks * 1000);
  return `${at.toISOString().slice(0, 19)}-03:00`;
}

async function attempt(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    // A replication (or a push, on the server) wrote or removed the document between the read and
    // the write: the person would retry.
    if (!isDomainError(error) || (error.code !== 'conflict' && error.code !== 'not_found')) throw error;
  }
}

class Create implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly desk: number,
    readonly def: AnyCollectionDef,
    readonly valid: boolean,
  ) {}
  check = () => true;
  async run(model: Model, world: World) {
    model.created += 1;
    const id = `0193a1c2-7b3e-7cc1-9a52-${String(++world.nextId).padStart(12, '0')}`;
    const record = newRecord(world, this.def, id, `Nome ${world.nextId}`, this.valid);
    await world.desks[this.desk]!.database.forTenant(world.tenantId).collection(plain(this.def)).insert(record);
    world.lastWrites.set(key(this.desk, this.def, id), { ...record, _deleted: false });
  }
  toString = () => `create(${this.desk}, ${this.def.name}, ${this.valid ? 'ok' : 'invalid'})`;
}

class Edit implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly desk: number,
    readonly def: AnyCollectionDef,
    readonly pick: number,
    readonly remove: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.created > 0;
  async run(_model: Model, world: World) {
    const collection = world.desks[this.desk]!.database.forTenant(world.tenantId).collection(plain(this.def));
    const docs = await collection.find();
    if (docs.length === 0) return;
    const doc = docs[this.pick % docs.length]!;
    await attempt(async () => {
      if (this.remove) {
        await collection.remove(doc.id, doc._rev);
        world.lastWrites.set(key(this.desk, this.def, doc.id), { ...withoutRevision(doc), _deleted: true });
      } else {
        const next = { ...withoutRevision(doc), name: `Editado ${this.desk}.${this.pick}`, updatedAt: stamp(world) };
        await collection.update(doc.id, doc._rev, next);
        world.lastWrites.set(key(this.desk, this.def, doc.id), { ...next, _deleted: false });
      }
    });
  }
  toString = () => `${this.remove ? 'remove' : 'edit'}(${this.desk}, ${this.def.name}, #${this.pick})`;
}

/** A desk makes a patient inactive: it leaves every desk's window. */
class Inactivate implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly desk: number,
    readonly pick: number,
  ) {}
  check = (model: Readonly<Model>) => model.created > 0;
  async run(_model: Model, world: World) {
    const collection = world.desks[this.desk]!.database.forTenant(world.tenantId).collection(plain(patients));
    const docs = await collection.find();
    if (docs.length === 0) return;
    const doc = docs[this.pick % docs.length]!;
    const next = { ...withoutRevision(doc), active: false, updatedAt: stamp(world) };
    await attempt(async () => {
      await collection.update(doc.id, doc._rev, next);
      world.lastWrites.set(key(this.desk, patients, doc.id), { ...next, _deleted: false });
    });
  }
  toString = () => `inactivate(${this.desk}, #${this.pick})`;
}

/** The server (an integrator over REST) makes a patient inactive, or active again. */
class ServerToggle implements fc.AsyncCommand<Model, World> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.created > 0;
  async run(_model: Model, world: World) {
    const collection = world.server.database.forTenant(world.tenantId).collection(plain(patients));
    const docs = await collection.find();
    if (docs.length === 0) return;
    const doc = docs[this.pick % docs.length]!;
    await attempt(async () => {
      await collection.update(doc.id, doc._rev, {
        ...withoutRevision(doc),
        active: doc['active'] !== true,
        updatedAt: stamp(world),
      });
    });
  }
  toString = () => `serverToggle(#${this.pick})`;
}

/** A slow link: the desk's pushes or pulls wait (before the server, or after it answered) until released. */
class Hold implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly desk: number,
    readonly kind: RequestKind,
    readonly at: 'request' | 'answer',
  ) {}
  check = () => true;
  async run(_model: Model, world: World) {
    world.releases[this.desk]!.push(holdRequests(world.desks[this.desk]!.link, this.kind, this.at));
    await Promise.resolve();
  }
  toString = () => `hold(${this.desk}, ${this.kind}, ${this.at})`;
}

class Release implements fc.AsyncCommand<Model, World> {
  constructor(readonly desk: number) {}
  check = () => true;
  async run(_model: Model, world: World) {
    releaseAll(world, this.desk);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  toString = () => `release(${this.desk})`;
}

function releaseAll(world: World, desk: number): void {
  for (const release of world.releases[desk]!.splice(0)) release();
}

/**
 * A desk's earlier push batch arrives again (a retry after a lost answer, a proxy's replay) while
 * everything else goes on: it adds no conflict entry for any of its states.
 */
class Replay implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly desk: number,
    readonly pick: number,
  ) {}
  check = () => true;
  async run(_model: Model, world: World) {
    const own = world.pushes.filter((push) => push.desk === this.desk);
    if (own.length === 0) return;
    const push = own[this.pick % own.length]!;
    const states = (push.body as { newDocumentState: Record<string, unknown> }[]).map((row) => row.newDocumentState);
    const listedBefore = await conflictsOf(world, states);
    await replay(world, push);
    expect(await conflictsOf(world, states), 'um reenvio criou um conflito').toBe(listedBefore);
  }
  toString = () => `replay(${this.desk}, #${this.pick})`;
}

/** Sends `push` again as the desk that sent it, straight to the server. */
async function replay(world: World, push: World['pushes'][number]): Promise<void> {
  const res = await world.server.app.request(`http://clinica.test/sync/group/${push.group}/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${world.tokens[push.desk]!}` },
    body: JSON.stringify(push.body),
  });
  expect(res.status).toBe(200);
}

/** The review list of the run's account, every kind, resolved or not. */
async function reviewOf(world: World): Promise<{ kind: string; collection: string; document: string }[]> {
  return (await world.server.database.kysely
    .selectFrom('sync_review' as never)
    .select(['kind' as never, 'collection' as never, 'document' as never])
    .where('tenant_id' as never, '=', world.tenantId as never)
    .execute()) as { kind: string; collection: string; document: string }[];
}

/** How many conflict entries hold one of `states` (group push documents, tagged with their collection). */
async function conflictsOf(world: World, states: Record<string, unknown>[]): Promise<number> {
  const entries = (await reviewOf(world)).filter((entry) => entry.kind === 'conflict');
  return entries.filter((entry) =>
    states.some((state) => {
      const { [COLLECTION_FIELD]: collection, ...document } = state;
      return collection === entry.collection && sameDocument(JSON.parse(entry.document), document);
    }),
  ).length;
}

class Resync implements fc.AsyncCommand<Model, World> {
  constructor(readonly desk: number) {}
  check = () => true;
  async run(_model: Model, world: World) {
    world.desks[this.desk]!.sync.resync();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  toString = () => `resync(${this.desk})`;
}

class Wait implements fc.AsyncCommand<Model, World> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run() {
    await new Promise((resolve) => setTimeout(resolve, this.ms));
  }
  toString = () => `wait(${this.ms})`;
}

const desk = fc.integer({ min: 0, max: DESKS - 1 });
const collection = fc.constantFrom(...COLLECTIONS);
const faults = fc.record({
  dropRequest: fc.constantFrom(0, 0.1, 0.3),
  dropResponse: fc.constantFrom(0, 0.1, 0.3),
  duplicate: fc.constantFrom(0, 0.2),
  maxDelayMs: fc.constantFrom(0, 5, 20),
});
const create = fc
  .tuple(desk, collection, fc.boolean(), fc.nat(9))
  .map(([d, c, ok, n]) => new Create(d, c, ok || n > 1));
const edit = fc.tuple(desk, collection, fc.nat(20)).map(([d, c, p]) => new Edit(d, c, p, false));
const commands = fc.commands(
  [
    // Creations and edits twice as likely as the rest: the other commands act on what they made.
    create,
    create,
    edit,
    edit,
    fc.tuple(desk, collection, fc.nat(20)).map(([d, c, p]) => new Edit(d, c, p, true)),
    fc.tuple(desk, fc.nat(20)).map(([d, p]) => new Inactivate(d, p)),
    fc.nat(20).map((p) => new ServerToggle(p)),
    fc.tuple(desk, fc.boolean(), faults).map(([d, on, f]) => new Network<Model>(d, on, f)),
    fc
      .tuple(
        desk,
        fc.constantFrom<RequestKind>('push', 'pull'),
        fc.constantFrom<'request' | 'answer'>('request', 'answer'),
      )
      .map(([d, kind, at]) => new Hold(d, kind, at)),
    desk.map((d) => new Release(d)),
    fc.tuple(desk, fc.nat(50)).map(([d, p]) => new Replay(d, p)),
    desk.map((d) => new Resync(d)),
    fc.integer({ min: 1, max: 30 }).map((ms) => new Wait(ms)),
  ],
  { maxCommands: 40, size: 'large' },
);

async function serverDocs(world: World, def: AnyCollectionDef): Promise<Map<string, unknown>> {
  const docs = await world.server.database.forTenant(world.tenantId).collection(plain(def)).find();
  return new Map(docs.map((d) => [d.id, withoutRevision(d)]));
}

/** What the server's windows send a desk of `def` (the desks' defaults: active patients, every template). */
async function windowedServerDocs(world: World, def: AnyCollectionDef): Promise<Map<string, unknown>> {
  const window = DEFAULT_SYNC_WINDOWS[def.name];
  const now = world.server.clock.now();
  return new Map(
    [...(await serverDocs(world, def))].filter(([id, doc]) => {
      const sent = throughWindow(window, { ...(doc as Record<string, unknown>), id, _deleted: false }, now, true);
      return sent !== undefined && !sent._deleted;
    }),
  );
}

/**
 * Whether `answered` is what the server answers for a pushed state it took: an inactive patient is
 * outside the desks' window, so it is answered as its tombstone. (A refused new document is answered
 * the same way; the test's invalid documents are told apart by their `createdAt`, never a date.)
 */
const takenAsSent = (pushed: Record<string, unknown>, answered: Record<string, unknown>) =>
  pushed[COLLECTION_FIELD] === patients.name &&
  pushed['active'] === false &&
  pushed['createdAt'] !== 'ontem' &&
  sameDocument(answered, { ...pushed, _deleted: true });

async function deskDocs(desk: TestInstallation, tenantId: string, def: AnyCollectionDef) {
  const docs = await desk.database.forTenant(tenantId).collection(plain(def)).find();
  return new Map(docs.map((d) => [d.id, withoutRevision(d)]));
}

/** Every desk's documents of every collection, for {@link quiesce}. */
const snapshot = (world: World) =>
  Promise.all(
    world.desks.flatMap((d) => COLLECTIONS.map(async (def) => [...(await deskDocs(d, world.tenantId, def))])),
  );

async function runWorld(
  server: SyncTestServer,
  seed: number,
  cmds: Iterable<fc.AsyncCommand<Model, World>>,
): Promise<void> {
  const admin = await seedAdmin(server, `Clínica ${++accounts}`);
  const world: World = {
    server,
    tenantId: admin.tenantId,
    desks: [],
    tokens: [],
    releases: [],
    lastWrites: new Map(),
    accepted: new Map(),
    pushes: [],
    nextId: 0,
    ticks: 0,
  };
  try {
    for (let i = 0; i < DESKS; i++) {
      const { token } = await enrolDevice(server, admin.token, 'desk', `Recepção ${i}`);
      const installation = await openInstallation(server.app, token, COLLECTIONS, seededRandom(seed + i));
      installation.link.onExchange = (path, body, answer) => {
        const group = pushedGroup(path);
        if (!group) return;
        world.pushes.push({ desk: i, group, body });
        recordAccepted(world.accepted, body, answer, takenAsSent);
      };
      world.desks.push(installation);
      world.tokens.push(token);
      world.releases.push([]);
    }
    await fc.asyncModelRun(() => ({ model: { created: 0 }, real: world }), cmds);
    for (let i = 0; i < DESKS; i++) releaseAll(world, i);
    await quiesce(world.desks, () => snapshot(world));

    for (const def of COLLECTIONS) {
      const windowed = await windowedServerDocs(world, def);
      for (const d of world.desks) expect(await deskDocs(d, world.tenantId, def)).toEqual(windowed);
    }
    if (process.env.CLINIC_SYNC_DEBUG) console.log(`pushes ${world.pushes.length}`);
    await expectNoWriteLost(server, world.tenantId, world);

    // Replaying every push the server ever received, each as the desk that sent it, changes no
    // document and lists nothing new.
    const before = await Promise.all(COLLECTIONS.map((def) => serverDocs(world, def)));
    const listed = (await reviewOf(world)).length;
    for (const d of world.desks) d.link.onExchange = undefined;
    for (const push of world.pushes) await replay(world, push);
    const after = await Promise.all(COLLECTIONS.map((def) => serverDocs(world, def)));
    expect(after).toEqual(before);
    expect((await reviewOf(world)).length, 'reenvios criaram entradas na lista de revisão').toBe(listed);
  } finally {
    for (let i = 0; i < world.desks.length; i++) releaseAll(world, i);
    for (const d of world.desks) await d.close();
  }
}

describe.each(engines)('sync on %s', (engine: SyncEngine) => {
  let server: SyncTestServer;
  beforeAll(async () => {
    server = await startSyncServerOn(engine);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const runs = runsOn(engine);
  it(`converges under faults, windows, slow links and replays: desks equal the server's windows, no write lost, replays change and list nothing (${runs} runs)`, async () => {
    const seed = process.env.CLINIC_SYNC_SEED ? Number(process.env.CLINIC_SYNC_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), commands, (faultSeed, cmds) =>
        runWorld(server, faultSeed, cmds),
      ),
      {
        numRuns: runs,
        ...(seed === undefined ? {} : { seed, path: process.env.CLINIC_SYNC_PATH, endOnFailure: true }),
      },
    );
  }, 900_000);
});
