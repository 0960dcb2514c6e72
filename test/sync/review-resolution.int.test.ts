/**
 * Resolving the review list over the real server on SQLite (issues 7 and 8): a person keeps the
 * server's version or writes the listed one through a push's checks; resolved entries leave the list,
 * the decision is recorded with the installation and the person, and re-sending it changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { patients } from '#core/patient/patient-record.js';
import type { SyncTables } from '../../sync-server/sync/sync-tables.js';
import { patientDoc } from './patient-doc.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let adminToken: string;
let desk: { token: string; id: string };

beforeEach(async () => {
  server = await startSyncServer();
  ({ tenantId, token: adminToken } = await seedAdmin(server, 'Clínica Sol'));
  desk = await enrolDevice(server, adminToken);
});
afterEach(async () => {
  await server.close();
});

let counter = 0;
function patient(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const id = `0193a1c2-7b3e-7cc1-9a52-${String(counter).padStart(12, '0')}`;
  return { ...patientDoc(tenantId, id, `Paciente ${counter}`), _deleted: false, ...overrides };
}

const push = (token: string, rows: unknown[]) => server.call('POST', '/sync/patients/push', { token, body: rows });
const list = async (token: string, kind: 'rejections' | 'conflicts') =>
  (await server.call('GET', `/sync/${kind}`, { token })).body.items as { id: string; document: { name: string } }[];
const resolve = (token: string, id: string, decision: string, by?: string) =>
  server.call('POST', `/sync/review/${id}/resolution`, { token, body: by ? { decision, by } : { decision } });
const serverName = async (id: string) => {
  const res = await server.call('GET', `/patient/${id}`, { token: adminToken });
  expect(res.status).toBe(200);
  return res.body['name'];
};

/** A patient edited on the server first and then, from the same old state, on the desk: a conflict. */
async function conflict(): Promise<{ doc: Record<string, unknown>; entryId: string }> {
  const original = patient();
  await push(desk.token, [{ newDocumentState: original }]);
  await push(desk.token, [{ assumedMasterState: original, newDocumentState: { ...original, name: 'Ana Lima' } }]);
  await push(desk.token, [{ assumedMasterState: original, newDocumentState: { ...original, name: 'Ana Lima Souza' } }]);
  const items = await list(desk.token, 'conflicts');
  expect(items).toHaveLength(1);
  return { doc: original, entryId: items[0]!.id };
}

describe('resolving a conflict', () => {
  it('apply_mine writes the desk version as the new one, records who and when, and leaves the list', async () => {
    const { doc, entryId } = await conflict();
    const [listed] = await server
      .call('GET', '/sync/conflicts', { token: desk.token })
      .then((r) => r.body.items as unknown[]);
    expect(listed).toMatchObject({ deviceId: desk.id, deviceName: 'Recepção' });
    const res = await resolve(desk.token, entryId, 'apply_mine', 'Rita Recepção');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: entryId,
      decision: 'apply_mine',
      resolvedBy: desk.id,
      resolvedByUser: 'Rita Recepção',
    });
    expect(String(res.body['resolvedAt'])).toMatch(/^\d{4}-\d{2}-\d{2}T.*[+-]\d{2}:\d{2}$/);
    expect(await serverName(String(doc.id))).toBe('Ana Lima Souza');
    expect(await list(desk.token, 'conflicts')).toEqual([]);
    // The version written over is kept beside the entry: what was typed on the server is not lost.
    const kept = await server.database.kysely
      .withTables<SyncTables>()
      .selectFrom('sync_review')
      .select(['replaced', 'resolution', 'resolved_by'])
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ resolution: 'apply_mine', resolved_by: desk.id });
    expect(JSON.parse(kept.replaced!)).toMatchObject({ id: doc.id, name: 'Ana Lima' });
  });

  it('is idempotent: the same decision again answers the recorded one, the other is refused', async () => {
    const { doc, entryId } = await conflict();
    const first = await resolve(desk.token, entryId, 'apply_mine');
    // Another edit after the resolution: a re-sent resolution must not write the old content again.
    const edit = await server.call('PATCH', `/patient/${String(doc.id)}`, {
      token: adminToken,
      body: { name: 'Ana Lima Costa' },
    });
    expect(edit.status).toBe(200);
    const again = await resolve(desk.token, entryId, 'apply_mine');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await serverName(String(doc.id))).toBe('Ana Lima Costa');
    const other = await resolve(desk.token, entryId, 'keep_server');
    expect(other.status).toBe(409);
  });

  it('keep_server dismisses the entry and the server version stands', async () => {
    const { doc, entryId } = await conflict();
    const res = await resolve(desk.token, entryId, 'keep_server');
    expect(res.status).toBe(200);
    expect(await serverName(String(doc.id))).toBe('Ana Lima');
    expect(await list(desk.token, 'conflicts')).toEqual([]);
  });
});

