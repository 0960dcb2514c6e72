/**
 * Installations whose clocks are wrong (one an hour ahead, one a day behind, one right) still
 * converge with the convergence test's invariants: their `createdAt`/`updatedAt` are skewed, but
 * checkpoints are the server's seq and conflicts are decided by master states, never by client
 * clocks. Also, deterministically: an edit made later by a desk whose clock is a day behind wins over
 * an earlier one stamped later, and reaches a desk whose clock is ahead.
 *
 * Runs: `CLINIC_SYNC_RUNS` (default 15 here). Replay: `CLINIC_SYNC_SEED` and `CLINIC_SYNC_PATH`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { isDomainError } from '#core/errors.js';
import { patients } from '#core/patient/patient-record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import { withoutRevision, type RecordBase } from '#core/store/record.js';
import { expectNoWriteLost, pushedGroup, quiesce, recordAccepted, writeKey, type DeskWrites } from './desk-writes.js';
import { seededRandom } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { Network } from './network-command.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';
import { patientDoc } from './patient-doc.js';

const RUNS = Number(process.env.CLINIC_SYNC_RUNS ?? 15);
const HOUR = 3_600_000;
/** Desk clocks: an hour ahead, a day behind, right. */
const SKEWS = [HOUR, -24 * HOUR, 0];
const plain = patients as unknown as CollectionDef<RecordBase & Record<string, unknown>>;

let server: SyncTestServer;
let accounts = 0;
beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(async () => {
  await server.close();
});

/** A desk whose clock is `skew` ms off. */
interface Desk extends TestInstallation {
  clock: Clock;
}

const skewedClock = (ms: number): Clock => ({ now: () => new Date(Date.now() + ms) });

async function openDesk(token: string, skew: number, seed: number): Promise<Desk> {
  const clock = skewedClock(skew);
  return { ...(await openInstallation(server.app, token, [patients], seededRandom(seed), { clock })), clock };
}

interface World extends DeskWrites {
  tenantId: string;
  desks: Desk[];
  nextId: number;
}
interface Model {
  created: number;
}

const col = (world: World, desk: number) => world.desks[desk]!.database.forTenant(world.tenantId).collection(plain);

function patient(world: World, id: string, name: string, at: string) {
  return patientDoc(world.tenantId, id, name, at);
}

class Create implements fc.AsyncCommand<Model, World> {
  constructor(readonly desk: number) {}
  check = () => true;
  async run(model: Model, world: World) {
    model.created += 1;
    const id = `0193a1c2-7b3e-7cc1-9a52-${String(++world.nextId).padStart(12, '0')}`;
    const at = isoWithOffset(world.desks[this.desk]!.clock.now());
    const record = patient(world, id, `Nome ${world.nextId}`, at);
    await col(world, this.desk).insert(record);
    world.lastWrites.set(writeKey(this.desk, patients.name, id), { ...record, _deleted: false });
  }
  toString = () => `create(${this.desk})`;
}

class Edit implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly desk: number,
    readonly pick: number,
    readonly remove: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.created > 0;
  async run(_model: Model, world: World) {
    const collection = col(world, this.desk);
    const docs = await collection.find();
    if (docs.length === 0) return;
    const doc = docs[this.pick % docs.length]!;
    try {
      if (this.remove) {
        await collection.remove(doc.id, doc._rev);
        world.lastWrites.set(writeKey(this.desk, patients.name, doc.id), { ...withoutRevision(doc), _deleted: true });
      } else {
        const at = isoWithOffset(world.desks[this.desk]!.clock.now());
        const next = { ...withoutRevision(doc), name: `Editado ${this.desk}.${this.pick}`, updatedAt: at };
        await collection.update(doc.id, doc._rev, next);
        world.lastWrites.set(writeKey(this.desk, patients.name, doc.id), { ...next, _deleted: false });
      }
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'conflict') throw error;
    }
  }
  toString = () => `${this.remove ? 'remove' : 'edit'}(${this.desk}, #${this.pick})`;
}

class Wait implements fc.AsyncCommand<Model, World> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_model: Model, world: World) {
    for (const d of world.desks) d.sync.resync();
    await new Promise((resolve) => setTimeout(resolve, this.ms));
  }
  toString = () => `wait+resync(${this.ms})`;
}

