/**
 * An installation older than the server's minimum schema version is told to update (426, pt-BR
 * message), writes nothing, and its sync status says so; current installations are served.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '#core/clock.js';
import { patients } from '#core/patient/patient-record.js';
import { openRxdbDatabase } from '#core/store/rxdb/index.js';
import { memoryStorage } from '#core/store/rxdb/storages.js';
import { startSync } from '#core/sync/replicate.js';
import { SCHEMA_VERSION_HEADER, SYNC_SCHEMA_VERSION } from '#core/sync/schema-version.js';
import { fetchTransport } from '#core/sync/transport.js';
import { patientDoc } from './patient-doc.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let token: string;

beforeEach(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Versões');
  tenantId = admin.tenantId;
  token = (await enrolDevice(server, admin.token)).token;
});
afterEach(async () => {
  await server.close();
});

function patient(id: string) {
  return patientDoc(tenantId, id, 'Ana Lima');
}

const push = (version: string | undefined, id: string) =>
  server.app.request('/sync/patients/push', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(version === undefined ? {} : { [SCHEMA_VERSION_HEADER]: version }),
    },
    body: JSON.stringify([{ newDocumentState: { ...patient(id), _deleted: false } }]),
  });

it('answers 426 with a pt-BR message to an older installation and stores nothing it sent', async () => {
  const old = await push(String(SYNC_SCHEMA_VERSION - 1), '0193a1c2-7b3e-7cc1-9a52-000000000301');
  expect(old.status).toBe(426);
  const body = (await old.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('upgrade_required');
  expect(body.error.message).toMatch(/Atualize o aplicativo/);
  expect(
    await server.database.forTenant(tenantId).collection(patients).get('0193a1c2-7b3e-7cc1-9a52-000000000301'),
  ).toBe(undefined);

  const pull = await server.app.request('/sync/patients/pull', {
    headers: { authorization: `Bearer ${token}`, [SCHEMA_VERSION_HEADER]: '0' },
  });
  expect(pull.status).toBe(426);
  expect((await push('dois', '0193a1c2-7b3e-7cc1-9a52-000000000302')).status).toBe(400);

  // The current version, and installations built before the header existed (version 1), are served.
  expect((await push(String(SYNC_SCHEMA_VERSION), '0193a1c2-7b3e-7cc1-9a52-000000000303')).status).toBe(200);
  expect((await push(undefined, '0193a1c2-7b3e-7cc1-9a52-000000000304')).status).toBe(200);
});

it("shows 'update required' in an old installation's sync status and never pushes its documents", async () => {
  const database = await openRxdbDatabase({
    name: `old-desk-${Math.random().toString(36).slice(2, 8)}`,
    storage: memoryStorage(),
    collections: [patients],
    multiInstance: false,
  });
  const sync = startSync({
    database,
    collections: [patients],
    transport: fetchTransport('http://clinica.test', token, async (url, init) => server.app.request(url, init), {
      schemaVersion: SYNC_SCHEMA_VERSION - 1,
    }),
    clock: systemClock,
    identifier: 'old-desk',
    retryTime: 20,
  });
  try {
    const id = '0193a1c2-7b3e-7cc1-9a52-000000000305';
    await database.forTenant(tenantId).collection(patients).insert(patient(id));
    const until = Date.now() + 5000;
    while (!sync.status.updateRequired && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(sync.status.updateRequired).toBe(true);
    expect(sync.status.message).toMatch(/Atualize/);
    await new Promise((r) => setTimeout(r, 200));
    expect(await server.database.forTenant(tenantId).collection(patients).get(id)).toBe(undefined);
    expect(sync.status.pendingPushes).toBe(1);
  } finally {
    await sync.cancel();
    await database.close();
  }
});
