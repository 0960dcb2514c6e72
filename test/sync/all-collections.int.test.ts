/**
 * Two desks open every collection of the catalogue (more than RxDB's 13-collection cap, held in the
 * storage groups) and replicate with a server on SQLite: records of several groups, written on the
 * server and on a desk, reach the other side and are found by queries on their declared fields. One
 * desk runs on RxDB memory, the other on the renderer's Dexie storage (fake-indexeddb), whose
 * queries read the slot indexes themselves.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { personalTemplates } from '#core/access/personal-template-ops.js';
import { allCollections } from '#core/catalogue.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { appointments } from '#core/schedule/index.js';
import { CLINIC_STORAGE_GROUPS } from '#core/store/rxdb/storage-groups.js';
import { dexieStorage, memoryStorage } from '#core/store/rxdb/storages.js';
import { login, seedAccount } from '../../sync-server/auth/test-server.js';
import { seededRandom } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { patientDoc } from './patient-doc.js';
import { enrolDevice, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let adminId: string;
let adminToken: string;
const desks: TestInstallation[] = [];

// RxDB's Dexie storage advertises its premium storages once per process; keep the test output clean.
const warn = console.warn.bind(console);
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (!String(args[0]).includes('RxDB Open Core RxStorage')) warn(...args);
});

beforeAll(async () => {
  server = await startSyncServer();
  const account = await seedAccount(server, 'Clínica Sol', {
    email: 'admin@sol.test',
    password: 'senha-muito-segura-1',
  });
  tenantId = account.tenantId;
  adminId = account.adminId;
  adminToken = (await login(server, 'admin@sol.test', 'senha-muito-segura-1')).accessToken;
  for (const [seed, storage] of [
    [1, memoryStorage()],
    [2, dexieStorage(indexedDB, IDBKeyRange)],
  ] as const) {
    const { token } = await enrolDevice(server, adminToken, 'desk', `Recepção ${seed}`);
    desks.push(
      await openInstallation(server.app, token, allCollections, seededRandom(seed), { retryTime: 20, storage }),
    );
  }
}, 60_000);
afterAll(async () => {
  for (const desk of desks) await desk.close();
  await server.close();
});

async function settle(): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const desk of desks) desk.sync.resync();
    for (const desk of desks) await desk.sync.awaitInSync();
  }
}

const rest = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
  server.call(method, path, { token: adminToken, body });

it('opens all collections in one RxDB collection per storage group and replicates one stream per group', () => {
  const [desk] = desks as [TestInstallation];
  const groups = Object.keys(CLINIC_STORAGE_GROUPS).sort();
  expect(Object.keys(desk.database.rxdb.collections).sort()).toEqual(groups);
  expect([...desk.sync.replications.keys()].sort()).toEqual(groups);
  expect(allCollections.length).toBeGreaterThan(13);
});

it('records of several groups travel both ways and answer queries on their declared fields', async () => {
  const [a, b] = desks as [TestInstallation, TestInstallation];
  // Written on the server through REST: reference (clinic), people (patient), schedule (appointment).
  const clinic = (await rest('POST', '/clinic/', { name: 'Centro', cnpj: '11.222.333/0001-81' })).body.clinic as {
    id: string;
    cnpj: string;
  };
  const patient = (await rest('POST', '/patient/', { name: 'Helena Prado' })).body.patient as { id: string };
  const booked = await rest('POST', '/appointment/', {
    clinic: clinic.id,
    patient: patient.id,
    professional: adminId,
    start: '2026-11-24T09:00:00-03:00',
    end: '2026-11-24T09:30:00-03:00',
  });
  expect(booked.status).toBe(201);

  // Written on desk A, offline: people (patient) and account (personal template).
  a.link.online = false;
  const deskStore = a.database.forTenant(tenantId);
  const deskPatient = {
    ...patientDoc(tenantId, '0193a1c2-7b3e-7cc1-9a52-0000000000a1', 'Bruno Dias'),
    cpf: '52998224725',
  };

  await deskStore.collection(patients).insert(deskPatient);
  await deskStore.collection(personalTemplates).insert({
    id: '0193a1c2-7b3e-7cc1-9a52-0000000000a2',
    tenantId,
    createdAt: '2026-11-23T09:00:00-03:00',
    updatedAt: '2026-11-23T09:00:00-03:00',
    owner: adminId,
    name: 'Lembrete',
    kind: 'message',
    content: 'Traga seus exames',
  } as never);
  a.link.online = true;
  await settle();

  for (const desk of desks) {
    const store = desk.database.forTenant(tenantId);
    const byCnpj = await store.collection(clinics).find({ selector: { cnpj: clinic.cnpj } });
    expect(byCnpj.map((c) => c.id)).toEqual([clinic.id]);
    expect(Object.keys(byCnpj[0]!).filter((k) => k.startsWith('rx_'))).toEqual([]);
    const named = await store.collection(patients).find({ selector: { active: true }, sort: [{ nameKey: 'asc' }] });
    expect(named.map((p) => p.name)).toEqual(['Bruno Dias', 'Helena Prado']);
    expect((await store.collection(patients).find({ selector: { cpf: '52998224725' } })).map((p) => p.id)).toEqual([
      deskPatient.id,
    ]);
    const day = await store
      .collection(appointments)
      .find({ selector: { professional: adminId, startUtc: { $gte: '2026-11-24T00:00:00.000Z' } } });
    expect(day.map((d) => d.patient)).toEqual([patient.id]);
    const templates = await store.collection(personalTemplates).find({ selector: { owner: adminId } });
    expect(templates.map((t) => t.name)).toEqual(['Lembrete']);
  }
  const onServer = server.database.forTenant(tenantId);
  expect((await onServer.collection(patients).get(deskPatient.id))?.name).toBe('Bruno Dias');
  expect(await onServer.collection(personalTemplates).get('0193a1c2-7b3e-7cc1-9a52-0000000000a2')).toMatchObject({
    name: 'Lembrete',
  });

  // An edit on desk B and one on the server reach desk A; the server's stored record has no storage field.
  const onB = (await b.database.forTenant(tenantId).collection(patients).get(deskPatient.id))!;
  await b.database
    .forTenant(tenantId)
    .collection(patients)
    .update(onB.id, onB._rev, { ...onB, name: 'Bruno Dias Neto', nameKey: 'bruno dias neto' });
  expect((await rest('PATCH', `/patient/${patient.id}`, { name: 'Helena Prado Lima' })).status).toBe(200);
  await settle();
  const names = await a.database
    .forTenant(tenantId)
    .collection(patients)
    .find({ sort: [{ nameKey: 'asc' }] });
  expect(names.map((p) => p.name)).toEqual(['Bruno Dias Neto', 'Helena Prado Lima']);
  const stored = (await onServer.collection(patients).get(deskPatient.id)) as unknown as Record<string, unknown>;
  expect(stored.name).toBe('Bruno Dias Neto');
  expect(Object.keys(stored).filter((k) => k.startsWith('rx_'))).toEqual([]);
  expect(a.sync.status).toMatchObject({ online: true, pendingPushes: 0, rejections: 0 });
}, 60_000);
