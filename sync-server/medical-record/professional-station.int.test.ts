/**
 * Professional stations (docs/decisions/medical-record.md MED-007, LGPD art. 11): a consulting-room
 * installation bound to one professional receives that professional's records and no one else's; a
 * reception desk none; the station pushes only its professional's records, checked as the operations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../admin/demo-data.js';
import { addMember, login, seedAccount } from '../auth/test-server.js';
import { enrolDevice, startSyncServer, type SyncTestServer } from '../../test/sync/sync-fixture.js';

const PASSWORD = 'senha comprida da clínica';
let server: SyncTestServer;
const token = { admin: '', ana: '', bruno: '' };
const ids = { ana: '', bruno: '', patient: '', anaRecord: '', brunoRecord: '' };
type Doc = Record<string, unknown> & { id: string; rx_collection?: string };

async function stationOf(user: string | undefined, kind = 'professional') {
  const code = await server.call('POST', '/installation/enrolmentCode', {
    token: token.admin,
    body: { name: 'Consultório 1', kind, ...(user ? { user } : {}) },
  });
  if (code.status !== 201) return { status: code.status, body: code.body, token: '' };
  const enrolled = await server.call('POST', '/installation/enrolment', { body: { code: code.body.code } });
  return { status: enrolled.status, body: enrolled.body, token: enrolled.body.token as string };
}

async function recordsPulled(deviceToken: string): Promise<Doc[]> {
  const group = await server.call('GET', '/sync/group/schedule/pull?limit=1000', { token: deviceToken });
  expect(group.status, JSON.stringify(group.body)).toBe(200);
  return (group.body.documents as Doc[]).filter((d) => d.rx_collection === 'medical_records');
}

beforeAll(async () => {
  server = await startSyncServer();
  const { tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD });
  await seedDemoData(server.database, tenantId, { patients: 2, clock: server.clock });
  for (const key of ['ana', 'bruno'] as const)
    ids[key] = await addMember(server, tenantId, {
      email: `${key}@sol.test`,
      password: PASSWORD,
      role: 'professional',
    });
  for (const key of ['admin', 'ana', 'bruno'] as const)
    token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
  const patients = await server.call('GET', '/patient/?limit=1', { token: token.ana });
  ids.patient = (patients.body.items as { id: string }[])[0]!.id;
  for (const key of ['ana', 'bruno'] as const) {
    const opened = await server.call('POST', '/medicalRecord/instantAttendance', {
      token: token[key],
      body: { patient: ids.patient, anamnese: `Queixa confidencial de ${key}.` },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    ids[key === 'ana' ? 'anaRecord' : 'brunoRecord'] = (opened.body.medicalRecord as { id: string }).id;
  }
}, 120_000);
afterAll(() => server?.close());

describe('professional installations', () => {
  it('binds a professional station to an active professional of the account, and only such a station', async () => {
    const unbound = await stationOf(undefined);
    expect(unbound.status).toBe(400);
    expect(JSON.stringify(unbound.body)).toContain('"path":"user"');
    expect((await stationOf(ids.ana, 'desk')).status).toBe(400);
    const ana = await stationOf(ids.ana);
    expect(ana.status).toBe(201);
    expect(ana.body.installation).toMatchObject({ kind: 'professional', userId: ids.ana });
    const list = await server.call('GET', '/installation/', { token: token.admin });
    expect((list.body.items as { kind: string; userId: string | null }[]).at(-1)).toMatchObject({
      kind: 'professional',
      userId: ids.ana,
    });
  });

  it("sends a professional station its professional's records only, and a reception desk none", async () => {
    const ana = await stationOf(ids.ana);
    const pulled = await recordsPulled(ana.token);
    expect(pulled.map((d) => d.id)).toEqual([ids.anaRecord]);
    expect(JSON.stringify(pulled)).not.toContain('de bruno');
    const single = await server.call('GET', '/sync/medical_records/pull?limit=100', { token: ana.token });
    expect((single.body.documents as Doc[]).map((d) => d.id)).toEqual([ids.anaRecord]);
    const desk = await enrolDevice(server, token.admin);
    expect(await recordsPulled(desk.token)).toEqual([]);
    expect((await server.call('GET', '/sync/medical_records/pull?limit=100', { token: desk.token })).status).toBe(403);
  });

  it("takes the station's edits of its own records and refuses another professional's, answering no content of it", async () => {
    const ana = await stationOf(ids.ana);
    const [own] = await recordsPulled(ana.token);
    const { rx_collection: _tag, ...base } = own!;
    const at = '2026-11-27T10:00:00-03:00';
    const edited = {
      ...base,
      sections: { ...(base.sections as object), conduta: { text: 'Repouso.', at, by: ids.ana } },
    };
    const accepted = await server.call('POST', '/sync/medical_records/push', {
      token: ana.token,
      body: [{ assumedMasterState: base, newDocumentState: edited }],
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual([]);
    const read = await server.call('GET', `/medicalRecord/${ids.anaRecord}`, { token: token.ana });
    expect(read.body.sections).toMatchObject({ conduta: { text: 'Repouso.' } });

    // A forged push of Bruno's record (its id, Ana's station): refused, and the answer is no copy of it.
    const forged = { ...edited, id: ids.brunoRecord, professional: ids.bruno };
    const refused = await server.call('POST', '/sync/medical_records/push', {
      token: ana.token,
      body: [{ newDocumentState: forged }],
    });
    expect(refused.status).toBe(200);
    expect(JSON.stringify(refused.body)).not.toContain('de bruno');
    expect((refused.body as unknown as Doc[])[0]).toMatchObject({ id: ids.brunoRecord, _deleted: true });
    const bruno = await server.call('GET', `/medicalRecord/${ids.brunoRecord}`, { token: token.bruno });
    expect(bruno.body.sections).toMatchObject({ anamnese: { text: 'Queixa confidencial de bruno.' } });
    expect(bruno.body.sections).not.toHaveProperty('conduta');
    // The refusal lists on Ana's station only as her own pushed text, never Bruno's stored record.
    const rejections = await server.call('GET', '/sync/rejections', { token: ana.token });
    expect(JSON.stringify(rejections.body)).not.toContain('de bruno');
  });

  it('sends a record opened later to its professional station only', async () => {
    const ana = await stationOf(ids.ana);
    const bruno = await stationOf(ids.bruno);
    await server.call('POST', '/medicalRecord/instantAttendance', {
      token: token.bruno,
      body: { patient: ids.patient, anamnese: 'Nova queixa de bruno.' },
    });
    expect(JSON.stringify(await recordsPulled(ana.token))).not.toContain('Nova queixa de bruno');
    expect(JSON.stringify(await recordsPulled(bruno.token))).toContain('Nova queixa de bruno');
  });
});