describe('resolving a rejection', () => {
  it('apply_mine of a still invalid version is refused with the reasons and the entry stays', async () => {
    const bad = patient({ active: 'sim' });
    await push(desk.token, [{ newDocumentState: bad }]);
    const [entry] = await list(desk.token, 'rejections');
    const res = await resolve(desk.token, entry!.id, 'apply_mine');
    expect(res.status).toBe(400);
    const error = res.body['error'] as { message: string; details: { path: string }[] };
    expect(error.message).toBe('A versão desta estação continua inválida');
    expect(error.details.map((d) => d.path)).toContain('active');
    expect(await list(desk.token, 'rejections')).toHaveLength(1);
    expect((await server.call('GET', `/patient/${String(bad.id)}`, { token: adminToken })).status).toBe(404);
    expect((await resolve(desk.token, entry!.id, 'keep_server')).status).toBe(200);
    expect(await list(desk.token, 'rejections')).toEqual([]);
  });

  it('apply_mine of an edit over a deletion is refused: the deletion is final', async () => {
    const gone = patient();
    await push(desk.token, [{ newDocumentState: gone }]);
    // A desk may not delete a patient any more; a tombstone from before that rule stays final.
    const stored = server.database.forTenant(tenantId).collection(patients);
    await stored.remove(String(gone.id), (await stored.get(String(gone.id)))!._rev);
    await push(desk.token, [{ assumedMasterState: gone, newDocumentState: { ...gone, name: 'Editado offline' } }]);
    const [entry] = await list(desk.token, 'conflicts');
    const res = await resolve(desk.token, entry!.id, 'apply_mine');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('excluído');
    expect(await list(desk.token, 'conflicts')).toHaveLength(1);
  });
});

describe('scope', () => {
  it("another tenant's installation, a bad decision and an unknown id are refused", async () => {
    const { entryId } = await conflict();
    const other = await seedAdmin(server, 'Clínica Lua');
    const foreign = await enrolDevice(server, other.token);
    expect((await resolve(foreign.token, entryId, 'keep_server')).status).toBe(404);
    expect((await resolve(desk.token, entryId, 'talvez')).status).toBe(400);
    expect((await resolve(desk.token, '0193a1c2-0000-7000-8000-000000000000', 'keep_server')).status).toBe(404);
    expect(
      (await server.call('POST', `/sync/review/${entryId}/resolution`, { body: { decision: 'keep_server' } })).status,
    ).toBe(401);
    expect(await list(desk.token, 'conflicts')).toHaveLength(1);
  });
});

