/**
 * Two desks on RxDB memory replicating through the server (SQLite): a patient created offline on one
 * reaches the other, edits and deletions travel back, a stale edit ends in the conflict list, and the
 * status tells online, pending and review counts.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { patients } from '#core/patient/patient-record.js';
import type { SyncStatus } from '#core/sync/status.js';
import { seededRandom } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';
import { patientDoc } from './patient-doc.js';

let server: SyncTestServer;
let tenantId: string;
let desks: TestInstallation[] = [];

beforeEach(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Sol');
  tenantId = admin.tenantId;
  for (const seed of [1, 2]) {
    const { token } = await enrolDevice(server, admin.token, 'desk', `Recepção ${seed}`);
    desks.push(await openInstallation(server.app, token, [patients], seededRandom(seed)));
  }
});
afterEach(async () => {
  for (const desk of desks) await desk.close();
  desks = [];
  await server.close();
});

function newPatient(id: string, name: string) {
  return patientDoc(tenantId, id, name);
}

async function settle(): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const desk of desks) desk.sync.resync();
    for (const desk of desks) await desk.sync.awaitInSync();
  }
}

const names = async (desk: TestInstallation) =>
  (await desk.database.forTenant(tenantId).collection(patients).find()).map((p) => p.name).sort();

it('a patient created offline reaches the other desk; edits and conflicts travel, a deletion is undone', async () => {
  const [a, b] = desks as [TestInstallation, TestInstallation];
  a.link.online = false;
  const id = '0193a1c2-7b3e-7cc1-9a52-000000000001';
  await a.database.forTenant(tenantId).collection(patients).insert(newPatient(id, 'Ana Lima'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(a.sync.status).toMatchObject({ online: false, pendingPushes: 1 });

  a.link.online = true;
  await settle();
  expect(await names(b)).toEqual(['Ana Lima']);
  expect(a.sync.status).toMatchObject<Partial<SyncStatus>>({ online: true, pendingPushes: 0 });
  expect(a.sync.status.lastSyncAt).not.toBeNull();

  // Both edit the same patient while B is offline: A's reaches the server first, B's loses.
  b.link.online = false;
  const onA = (await a.database.forTenant(tenantId).collection(patients).get(id))!;
  await a.database
    .forTenant(tenantId)
    .collection(patients)
    .update(id, onA._rev, { ...onA, name: 'Ana Lima Souza' });
  const onB = (await b.database.forTenant(tenantId).collection(patients).get(id))!;
  await b.database
    .forTenant(tenantId)
    .collection(patients)
    .update(id, onB._rev, { ...onB, name: 'Ana L.' });
  await a.sync.awaitInSync();
  b.link.online = true;
  await settle();
  expect(await names(a)).toEqual(['Ana Lima Souza']);
  expect(await names(b)).toEqual(['Ana Lima Souza']);
  await b.sync.refreshReview();
  expect(b.sync.status.conflicts).toBe(1);

  // Patients are inactivated, never deleted: the server refuses B's deletion and B takes the patient back.
  const latest = (await b.database.forTenant(tenantId).collection(patients).get(id))!;
  await b.database.forTenant(tenantId).collection(patients).remove(id, latest._rev);
  await settle();
  expect(await names(a)).toEqual(['Ana Lima Souza']);
  expect(await names(b)).toEqual(['Ana Lima Souza']);
});
