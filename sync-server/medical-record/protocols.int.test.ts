/**
 * The protocol library and protocols in the attendance through REST, on SQLite and PostgreSQL
 * (MED-040..043): the shipped protocols listed and suggested by CID-10, symptoms and illnesses
 * (accents ignored, ranked); a shipped protocol edited becomes the clinic's copy; a clinic protocol
 * created with unknown CID-10 refused; a protocol opened in an open record and information added to
 * it; a finished record refusing both; the reception refused the library.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { patients } from '#core/patient/patient-record.js';
import { seedDemoData } from '../admin/demo-data.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';

const PASSWORD = 'senha comprida da clínica';
const DENGUE = '019a0000-0000-7000-8000-000000000103';
const HYPERTENSION = '019a0000-0000-7000-8000-000000000101';

type Json = Record<string, unknown>;
type Protocol = { id: string; name: string; cid10: string[]; active: boolean; shipped?: boolean; basedOn?: string };
type Rec = {
  id: string;
  protocols?: { id: string; protocol: string; name: string; text: string }[];
  protocolNotes?: { use: string; text: string; by: string }[];
};

const pgSkip = skipWithoutPostgres(await postgresUnreachable(), 'PostgreSQL protocol tests');
const engines = pgSkip ? (['sqlite'] as const) : (['sqlite', 'postgresql'] as const);

describe.each(engines)('medical protocols through REST on %s', (engine) => {
  let server: TestServer;
  const schema = `test_protocols_${randomBytes(4).toString('hex')}`;
  const token = { admin: '', ana: '', bruno: '', reception: '' };
  const ids = { ana: '', patient: '' };

  const call = (who: keyof typeof token, method: string, path: string, body?: unknown) =>
    server.call(method, path, { token: token[who], ...(body === undefined ? {} : { body }) });
  const ok = async (who: keyof typeof token, method: string, path: string, body?: unknown, status = 200) => {
    const res = await call(who, method, path, body);
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Json;
  };

  beforeAll(async () => {
    const database =
      engine === 'postgresql'
        ? await openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations })
        : undefined;
    server = await startTestServer(database ? { database } : {});
    const { tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD });
    await seedDemoData(server.database, tenantId, { patients: 2, clock: server.clock });
    for (const [key, role] of [
      ['ana', 'professional'],
      ['bruno', 'professional'],
      ['reception', 'reception'],
    ] as const) {
      const id = await addMember(server, tenantId, { email: `${key}@sol.test`, password: PASSWORD, role });
      if (key === 'ana') ids.ana = id;
    }
    for (const key of ['admin', 'ana', 'bruno', 'reception'] as const)
      token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
    ids.patient = (await server.database.forTenant(tenantId).collection(patients).find({ limit: 1 }))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (engine === 'postgresql') await dropSchema(schema);
  });

  it('lists and suggests the shipped protocols, ranked, ignoring accents; the reception is refused', async () => {
    const listed = (await ok('ana', 'GET', '/medicalProtocol/')).items as Protocol[];
    expect(listed.map((p) => p.id).sort()).toEqual(expect.arrayContaining([DENGUE, HYPERTENSION]));
    expect(listed.every((p) => p.shipped)).toBe(true);
    const searched = (await ok('ana', 'GET', '/medicalProtocol/?q=hipertensao')).items as Protocol[];
    expect(searched.map((p) => p.id)).toEqual([HYPERTENSION]);

    const suggested = await ok('ana', 'GET', '/medicalProtocol/suggestion?cid10=a90&symptoms=FEBRE,cefaléia');
    const items = suggested.items as { protocol: Protocol; score: number; matches: Json[] }[];
    expect(items.map((s) => [s.protocol.id, s.score])).toEqual([
      [DENGUE, 8],
      [HYPERTENSION, 1],
    ]);
    expect(items[0]!.matches).toContainEqual({ kind: 'cid10', asked: 'a90', matched: 'A90' });
    const byIllness = await ok('ana', 'GET', '/medicalProtocol/suggestion?illnesses=Diabetes');
    expect((byIllness.items as { protocol: Protocol }[]).map((s) => s.protocol.cid10)).toEqual([['E11']]);

    const empty = await call('ana', 'GET', '/medicalProtocol/suggestion');
    expect(empty.status).toBe(400);
    expect((await call('reception', 'GET', '/medicalProtocol/')).status).toBe(403);
    expect((await call('reception', 'GET', '/medicalProtocol/suggestion?cid10=A90')).status).toBe(403);
    expect((await call('reception', 'POST', '/medicalProtocol/', { name: 'X', text: 'y' })).status).toBe(403);
  });

  it('creates a clinic protocol, refuses an unknown CID-10, and keeps an edited shipped one as the clinic copy', async () => {
    const bad = await call('ana', 'POST', '/medicalProtocol/', {
      name: 'Lombalgia',
      text: 'Repouso',
      cid10: ['M54.5', 'Q99.99'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ details: [{ path: 'cid10.1' }] });
    const created = (await ok(
      'ana',
      'POST',
      '/medicalProtocol/',
      { name: 'Lombalgia aguda', cid10: ['m545'], symptoms: ['dor lombar'], text: 'Afastar sinais de alerta.' },
      201,
    )) as Protocol;
    expect(created).toMatchObject({ cid10: ['M54.5'], active: true });
    expect(created.shipped).toBeUndefined();
    const lumbar = await ok('ana', 'GET', '/medicalProtocol/suggestion?symptoms=Dor%20lombar');
    expect((lumbar.items as { protocol: Protocol }[]).map((s) => s.protocol.id)).toEqual([created.id]);

    const copy = (await ok('admin', 'PATCH', `/medicalProtocol/${HYPERTENSION}`, {
      symptoms: ['cefaleia occipital'],
    })) as Protocol;
    expect(copy.id).not.toBe(HYPERTENSION);
    expect(copy).toMatchObject({ basedOn: HYPERTENSION, cid10: ['I10'], active: true });
    expect(copy.shipped).toBeUndefined();
    // The library shows the copy once, in place of the shipped protocol; its id still reaches the copy.
    const listed = (await ok('ana', 'GET', '/medicalProtocol/')).items as Protocol[];
    expect(listed.filter((p) => p.cid10.includes('I10')).map((p) => p.id)).toEqual([copy.id]);
    expect(((await ok('ana', 'GET', `/medicalProtocol/${HYPERTENSION}`)) as Protocol).id).toBe(copy.id);

    const off = (await ok('ana', 'PATCH', `/medicalProtocol/${copy.id}`, { active: false })) as Protocol;
    expect(off.active).toBe(false);
    const none = await ok('ana', 'GET', '/medicalProtocol/suggestion?cid10=I10');
    expect(none.items).toEqual([]);
    expect(((await ok('ana', 'GET', '/medicalProtocol/?active=false')).items as Protocol[]).map((p) => p.id)).toEqual([
      copy.id,
    ]);
    expect((await call('ana', 'PATCH', `/medicalProtocol/${copy.id}`, {})).status).toBe(400);
    expect((await call('ana', 'GET', '/medicalProtocol/019a0000-0000-7000-8000-0000000009ff')).status).toBe(404);
  });

  it('opens a protocol in the attendance, adds information, and refuses both once the record is finished', async () => {
    const opened = await ok('ana', 'POST', '/medicalRecord/instantAttendance', { patient: ids.patient }, 201);
    const id = (opened.medicalRecord as Rec).id;
    expect((await call('bruno', 'POST', `/medicalRecord/${id}/protocol`, { protocol: DENGUE })).status).toBe(403);
    const missing = await call('ana', 'POST', `/medicalRecord/${id}/protocol`, {
      protocol: '019a0000-0000-7000-8000-0000000009ff',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ details: [{ path: 'protocol' }] });

    const withProtocol = (await ok('ana', 'POST', `/medicalRecord/${id}/protocol`, { protocol: DENGUE }, 201)) as Rec;
    expect(withProtocol.protocols).toMatchObject([
      { protocol: DENGUE, name: 'Dengue: classificação de risco e manejo' },
    ]);
    expect(withProtocol.protocols![0]!.text).toMatch(/sinais de alarme/);
    const again = (await ok('ana', 'POST', `/medicalRecord/${id}/protocol`, { protocol: DENGUE }, 201)) as Rec;
    expect(again.protocols).toHaveLength(1);
    const use = withProtocol.protocols![0]!.id;
    const noted = (await ok(
      'ana',
      'POST',
      `/medicalRecord/${id}/protocol/${use}/information`,
      { text: 'Prova do laço negativa: grupo A.' },
      201,
    )) as Rec;
    expect(noted.protocolNotes).toMatchObject([{ use, text: 'Prova do laço negativa: grupo A.', by: ids.ana }]);
    const wrongUse = await call('ana', 'POST', `/medicalRecord/${id}/protocol/${id}/information`, { text: 'x' });
    expect(wrongUse.status).toBe(404);

    await ok('ana', 'POST', `/medicalRecord/${id}/conclusion`);
    const late = await call('ana', 'POST', `/medicalRecord/${id}/protocol/${use}/information`, { text: 'depois' });
    expect(late.status).toBe(409);
    expect((late.body.error as { message: string }).message).toMatch(/adendo/);
    expect((await call('ana', 'POST', `/medicalRecord/${id}/protocol`, { protocol: HYPERTENSION })).status).toBe(409);
    const read = (await ok('ana', 'GET', `/medicalRecord/${id}`)) as Rec;
    expect(read.protocolNotes).toHaveLength(1);
    expect((await call('reception', 'GET', `/medicalRecord/${id}`)).status).toBe(403);
  });
});
