/**
 * TUSS table 22 shipped with the product, over REST on SQLite (TISS-045): the search by code start or
 * words, a request's item named from the table when neither the catalogue nor an event names its
 * code, the attendance's exams named from it, and codes the 2020 snapshot lacks accepted with a
 * warning on a request and on a billed attendance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';

/** A record in an answer. */
type Ref = { id: string };
/** A line as the answers give it. */
type Line = { code: string; description: string; tussName?: string; term: string; ended: boolean };
/** Answers as this test reads them. */
interface Json {
  [field: string]: unknown;
  items: Line[];
  clinic: Ref;
  event: Ref;
  priceTable: Ref;
  insurance: Ref;
  specialty: Ref;
  patient: Ref;
  appointment: Ref;
  request: { procedures: Line[] };
  exams: Line[];
  attendance: { items: Line[] };
}

describe('TUSS table 22 over REST', () => {
  let server: TestServer;
  let key: string;
  let adminId: string;
  beforeAll(async () => {
    server = await startTestServer({ access: { apiKeyRatePerMinute: 10_000 } });
    const account = await seedAccount(server, 'Clínica T', {
      email: 'admin@t.com.br',
      password: 'senha comprida da clínica',
    });
    adminId = account.adminId;
    key = (await server.keys.createKey(account.tenantId, { name: 'integração' })).key;
  }, 60_000);
  afterAll(async () => server?.close());

  const call = async (method: string, path: string, body?: unknown) =>
    (await server.call(method, path, { key, ...(body === undefined ? {} : { body }) })) as unknown as {
      status: number;
      body: Json;
    };
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };

  it('searches the table by words or code start, terms in force first', async () => {
    const words = await ok('GET', `/tuss/procedure?q=${encodeURIComponent('consulta CONSULTORIO')}`);
    expect(words.items).toEqual([
      {
        code: '10101012',
        term: 'Consulta em consultório (no horário normal ou preestabelecido)',
        validFrom: '2009-02-13',
        ended: false,
      },
    ]);
    const codes = await ok('GET', '/tuss/procedure?q=1.01.01&limit=2');
    expect(codes.items.map((e) => e.code)).toEqual(['10101012', '10101020']);
    const renamed = await ok('GET', '/tuss/procedure?q=30904170');
    expect(renamed.items.map((e) => [e.term, e.ended])).toEqual([
      ['Implante de monitor de eventos (Looper implantável)', false],
      ['Implante de gerador de eventos (Looper implantável)', true],
    ]);
    expect((await call('GET', '/tuss/procedure?q=')).status).toBe(400);
  });

  it('names a code from the table, warns about a code it lacks, and asks a name only when nobody has one', async () => {
    const clinic = (await ok('POST', '/clinic/', { name: 'Centro', cnpj: '11.222.333/0001-81', cnes: '1234567' }))
      .clinic.id;
    const event = (await ok('POST', '/event/', { name: 'Exame novo', code: '99999999', tissTable: '22', type: 'exam' }))
      .event.id;
    const table = (await ok('POST', '/priceTable/', { name: 'Convênio 2026' })).priceTable.id;
    await ok('PUT', `/priceTable/${table}`, { name: 'Convênio 2026', prices: [{ event, value: 40 }] });
    const insurance = (
      await ok('POST', '/insurance/', { name: 'Saúde Exemplo', ansRegistry: '123456', priceTable: table, plans: [] })
    ).insurance.id;
    const specialty = (await ok('POST', '/specialty/', { name: 'Clínica médica', cbo: '225125' })).specialty.id;
    await ok('PUT', `/user/${adminId}`, {
      council: 'CRM',
      councilNumber: '123456',
      councilState: 'SP',
      specialties: [specialty],
    });
    const patient = (
      await ok('POST', '/patient/', {
        name: 'Helena Prado',
        insurances: [{ insurance, identificationOnInsurance: '0012345678901' }],
      })
    ).patient.id;
    const appointment = (
      await ok('POST', '/appointment/', {
        clinic,
        patient,
        professional: adminId,
        events: [event],
        insurance,
        start: '2026-11-24T09:00:00-03:00',
        end: '2026-11-24T09:30:00-03:00',
      })
    ).appointment.id;
    const hospitalization = {
      hospitalCode: 'HOSP01',
      hospitalName: 'Hospital Santa Luzia',
      suggestedDate: '2026-12-03',
      type: '2',
      regime: '1',
      days: 1,
      opme: false,
      chemotherapy: false,
      cids: ['R73.9'],
    };
    const draft = (procedures: unknown[]) =>
      call('POST', '/hospitalizationRequest/draft', {
        appointment,
        procedures,
        clinicalIndication: 'Investigação',
        hospitalization,
      });

    // Glicose: no catalogue item, no event: the table names it; no warning.
    const named = await draft([{ code: '40302040' }]);
    expect(named.status, JSON.stringify(named.body)).toBeLessThan(300);
    expect(named.body.request.procedures).toEqual([
      expect.objectContaining({ code: '40302040', description: 'Glicose - pesquisa e/ou dosagem' }),
    ]);
    expect(named.body.warnings).toBeUndefined();

    // A code the 2020 table lacks: named by the clinic's event, kept, and warned about.
    const newer = await draft([{ code: '40302040' }, { code: '99999999' }]);
    expect(newer.status).toBeLessThan(300);
    expect(newer.body.request.procedures[1]).toMatchObject({ code: '99999999', description: 'Exame novo' });
    expect(newer.body.warnings).toEqual([
      {
        path: 'procedures.1.code',
        message: 'código 99999999 não está na tabela TUSS 22 (2020): confira com a operadora',
      },
    ]);

    // Nobody names it: the person types the name.
    const unnamed = await draft([{ code: '99999990' }]);
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.body)).toContain(
      'código 99999990 fora do catálogo e da tabela TUSS 22: informe o nome',
    );

    const exams = await ok('GET', `/integration/attendance/${appointment}/exams`);
    expect(exams.exams).toContainEqual(
      expect.objectContaining({ code: '40302040', tussName: 'Glicose - pesquisa e/ou dosagem' }),
    );
    expect(exams.exams.find((e) => e.code === '99999999')?.tussName).toBeUndefined();

    // The attended appointment goes to billing with its event's code, warned about, not refused.
    for (const step of ['attendance', 'attendance/start', 'attendance/end'])
      await ok('POST', `/appointment/${appointment}/${step}`, {});
    const billed = await call('POST', '/billing/attendance/', { appointment });
    expect(billed.status, JSON.stringify(billed.body)).toBe(201);
    expect(billed.body.attendance.items).toEqual([expect.objectContaining({ code: '99999999' })]);
    expect(billed.body.warnings).toEqual([
      { path: 'items.0.code', message: 'código 99999999 não está na tabela TUSS 22 (2020): confira com a operadora' },
    ]);
  });
});