const desk = fc.integer({ min: 0, max: SKEWS.length - 1 });
const faults = fc.record({
  dropRequest: fc.constantFrom(0, 0.2),
  dropResponse: fc.constantFrom(0, 0.2),
  duplicate: fc.constantFrom(0, 0.2),
  maxDelayMs: fc.constantFrom(0, 10),
});
const commands = fc.commands(
  [
    desk.map((d) => new Create(d)),
    fc.tuple(desk, fc.nat(20)).map(([d, p]) => new Edit(d, p, false)),
    fc.tuple(desk, fc.nat(20)).map(([d, p]) => new Edit(d, p, true)),
    fc.tuple(desk, fc.boolean(), faults).map(([d, on, f]) => new Network<Model>(d, on, f)),
    fc.integer({ min: 1, max: 30 }).map((ms) => new Wait(ms)),
  ],
  { maxCommands: 30, size: 'large' },
);

const docsOf = async (collection: ReturnType<typeof col>) =>
  new Map((await collection.find()).map((d) => [d.id, withoutRevision(d)]));

/** Every desk's patients, for {@link quiesce}. */
const snapshot = (world: World) => Promise.all(world.desks.map(async (_, i) => [...(await docsOf(col(world, i)))]));

async function newWorld(seed: number): Promise<World> {
  const admin = await seedAdmin(server, `Clínica Relógio ${++accounts}`);
  const world: World = { tenantId: admin.tenantId, desks: [], lastWrites: new Map(), accepted: new Map(), nextId: 0 };
  for (const [i, skew] of SKEWS.entries()) {
    const { token } = await enrolDevice(server, admin.token, 'desk', `Recepção ${i}`);
    const d = await openDesk(token, skew, seed + i);
    d.link.onExchange = (path, body, answer) => {
      if (pushedGroup(path)) recordAccepted(world.accepted, body, answer);
    };
    world.desks.push(d);
  }
  return world;
}

async function closeWorld(world: World): Promise<void> {
  for (const d of world.desks) await d.close();
}

it(`converges with desk clocks an hour ahead and a day behind (${RUNS} runs)`, async () => {
  const seed = process.env.CLINIC_SYNC_SEED ? Number(process.env.CLINIC_SYNC_SEED) : undefined;
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), commands, async (faultSeed, cmds) => {
      const world = await newWorld(faultSeed);
      try {
        await fc.asyncModelRun(() => ({ model: { created: 0 }, real: world }), cmds);
        await quiesce(world.desks, () => snapshot(world));
        const onServer = await docsOf(server.database.forTenant(world.tenantId).collection(plain));
        for (const [i] of world.desks.entries()) expect(await docsOf(col(world, i))).toEqual(onServer);
        await expectNoWriteLost(server, world.tenantId, world);
      } finally {
        await closeWorld(world);
      }
    }),
    { numRuns: RUNS, ...(seed === undefined ? {} : { seed, path: process.env.CLINIC_SYNC_PATH, endOnFailure: true }) },
  );
}, 600_000);

it('the later edit wins even when its clock is a day behind, and reaches a desk whose clock is ahead', async () => {
  const world = await newWorld(42);
  try {
    const [ahead, behind] = [0, 1];
    const id = '0193a1c2-7b3e-7cc1-9a52-00000000a001';
    await col(world, ahead).insert(patient(world, id, 'Dora', isoWithOffset(world.desks[ahead]!.clock.now())));
    await quiesce(world.desks, () => snapshot(world));
    let doc = (await col(world, behind).get(id))!;
    // Stamped a day before the creation it edits.
    const stamp = isoWithOffset(world.desks[behind]!.clock.now());
    await col(world, behind).update(id, doc._rev, { ...withoutRevision(doc), name: 'Dora Lima', updatedAt: stamp });
    await quiesce(world.desks, () => snapshot(world));
    expect((await server.database.forTenant(world.tenantId).collection(plain).get(id))?.name).toBe('Dora Lima');
    doc = (await col(world, ahead).get(id))!;
    expect(doc.name).toBe('Dora Lima');
    expect(doc.updatedAt < doc.createdAt).toBe(true);
  } finally {
    await closeWorld(world);
  }
}, 60_000);