describe('a clash between two records (two bookings of one slot, issue 18 point 5)', () => {
  /** Helena booked over REST at 09:00; the desk pushes another booking at 09:15 made offline. */
  async function clash() {
    const call = (path: string, body: unknown) => server.call('POST', path, { token: adminToken, body });
    const clinic = (await call('/clinic/', { name: 'Centro' })).body['clinic'] as { id: string };
    const helena = (await call('/patient/', { name: 'Helena Prado' })).body['patient'] as { id: string };
    const professional = (await server.call('GET', '/user/', { token: adminToken })).body['items'] as { id: string }[];
    const created = await call('/appointment/', {
      clinic: clinic.id,
      patient: helena.id,
      professional: professional[0]!.id,
      start: '2026-11-24T09:00:00-03:00',
      end: '2026-11-24T09:30:00-03:00',
    });
    expect(created.status).toBe(201);
    const pulled = await server.call('GET', '/sync/appointments/pull?limit=10', { token: desk.token });
    const booked = (pulled.body['documents'] as Record<string, unknown>[])[0]!;
    const other = {
      ...booked,
      id: '0193a1c2-7b3e-7cc1-9a52-000000000777',
      start: '2026-11-24T09:15:00.000-03:00',
      end: '2026-11-24T09:45:00.000-03:00',
      startUtc: '2026-11-24T12:15:00.000Z',
      endUtc: '2026-11-24T12:45:00.000Z',
    };
    await server.call('POST', '/sync/appointments/push', { token: desk.token, body: [{ newDocumentState: other }] });
    const [entry] = await list(desk.token, 'conflicts');
    expect(entry).toBeDefined();
    return { booked, other, entryId: entry!.id, clinic: clinic.id, professional: professional[0]!.id };
  }
  const resolutionOf = (id: string) =>
    server.database.kysely
      .withTables<SyncTables>()
      .selectFrom('sync_review')
      .select(['resolution', 'resolved_by', 'resolved_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('refuses keep_server and apply_mine while both bookings hold the slot: the entry stays', async () => {
    const { booked, other, entryId } = await clash();
    for (const decision of ['apply_mine', 'keep_server']) {
      const res = await resolve(desk.token, entryId, decision);
      expect(res.status).toBe(409);
      expect(res.body['error']).toMatchObject({ code: 'conflict', message: 'O choque entre os registros continua' });
    }
    expect((await list(desk.token, 'conflicts')).map((e) => e.id)).toEqual([entryId]);
    expect((await resolutionOf(entryId)).resolved_at).toBeNull();
    const after = await server.call('GET', '/sync/appointments/pull?limit=10', { token: desk.token });
    expect((after.body['documents'] as { id: string }[]).map((d) => d.id).sort()).toEqual(
      [String(booked.id), other.id].sort(),
    );
  });

  it('leaves the list once the other booking moved to a free time, recorded as clash_gone', async () => {
    const { booked, entryId, clinic, professional } = await clash();
    const moved = await server.call('PUT', `/appointment/${String(booked.id)}`, {
      token: adminToken,
      body: {
        clinic,
        professional,
        patient: booked.patient,
        start: '2026-11-24T11:00:00-03:00',
        end: '2026-11-24T11:30:00-03:00',
      },
    });
    expect(moved.status).toBe(200);
    expect(await list(desk.token, 'conflicts')).toEqual([]);
    expect(await resolutionOf(entryId)).toMatchObject({ resolution: 'clash_gone', resolved_by: desk.id });
    // Settled once: the same decision afterwards answers the recorded outcome only if it was the same.
    expect((await resolve(desk.token, entryId, 'keep_server')).status).toBe(409);
  });

  it('leaves the list once the listed booking is made an encaixe or cancelled', async () => {
    const { other, entryId } = await clash();
    const pulled = await server.call('GET', '/sync/appointments/pull?limit=10', { token: desk.token });
    const listed = (pulled.body['documents'] as Record<string, unknown>[]).find((d) => d.id === other.id)!;
    const encaixe = { ...listed, overbooking: true };
    const pushed = await server.call('POST', '/sync/appointments/push', {
      token: desk.token,
      body: [{ assumedMasterState: listed, newDocumentState: encaixe }],
    });
    expect(pushed.body).toEqual([]);
    expect(await list(desk.token, 'conflicts')).toEqual([]);
    expect((await resolutionOf(entryId)).resolution).toBe('clash_gone');
  });
});
