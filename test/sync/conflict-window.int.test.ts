/**
 * Issue 18.1: a push's answer goes through the installation's windows as pulls do. Desk A edits a
 * patient's phone while desk B makes her inactive (outside the desks' window
 * `patients: { where: { active: true } }`); B syncs first and A's push is slow, so A's pull brings the
 * tombstone while A still has an unsent edit (RxDB skips it) and moves A's checkpoint past it; A's
 * push then conflicts. The server's answer must be the tombstone, so A drops the patient as B did.
 * The same holds for A's own inactivation when A pulls it before the push's answer arrives, and for
 * a patient a desk created while its very first pull was under way: that pull (checkpoint 0) skips
 * documents outside a window, but not one the desk pushed itself. And (SYNC-077) an edit another desk made
 * on top of a push the server took, pulled before that push's answer arrived, is not skipped as if the
 * push were still unsent. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '#core/patient/patient-record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import { withoutRevision, type RecordBase } from '#core/store/record.js';
import { listReview } from '../../sync-server/sync/review.js';
import type { SyncTables } from '../../sync-server/sync/sync-tables.js';
import { faultyLink, holdRequests, seededRandom } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { patientDoc } from './patient-doc.js';
import {
  enrolDevice,
  seedAdmin,
  startSyncServerOn,
  syncEngines,
  type SyncEngine,
  type SyncTestServer,
} from './sync-fixture.js';

const plain = patients as unknown as CollectionDef<RecordBase & Record<string, unknown>>;
const engines = await syncEngines('PostgreSQL conflict-window tests');

describe.each(engines)('a conflict answer through the window on %s', (engine: SyncEngine) => {
  let server: SyncTestServer;
  let accounts = 0;
  beforeAll(async () => {
    server = await startSyncServerOn(engine);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  /** An account with patients `ids` (active) and two desks holding them. */
  async function twoDesks(ids: string[]) {
    const admin = await seedAdmin(server, `Clínica Janela ${++accounts}`);
    const store = server.database.forTenant(admin.tenantId).collection(plain);
    for (const id of ids) await store.insert({ ...patientDoc(admin.tenantId, id, `Paciente ${id.slice(-2)}`) });
    const desks: TestInstallation[] = [];
    for (const name of ['Recepção A', 'Recepção B']) {
      const { token } = await enrolDevice(server, admin.token, 'desk', name);
      desks.push(await openInstallation(server.app, token, [patients], seededRandom(accounts)));
    }
    await Promise.all(desks.map((d) => d.sync.awaitInSync()));
    const deskStore = (d: TestInstallation) => d.database.forTenant(admin.tenantId).collection(plain);
    const held = async (d: TestInstallation) =>
      (await deskStore(d).find()).map((p) => ({ id: p.id, active: p['active'], cellPhone: p['cellPhone'] }));
    return { tenantId: admin.tenantId, store, desks: desks as [TestInstallation, TestInstallation], deskStore, held };
  }

  /** Resolves once the server answered a request of `desk` to `path` (its end) that `matches`. */
  function exchanged(desk: TestInstallation, path: string, matches: (answer: unknown) => boolean = () => true) {
    return new Promise<void>((resolve) => {
      desk.link.onExchange = (at, _body, answer) => {
        if (at.endsWith(path) && matches(answer)) resolve();
      };
    });
  }
  const holdsTombstone = (id: string) => (answer: unknown) =>
    (answer as { documents: { id: string; _deleted: boolean }[] }).documents.some((d) => d.id === id && d._deleted);
  /** Lets RxDB write a page it was just answered (in memory, a few ms). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
  /**
   * Sends `desk`'s pull now and holds it before the server; holds the answer of its next push, which
   * the server takes. `pushed` resolves once the server answered that push.
   */
  async function pullLateAnswerPushLate(desk: TestInstallation) {
    const releasePull = holdRequests(desk.link, 'pull', 'request');
    const releasePush = holdRequests(desk.link, 'push', 'answer');
    desk.sync.resync();
    await settle();
    return { releasePull, releasePush, pushed: exchanged(desk, '/people/push') };
  }

  it('a desk whose slow push conflicts with an inactivation drops the patient, as the other desk did', async () => {
    const id = '0193a1c2-7b3e-7cc1-9a52-0000000000a1';
    const other = '0193a1c2-7b3e-7cc1-9a52-0000000000a2';
    const { tenantId, store, desks, deskStore, held } = await twoDesks([id, other]);
    const [a, b] = desks;
    try {
      // B makes the patient inactive and syncs first.
      const theirs = (await deskStore(b).get(id))!;
      await deskStore(b).update(id, theirs._rev, { ...withoutRevision(theirs), active: false });
      await b.sync.awaitInSync();

      // A's pull is under way (its answer, the tombstone, slow to arrive) when A edits the phone, and
      // A's push is slower still: RxDB skips the tombstone (A has an unsent edit) and moves on.
      const releasePull = holdRequests(a.link, 'pull', 'answer');
      const releasePush = holdRequests(a.link, 'push', 'request');
      const pulled = exchanged(a, '/people/pull', holdsTombstone(id));
      a.sync.resync();
      await pulled;
      const mine = (await deskStore(a).get(id))!;
      await deskStore(a).update(id, mine._rev, { ...withoutRevision(mine), cellPhone: '+5511987654321' });
      await settle();
      releasePull();
      await settle();
      releasePush();
      await a.sync.awaitInSync();
      b.sync.resync();
      await Promise.all(desks.map((d) => d.sync.awaitInSync()));

      // The server kept the inactivation; no desk holds the inactive patient.
      expect((await store.get(id))?.['active']).toBe(false);
      const windowed = [{ id: other, active: true, cellPhone: undefined }];
      expect(await held(a)).toEqual(windowed);
      expect(await held(b)).toEqual(windowed);
      // The phone A typed is not lost: it waits in the conflict list beside the server's version.
      const conflicts = await listReview(
        server.database.kysely.withTables<SyncTables>(),
        tenantId,
        'conflict',
        ['patients'],
        { limit: 10 },
      );
      expect(conflicts).toMatchObject([
        { docId: id, document: { cellPhone: '+5511987654321' }, master: { active: false } },
      ]);
    } finally {
      for (const d of desks) await d.close();
    }
  }, 60_000);

  it('a desk whose inactivation is accepted while its own pull ran drops the patient', async () => {
    const id = '0193a1c2-7b3e-7cc1-9a52-0000000000b1';
    const { store, desks, deskStore, held } = await twoDesks([id]);
    const [a, b] = desks;
    try {
      // A's pull leaves first but reaches the server after A's push; the push's answer is slow.
      const { releasePull, releasePush, pushed } = await pullLateAnswerPushLate(a);
      const current = (await deskStore(a).get(id))!;
      await deskStore(a).update(id, current._rev, { ...withoutRevision(current), active: false });
      await pushed;
      const pulled = exchanged(a, '/people/pull', holdsTombstone(id));
      releasePull();
      await pulled;
      await settle();
      releasePush();
      await a.sync.awaitInSync();
      b.sync.resync();
      await b.sync.awaitInSync();

      expect((await store.get(id))?.['active']).toBe(false);
      expect(await held(a)).toEqual([]);
      expect(await held(b)).toEqual([]);
    } finally {
      for (const d of desks) await d.close();
    }
  }, 60_000);

  it('a desk that created a patient while its first pull was under way drops her once inactivated', async () => {
    const id = '0193a1c2-7b3e-7cc1-9a52-0000000000d1';
    const admin = await seedAdmin(server, `Clínica Janela ${++accounts}`);
    const { token } = await enrolDevice(server, admin.token, 'desk', 'Recepção nova');
    const link = faultyLink(server.app, seededRandom(accounts));
    // The desk's first pull leaves at once and reaches the server late.
    const releasePull = holdRequests(link, 'pull', 'request');
    const desk = await openInstallation(server.app, token, [patients], seededRandom(accounts), { link });
    try {
      const pushed = new Promise<void>((resolve) => {
        link.onExchange = (path) => {
          if (path.endsWith('/push')) resolve();
        };
      });
      await desk.database
        .forTenant(admin.tenantId)
        .collection(plain)
        .insert(patientDoc(admin.tenantId, id, 'Caio'));
      await pushed;
      const store = server.database.forTenant(admin.tenantId).collection(plain);
      const current = (await store.get(id))!;
      await store.update(id, current._rev, { ...withoutRevision(current), active: false });
      releasePull();
      await desk.sync.awaitInSync();
      desk.sync.resync();
      await desk.sync.awaitInSync();
      expect(await desk.database.forTenant(admin.tenantId).collection(plain).find()).toEqual([]);
    } finally {
      releasePull();
      await desk.close();
    }
  }, 60_000);
  it('a desk whose accepted push is slow to answer takes the edit another desk made on top of it', async () => {
    const id = '0193a1c2-7b3e-7cc1-9a52-0000000000e1';
    const { store, desks, deskStore } = await twoDesks([id]);
    const [a, b] = desks;
    const phoneOf = async (d: TestInstallation) => (await deskStore(d).get(id))?.['cellPhone'];
    try {
      // A's pull leaves first and reaches the server late; A's edit goes up meanwhile, the server
      // takes it, and its answer is slow.
      const { releasePull, releasePush, pushed } = await pullLateAnswerPushLate(a);
      const mine = (await deskStore(a).get(id))!;
      await deskStore(a).update(id, mine._rev, { ...withoutRevision(mine), cellPhone: '+5511911111111' });
      await pushed;
      // B takes A's phone and changes it again, on top of A's version.
      b.sync.resync();
      await b.sync.awaitInSync();
      expect(await phoneOf(b)).toBe('+5511911111111');
      const theirs = (await deskStore(b).get(id))!;
      await deskStore(b).update(id, theirs._rev, { ...withoutRevision(theirs), cellPhone: '+5511922222222' });
      await b.sync.awaitInSync();
      // A's pull brings B's phone before A knows its push went in: RxDB must not skip it as if A's
      // edit were still unsent (it would move its checkpoint past B's phone and never see it again).
      const pulled = exchanged(a, '/people/pull');
      releasePull();
      await pulled;
      await settle();
      releasePush();
      await a.sync.awaitInSync();
      a.sync.resync();
      await a.sync.awaitInSync();

      expect((await store.get(id))?.['cellPhone']).toBe('+5511922222222');
      expect(await phoneOf(a)).toBe('+5511922222222');
    } finally {
      for (const d of desks) await d.close();
    }
  }, 60_000);
});
