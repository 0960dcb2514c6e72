/**
 * Tombstone retention: the server purges tombstones older than the retention; a desk that was offline
 * longer is told to resync in full and drops what was deleted meanwhile, keeps what it made offline,
 * and never brings a deleted record back to life.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { personalTemplates } from '#core/access/personal-template-ops.js';
import { SCHEMA_VERSION_HEADER } from '#core/sync/schema-version.js';
import { purgeTombstones } from '../../sync-server/sync/index.js';
import { listReview } from '../../sync-server/sync/review.js';
import type { SyncTables } from '../../sync-server/sync/sync-tables.js';
import { seededRandom } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

const DAY = 86_400_000;
let server: SyncTestServer;
let tenantId: string;
let deskA: TestInstallation;
let deskB: TestInstallation;
let tokenB: string;

beforeEach(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Retenção');
  tenantId = admin.tenantId;
  const a = await enrolDevice(server, admin.token, 'desk', 'Recepção 1');
  const b = await enrolDevice(server, admin.token, 'desk', 'Recepção 2');
  tokenB = b.token;
  deskA = await openInstallation(server.app, a.token, [personalTemplates], seededRandom(1));
  deskB = await openInstallation(server.app, b.token, [personalTemplates], seededRandom(2));
});
afterEach(async () => {
  await deskA.close();
  await deskB.close();
  await server.close();
});

const id = (n: number) => `0193a1c2-7b3e-7cc1-9a52-0000000004${String(n).padStart(2, '0')}`;

// Personal templates: a collection whose records a desk may delete for good (patients are only inactivated).
function template(n: number, name: string) {
  const at = '2026-11-23T09:00:00-03:00';
  return {
    id: id(n),
    tenantId,
    createdAt: at,
    updatedAt: at,
    owner: 'user-1',
    name,
    kind: 'message' as const,
    content: 'Texto',
  };
}

const purge = () => purgeTombstones({ database: server.database, collections: allCollections, clock: server.clock });
const onDesk = (desk: TestInstallation) => desk.database.forTenant(tenantId).collection(personalTemplates);
const onServer = () => server.database.forTenant(tenantId).collection(personalTemplates);

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('não aconteceu a tempo');
}

it('a desk offline past the retention resyncs in full: deletions stay, its offline work survives', async () => {
  for (const n of [1, 2, 3, 4]) await onDesk(deskA).insert(template(n, `Paciente ${n}`));
  await deskA.sync.awaitInSync();
  deskB.sync.resync();
  await deskB.sync.awaitInSync();
  expect(await onDesk(deskB).get(id(4))).toBeDefined();

  deskB.link.online = false;
  // Deleted on desk A while desk B is away; desk B edits one of them offline and creates another.
  await onDesk(deskA).remove(id(1), (await onDesk(deskA).get(id(1)))!._rev);
  await onDesk(deskA).remove(id(2), (await onDesk(deskA).get(id(2)))!._rev);
  await deskA.sync.awaitInSync();
  const p2 = (await onDesk(deskB).get(id(2)))!;
  await onDesk(deskB).update(id(2), p2._rev, { ...p2, name: 'Paciente 2 editado offline' });
  await onDesk(deskB).insert(template(5, 'Paciente 5 criado offline'));

  expect((await purge()).purged).toBe(0); // dates the tombstones
  server.clock.advance(61 * DAY);
  expect((await purge()).purged).toBe(2);

  // Desk B's old checkpoint is below the purge horizon.
  const stale = await server.app.request(
    `/sync/personal_templates/pull?checkpoint=${encodeURIComponent('{"seq":1}')}`,
    {
      headers: { authorization: `Bearer ${tokenB}`, [SCHEMA_VERSION_HEADER]: '1' },
    },
  );
  expect(stale.status).toBe(410);
  expect(((await stale.json()) as { error: { code: string } }).error.code).toBe('resync_required');

  const seen: boolean[] = [];
  const watching = deskB.sync.status$.subscribe((status) => seen.push(status.resyncing));
  deskB.link.online = true;
  deskB.sync.resync();
  await eventually(async () => (await onDesk(deskB).get(id(1))) === undefined);
  await deskB.sync.awaitInSync();
  await eventually(async () => (await onDesk(deskB).get(id(2))) === undefined);

  watching.unsubscribe();
  // The desk's status said it was reading everything again, and says so no more.
  expect(seen).toContain(true);
  expect(deskB.sync.status.resyncing).toBe(false);

  // Nothing deleted came back on the server; the offline edit is in the conflict list; the new one landed.
  expect(await onServer().get(id(1))).toBeUndefined();
  expect(await onServer().get(id(2))).toBeUndefined();
  expect((await onServer().get(id(5)))?.name).toBe('Paciente 5 criado offline');
  expect(await onDesk(deskB).get(id(3))).toBeDefined();
  expect(await onDesk(deskB).get(id(5))).toBeDefined();
  const conflicts = await listReview(
    server.database.kysely.withTables<SyncTables>(),
    tenantId,
    'conflict',
    ['personal_templates'],
    { limit: 10 },
  );
  expect(conflicts.map((c) => c.docId)).toContain(id(2));

  // A full read page by page is never sent back, though its checkpoints stay below the horizon a while.
  let cursor: { seq: number; h?: number } = { seq: 0 };
  for (let pages = 0; ; pages++) {
    const res = await server.app.request(
      `/sync/personal_templates/pull?limit=1&checkpoint=${encodeURIComponent(JSON.stringify(cursor))}`,
      { headers: { authorization: `Bearer ${tokenB}` } },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { documents: unknown[]; checkpoint: { seq: number; h?: number } };
    cursor = body.checkpoint;
    if (body.documents.length < 1) break;
    expect(pages).toBeLessThan(20);
  }

  // After the full read, the desk's checkpoint is past the horizon: no second resync.
  const checkpoint = await (async () => {
    const res = await server.app.request('/sync/personal_templates/pull?limit=100', {
      headers: { authorization: `Bearer ${tokenB}` },
    });
    return ((await res.json()) as { checkpoint: { seq: number } }).checkpoint;
  })();
  const again = await server.app.request(
    `/sync/personal_templates/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}`,
    { headers: { authorization: `Bearer ${tokenB}` } },
  );
  expect(again.status).toBe(200);
});

it('keeps tombstones younger than the retention', async () => {
  await onDesk(deskA).insert(template(9, 'Paciente 9'));
  await deskA.sync.awaitInSync();
  await onDesk(deskA).remove(id(9), (await onDesk(deskA).get(id(9)))!._rev);
  await deskA.sync.awaitInSync();
  await purge();
  server.clock.advance(59 * DAY);
  expect((await purge()).purged).toBe(0);
  server.clock.advance(2 * DAY);
  expect((await purge()).purged).toBe(1);
});
