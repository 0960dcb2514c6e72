/**
 * `GET /sync/stream`: a desk listening on the stream receives another desk's push and a write made on
 * the server by other means (a REST operation, another process) without pulling by itself.
 */
import { afterEach, beforeEach, it } from 'vitest';
import { patients } from '#core/patient/patient-record.js';
import { seededRandom } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';
import { patientDoc } from './patient-doc.js';

let server: SyncTestServer;
let tenantId: string;
let writer: TestInstallation;
let listener: TestInstallation;

beforeEach(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Rio');
  tenantId = admin.tenantId;
  const a = await enrolDevice(server, admin.token, 'desk', 'Recepção 1');
  const b = await enrolDevice(server, admin.token, 'desk', 'Recepção 2');
  writer = await openInstallation(server.app, a.token, [patients], seededRandom(1));
  listener = await openInstallation(server.app, b.token, [patients], seededRandom(2), { stream: true });
});
afterEach(async () => {
  await writer.close();
  await listener.close();
  await server.close();
});

function patient(id: string, name: string) {
  return patientDoc(tenantId, id, name);
}

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('não chegou a tempo');
}

const has = (id: string) => async () =>
  (await listener.database.forTenant(tenantId).collection(patients).get(id)) !== undefined;

it("brings another desk's push and a server-side write without a pull of its own", async () => {
  await listener.sync.awaitInSync();
  const first = '0193a1c2-7b3e-7cc1-9a52-000000000101';
  await writer.database.forTenant(tenantId).collection(patients).insert(patient(first, 'Bia Costa'));
  await eventually(has(first));

  // Written on the server without a push (as a REST operation or another server process would).
  const second = '0193a1c2-7b3e-7cc1-9a52-000000000102';
  await server.database.forTenant(tenantId).collection(patients).insert(patient(second, 'Caio Reis'));
  await eventually(has(second));
});
