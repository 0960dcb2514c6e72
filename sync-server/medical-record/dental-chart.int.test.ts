/**
 * The dental chart through REST on SQLite and PostgreSQL (MED-044..046): tooth names by FDI number,
 * the options, states recorded per tooth and per face (faces the tooth lacks refused), the chart and a
 * tooth's history across attendances, the budget lines naming a tooth shown beside it, a finished
 * record refusing a new entry, every access audited and the reception refused the content.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { patients } from '#core/patient/patient-record.js';
import { seedDemoData } from '../admin/demo-data.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';

const PASSWORD = 'senha comprida da clínica';
type Json = Record<string, unknown>;
type Tooth = { tooth: string; name: string; state?: string; faceStates: Json; links: Json[] };

const pgSkip = skipWithoutPostgres(await postgresUnreachable(), 'PostgreSQL dental chart tests');
const engines = pgSkip ? (['sqlite'] as const) : (['sqlite', 'postgresql'] as const);

describe.each(engines)('dental chart through REST on %s', (engine) => {
  let server: TestServer;
  const schema = `test_dental_${randomBytes(4).toString('hex')}`;
  const token = { ana: '', bruno: '', reception: '' };
  const ids = { ana: '', patient: '', clinic: '', event: '' };

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
    const { tenantId } = await seedAccount(server, 'Clínica Sorriso', {
      email: 'admin@sorriso.test',
      password: PASSWORD,
    });
    await seedDemoData(server.database, tenantId, { patients: 2, clock: server.clock });
    for (const [key, role] of [
      ['ana', 'professional'],
      ['bruno', 'professional'],
      ['reception', 'reception'],
    ] as const) {
      const id = await addMember(server, tenantId, { email: `${key}@sorriso.test`, password: PASSWORD, role });
      if (key === 'ana') ids.ana = id;
      token[key] = (await login(server, `${key}@sorriso.test`, PASSWORD)).accessToken;
    }
    const store = server.database.forTenant(tenantId);
    ids.patient = (await store.collection(patients).find({ limit: 1 }))[0]!.id;
    ids.clinic = (await store.collection(clinics).find({ limit: 1 }))[0]!.id;
    ids.event = (await store.collection(events).find({ selector: { active: true }, limit: 1 }))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (engine === 'postgresql') await dropSchema(schema);
  });

  it('names teeth by FDI number and lists the options', async () => {
    expect(await ok('reception', 'GET', '/patient/tooth/36')).toMatchObject({
      name: 'Primeiro molar inferior esquerdo',
      faces: ['M', 'D', 'V', 'L', 'O'],
    });
    expect((await ok('ana', 'GET', '/patient/tooth/61')).name).toBe('Incisivo central decíduo superior esquerdo');
    expect((await call('ana', 'GET', '/patient/tooth/19')).status).toBe(404);
    const options = await ok('ana', 'GET', '/patient/dentalTreatment/options');
    expect((options.states as Json[]).map((s) => s.code)).toEqual(expect.arrayContaining(['cariado', 'implante']));
    expect(options.teeth).toHaveLength(52);
    expect((options.events as Json[]).length).toBeGreaterThan(0);
    expect((await call('reception', 'GET', '/patient/dentalTreatment/options')).status).toBe(403);
  });

  it('records states per face and per tooth, shows the chart with budget lines, and a tooth history newest first', async () => {
    const path = `/patient/${ids.patient}/dentalTreatment`;
    const decay = await ok('ana', 'POST', path, { tooth: '36', state: 'cariado', faces: ['O', 'M'] }, 201);
    expect(decay).toMatchObject({ tooth: '36', state: 'cariado', faces: ['O', 'M'], professional: ids.ana });
    const noFaces = await call('ana', 'POST', path, { tooth: '36', state: 'cariado' });
    expect(noFaces.status).toBe(400);
    expect(noFaces.body.error).toMatchObject({ details: [{ path: 'faces' }] });
    const incisal = await call('ana', 'POST', path, { tooth: '36', state: 'restaurado', faces: ['O', 'I'] });
    expect(incisal.status).toBe(400);
    expect(incisal.body.error).toMatchObject({ details: [{ path: 'faces.1' }] });
    expect((await call('ana', 'POST', path, { tooth: '36', state: 'ausente', faces: ['O'] })).status).toBe(400);
    expect((await call('ana', 'POST', path, { tooth: '19', state: 'ausente' })).status).toBe(400);
    expect((await call('reception', 'POST', path, { tooth: '11', state: 'ausente' })).status).toBe(403);

    server.clock.advance(60_000);
    await ok('bruno', 'POST', path, { tooth: '36', state: 'restaurado', faces: ['O'], event: ids.event }, 201);
    await ok('bruno', 'POST', path, { tooth: '18', state: 'extracao_indicada', note: 'Semi-incluso' }, 201);

    const budget = await call('reception', 'POST', '/budget/', {
      clinic: ids.clinic,
      patient: ids.patient,
      items: [{ event: ids.event, quantity: 1, valueUnity: 350, totalValue: 350, tooth: '46', toothFace: ['O'] }],
    });
    expect(budget.status, JSON.stringify(budget.body)).toBe(201);

    const chart = (await ok('ana', 'GET', path)).teeth as Tooth[];
    expect(chart.map((t) => t.tooth)).toEqual(['18', '36', '46']);
    expect(chart[1]!.state).toBeUndefined();
    expect(chart[1]).toMatchObject({ faceStates: { O: 'restaurado', M: 'cariado' }, links: [] });
    expect(chart[0]).toMatchObject({ name: 'Terceiro molar superior direito', state: 'extracao_indicada' });
    expect(chart[2]!.links).toMatchObject([{ kind: 'budget', order: 1, toothFace: ['O'], event: ids.event }]);

    const history = await ok('bruno', 'GET', `${path}/history?tooth=36`);
    expect((history.items as Json[]).map((e) => e.state)).toEqual(['restaurado', 'cariado']);
    expect((await call('reception', 'GET', path)).status).toBe(403);
    expect((await call('reception', 'GET', `${path}/history`)).status).toBe(403);
  });

  it('records in an open attendance only, by its professional', async () => {
    const opened = await ok('ana', 'POST', '/medicalRecord/instantAttendance', { patient: ids.patient }, 201);
    const record = (opened.medicalRecord as { id: string }).id;
    const path = `/patient/${ids.patient}/dentalTreatment`;
    await ok('ana', 'POST', path, { tooth: '11', state: 'coroa', medicalRecord: record }, 201);
    expect((await call('bruno', 'POST', path, { tooth: '11', state: 'coroa', medicalRecord: record })).status).toBe(
      403,
    );
    await ok('ana', 'POST', `/medicalRecord/${record}/conclusion`);
    expect((await call('ana', 'POST', path, { tooth: '11', state: 'implante', medicalRecord: record })).status).toBe(
      409,
    );
  });

  it('audits every read and write of the chart', async () => {
    const rows = await server.database.kysely
      .selectFrom('audit_log' as never)
      .select(['collection' as never, 'action' as never])
      .where('collection' as never, '=', 'dental_chart_entries' as never)
      .execute();
    const actions = new Set((rows as { action: string }[]).map((r) => r.action));
    expect(actions.size).toBeGreaterThanOrEqual(2);
  });
});
