/**
 * Resolving the review list on PostgreSQL: the resolution migration, the list's join on the
 * installations (desk names) and `apply_mine` under the tenant's write lock, as on SQLite
 * (review-resolution.int.test.ts holds the full behaviour).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { login, seedAccount, startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import {
  dropSchema,
  postgresUnreachable,
  postgresUrl,
  skipWithoutPostgres,
} from '../../sync-server/testing/postgres.js';
import { patientDoc } from './patient-doc.js';
import { enrolDevice, type SyncTestServer } from './sync-fixture.js';

const schema = `test_review_${randomBytes(4).toString('hex')}`;
const skip = skipWithoutPostgres(await postgresUnreachable(), 'review resolution on PostgreSQL');
let server: TestServer;

beforeAll(async () => {
  if (skip) return;
  const database = await openSqlDatabase({
    url: postgresUrl,
    schema,
    collections: allCollections,
    migrations: serverMigrations,
  });
  server = await startTestServer({ database });
}, 60_000);
afterAll(async () => {
  if (skip) return;
  await server?.close();
  await dropSchema(schema);
});

describe.skipIf(skip)('resolving the review list on PostgreSQL', () => {
  it('lists a conflict with the desk name, applies the desk version once, and records it', async () => {
    const { tenantId } = await seedAccount(server, 'Clínica Sol', {
      email: 'admin@sol.test',
      password: 'senha-muito-segura-1',
    });
    const { accessToken } = await login(server, 'admin@sol.test', 'senha-muito-segura-1');
    const desk = await enrolDevice(server as SyncTestServer, accessToken, 'desk', 'Recepção 2');
    const original = { ...patientDoc(tenantId, '0193a1c2-7b3e-7cc1-9a52-000000000042', 'Paciente'), _deleted: false };
    const push = (rows: unknown[]) => server.call('POST', '/sync/patients/push', { token: desk.token, body: rows });
    await push([{ newDocumentState: original }]);
    await push([{ assumedMasterState: original, newDocumentState: { ...original, name: 'Ana Lima' } }]);
    await push([{ assumedMasterState: original, newDocumentState: { ...original, name: 'Ana Lima Souza' } }]);
    const listed = (await server.call('GET', '/sync/conflicts', { token: desk.token })).body['items'] as {
      id: string;
    }[];
    expect(listed).toMatchObject([
      { deviceId: desk.id, deviceName: 'Recepção 2', document: { name: 'Ana Lima Souza' } },
    ]);

    const path = `/sync/review/${listed[0]!.id}/resolution`;
    const first = await server.call('POST', path, { token: desk.token, body: { decision: 'apply_mine', by: 'Rita' } });
    expect(first.status).toBe(200);
    const again = await server.call('POST', path, { token: desk.token, body: { decision: 'apply_mine', by: 'Rita' } });
    expect(again.body).toEqual(first.body);
    const patient = await server.call('GET', `/patient/${original.id}`, { token: accessToken });
    expect(patient.body['name']).toBe('Ana Lima Souza');
    expect((await server.call('GET', '/sync/conflicts', { token: desk.token })).body['items']).toEqual([]);
  }, 60_000);

  it('keeps a clash of two bookings listed until one of them moves, then settles it (clash_gone)', async () => {
    await seedAccount(server, 'Clínica Lua', { email: 'admin@lua.test', password: 'senha-muito-segura-1' });
    const { accessToken } = await login(server, 'admin@lua.test', 'senha-muito-segura-1');
    const desk = await enrolDevice(server as SyncTestServer, accessToken, 'desk', 'Recepção 1');
    const call = (path: string, body: unknown) => server.call('POST', path, { token: accessToken, body });
    const clinic = (await call('/clinic/', { name: 'Centro' })).body['clinic'] as { id: string };
    const helena = (await call('/patient/', { name: 'Helena Prado' })).body['patient'] as { id: string };
    const professional = (
      (await server.call('GET', '/user/', { token: accessToken })).body['items'] as { id: string }[]
    )[0]!.id;
    const placement = { clinic: clinic.id, patient: helena.id, professional };
    const created = await call('/appointment/', {
      ...placement,
      start: '2026-11-24T09:00:00-03:00',
      end: '2026-11-24T09:30:00-03:00',
    });
    expect(created.status).toBe(201);
    const pulled = await server.call('GET', '/sync/appointments/pull?limit=10', { token: desk.token });
    const booked = (pulled.body['documents'] as Record<string, unknown>[])[0]!;
    const other = { ...booked, id: '0193a1c2-7b3e-7cc1-9a52-000000000778' };
    await server.call('POST', '/sync/appointments/push', { token: desk.token, body: [{ newDocumentState: other }] });
    const conflicts = async () =>
      (await server.call('GET', '/sync/conflicts', { token: desk.token })).body['items'] as { id: string }[];
    const [entry] = await conflicts();
    const refused = await server.call('POST', `/sync/review/${entry!.id}/resolution`, {
      token: desk.token,
      body: { decision: 'keep_server' },
    });
    expect(refused.status).toBe(409);
    expect(await conflicts()).toHaveLength(1);
    const moved = await server.call('PUT', `/appointment/${String(booked.id)}`, {
      token: accessToken,
      body: { ...placement, start: '2026-11-24T11:00:00-03:00', end: '2026-11-24T11:30:00-03:00' },
    });
    expect(moved.status).toBe(200);
    expect(await conflicts()).toEqual([]);
  }, 60_000);
});
