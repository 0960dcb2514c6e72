/**
 * The SSE stream applies the collection windows the pulls apply (core/sync/windows.ts): a write made
 * on the server outside a window does not reach a streaming desk, and a patient made inactive leaves it.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { patients } from '#core/patient/patient-record.js';
import { appointments } from '#core/schedule/appointment-record.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import { seededRandom } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let desk: TestInstallation;

beforeEach(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Janela Viva');
  tenantId = admin.tenantId;
  const { token } = await enrolDevice(server, admin.token, 'desk', 'Recepção 1');
  desk = await openInstallation(server.app, token, [appointments, patients], seededRandom(7), { stream: true });
  await desk.sync.awaitInSync();
});
afterEach(async () => {
  await desk.close();
  await server.close();
});

let n = 0;
const newId = () => `0193a1c2-7b3e-7cc1-9a52-${String(++n).padStart(12, '0')}`;

/** Writes on the server without a push, as a REST operation or another server process would. */
async function writeOnServer(def: AnyCollectionDef, fields: Record<string, unknown>): Promise<string> {
  const doc = { id: newId(), tenantId, createdAt: '2026-11-20T09:00:00-03:00', updatedAt: '2026-11-20T09:00:00-03:00' };
  await server.database
    .forTenant(tenantId)
    .collection(def)
    .insert({ ...doc, ...fields } as never);
  return doc.id;
}

const held = (def: AnyCollectionDef, id: string) => desk.database.forTenant(tenantId).collection(def).get(id);

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('não chegou a tempo');
}

// The test server's clock reads 2026-11-23T12:00Z; appointments go down from 90 days back onward.
it('does not stream an appointment older than its window, and streams a recent one', async () => {
  const old = await writeOnServer(appointments, { startUtc: '2026-06-01T12:00:00Z', status: 1 });
  const recent = await writeOnServer(appointments, { startUtc: '2026-11-24T12:00:00Z', status: 1 });
  // Streamed in seq order: once the recent one is held, the old one was already decided.
  await eventually(async () => (await held(appointments, recent)) !== undefined);
  expect(await held(appointments, old)).toBeUndefined();
});

it('drops from a streaming desk a patient made inactive on the server', async () => {
  const id = await writeOnServer(patients, { name: 'Dora', nameKey: 'dora', active: true, temporary: false });
  await eventually(async () => (await held(patients, id)) !== undefined);
  const collection = server.database.forTenant(tenantId).collection(patients);
  const current = (await collection.get(id))!;
  await collection.update(id, current._rev, { ...current, active: false });
  await eventually(async () => (await held(patients, id)) === undefined);
});
