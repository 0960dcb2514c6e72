/**
 * Procedure and hospitalization requests over REST on SQLite and PostgreSQL against the local
 * insurer double (issue 25, spec §4.3 Schedule and §4.4 Integration): an SP/SADT request sent
 * online (tissSolicitacaoProcedimento) and its status asked (tissSolicitacaoStatusAutorizacao), the
 * token sent to the patient through the outbox, a hospitalization request saved as a draft, sent
 * while the operator is down (contingency), authorized by hand and cancelled (tissCancelaGuia), an
 * integrator's interaction for a code answered by a person, the attendance's exams, the request
 * billed as the attendance's guide and the materials billed beside the exam. Every request the double
 * received passed the ANS schema with its item 115 hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { addMember, login, seedAccount, type TestServer } from '../../sync-server/auth/test-server.js';
import { renderInsuranceToken } from '../../sync-server/billing/templates.js';
import { DEFAULT_ANSWERS, startTestInsurer, type TestInsurer } from '../../sync-server/billing/test-insurer.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

import { startTestServerOn, testEngines } from '../../sync-server/testing/server-on.js';

setTissSchemaSource(diskTissSchemas);

/** A record in an answer. */
type Ref = { id: string; [field: string]: unknown };
/** Answers as this test reads them. */
interface Json {
  [field: string]: unknown;
  clinic: Ref;
  event: Ref;
  priceTable: Ref;
  insurance: Ref;
  specialty: Ref;
  patient: Ref;
  appointment: Ref;
  request: Ref;
  interaction: Ref & { summary: string; response?: unknown };
  interactions: { kind: string }[];
  exams: unknown[];
  combinations: { code: string; expenseCode: string; timesTogether: number }[];
  billingAttendance: string;
}
const engines = await testEngines('PostgreSQL procedure-request REST tests');
const HEMOGRAMA = '40304361';

describe.each(engines)('procedure requests over REST on %s', (engine) => {
  let server: TestServer;
  let insurer: TestInsurer;
  let key: string;
  let adminId: string;
  let tenantId: string;
  beforeAll(async () => {
    server = await startTestServerOn(engine, { access: { apiKeyRatePerMinute: 10_000 } });
    insurer = await startTestInsurer();
    const account = await seedAccount(server, 'Clínica A', {
      email: 'admin@a.com.br',
      password: 'senha comprida da clínica',
    });
    adminId = account.adminId;
    tenantId = account.tenantId;
    key = (await server.keys.createKey(account.tenantId, { name: 'integração' })).key;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await insurer?.close();
  });

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

  it('requests, asks, authorizes in contingency, cancels, answers, bills and lists what went to the insurer', async () => {
    const clinic = (await ok('POST', '/clinic/', { name: 'Centro', cnpj: '11.222.333/0001-81', cnes: '1234567' }))
      .clinic.id;
    const event = (await ok('POST', '/event/', { name: 'Hemograma', code: HEMOGRAMA, tissTable: '22', type: 'exam' }))
      .event.id;
    const table = (await ok('POST', '/priceTable/', { name: 'Convênio 2026' })).priceTable.id;
    await ok('PUT', `/priceTable/${table}`, { name: 'Convênio 2026', prices: [{ event, value: 25 }] });
    const insurance = (
      await ok('POST', '/insurance/', { name: 'Saúde Exemplo', ansRegistry: '123456', priceTable: table, plans: [] })
    ).insurance.id;
    await ok('PUT', `/insurance/${insurance}/tiss/integration`, {
      baseUrl: insurer.url,
      login: 'clinica.sj',
      password: 'segredo',
    });
    await ok('POST', '/materialOrExam/import', {
      items: [
        { tussTable: '22', code: HEMOGRAMA, name: 'Hemograma com contagem de plaquetas', unit: 'UN' },
        { tussTable: '19', code: '70000018', name: 'Seringa descartável 5 ml', unit: 'UN', price: 1.5 },
        { tussTable: '20', code: '90000012', name: 'Soro fisiológico 0,9% 10 ml', unit: 'AMP', price: 2 },
      ],
    });
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
        cellPhone: '+5511987654321',
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

    // An SP/SADT request by TUSS code: the name comes from the catalogue; the operator says "em análise".
    const created = await call('POST', '/procedureRequest/', {
      appointment,
      procedures: [{ code: HEMOGRAMA }],
      clinicalIndication: 'Investigação de anemia',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ contingency: false, request: { status: 'inAnalysis', insurerStatus: '2' } });
    expect(created.body.request).toMatchObject({
      procedures: [{ description: 'Hemograma com contagem de plaquetas' }],
    });
    expect(insurer.requests.at(-1)).toMatchObject({ root: 'solicitacaoProcedimentoWS', problems: [], hashOk: true });
    const request = created.body.request.id;

    const status = await ok('GET', `/procedureRequest/${request}/status`);
    expect(status).toMatchObject({
      online: true,
      request: { status: 'authorized', authorization: { password: 'SENHA4142', manual: false } },
    });

    const token = await ok('POST', `/appointment/${appointment}/insuranceToken`, { channel: 'whatsapp' });
    expect(token).toMatchObject({ to: '+5511987654321', interaction: { kind: 'token', channel: 'message' } });
    expect(token.interaction.summary).not.toContain('SENHA4142');
    const queued = server.messages.at(-1)!;
    expect(queued).toMatchObject({ channel: 'whatsapp', to: '+5511987654321', template: 'insurance.token' });
    const text = renderInsuranceToken(queued.data).text;
    expect(text).toContain('Sua senha de autorização do convênio Saúde Exemplo é: SENHA4142');
    expect(text).toContain('Válida até 27/12/2026.');

    // A hospitalization request saved as a draft, then sent while the operator's web service is down.
    const hospitalization = {
      appointment,
      procedures: [{ code: '31009069', description: 'Colecistectomia com colangiografia' }],
      clinicalIndication: 'Colelitíase sintomática',
      hospitalization: {
        hospitalCode: 'HOSP01',
        hospitalName: 'Hospital Santa Luzia',
        suggestedDate: '2026-12-03',
        type: '2',
        regime: '1',
        days: 2,
        opme: false,
        chemotherapy: false,
        cids: ['K80.1'],
      },
    };
    const draft = (await ok('POST', '/hospitalizationRequest/draft', hospitalization)).request;
    expect(draft).toMatchObject({ kind: 'hospitalization', status: 'draft' });
    delete insurer.answers.solicitacaoProcedimentoWS;
    const down = await ok('POST', '/hospitalizationRequest/', { ...hospitalization, draft: draft.id });
    insurer.answers.solicitacaoProcedimentoWS = DEFAULT_ANSWERS.solicitacaoProcedimentoWS!;
    expect(down).toMatchObject({
      contingency: true,
      request: { id: draft.id, status: 'draft' },
      interaction: { ok: false },
    });
    const manual = await ok('POST', `/procedureRequest/${draft.id}/manualAuthorization`, {
      password: 'TEL998877',
      operatorGuideNumber: 'OP77',
      reason: 'Web service fora do ar; senha dada por telefone',
    });
    expect(manual.request).toMatchObject({
      status: 'authorized',
      authorization: { password: 'TEL998877', manual: true },
    });
    const cancelled = await ok('POST', `/procedureRequest/${draft.id}/action`, {
      action: 'cancel',
      reason: 'Cirurgia adiada',
    });
    expect(cancelled.request).toMatchObject({ status: 'cancelled', cancellation: { online: true } });
    expect(insurer.requests.at(-1)).toMatchObject({ root: 'cancelaGuiaWS', problems: [], hashOk: true });
    expect(
      (await call('POST', `/procedureRequest/${draft.id}/manualAuthorization`, { password: 'X', reason: 'x' })).status,
    ).toBe(409);

    // An integrator's interaction for a code, answered by a person.
    const fromCode = await call('POST', '/integration/insuranceInteraction', {
      appointment,
      code: '40302040',
      text: 'Colesterol pede autorização prévia',
    });
    expect(fromCode.status).toBe(201);
    const answered = await ok(
      'POST',
      `/appointment/${appointment}/insuranceInteraction/${fromCode.body.interaction.id}/response`,
      {
        text: 'Operadora liberou sem senha',
      },
    );
    expect(answered.interaction.response).toMatchObject({
      text: 'Operadora liberou sem senha',
      by: token.interaction.by, // the same caller (the API key)
    });
    const again = await call(
      'POST',
      `/appointment/${appointment}/insuranceInteraction/${fromCode.body.interaction.id}/response`,
      {
        text: 'de novo',
      },
    );
    expect(again.status).toBe(409);

    const listed = (await ok('GET', `/appointment/${appointment}/insuranceInteraction`)).interactions;
    expect(listed.map((i) => i.kind)).toEqual([
      'procedureRequest',
      'authorizationStatus',
      'token',
      'procedureRequest',
      'manualAuthorization',
      'cancellation',
      'code',
    ]);

    const exams = await ok('GET', `/integration/attendance/${appointment}/exams`);
    expect(exams.exams).toEqual([
      expect.objectContaining({
        code: HEMOGRAMA,
        tussName: 'Hemograma com contagem de plaquetas',
        password: 'SENHA4142',
      }),
    ]);

    // The authorized request becomes the attendance's guide, with the materials billed beside the exam.
    for (const step of ['attendance', 'attendance/start', 'attendance/end'])
      await ok('POST', `/appointment/${appointment}/${step}`, {});
    const billed = await ok('POST', `/procedureRequest/${request}/action`, { action: 'bill' });
    expect(billed.request).toMatchObject({ status: 'billed' });
    const attendance = await ok('GET', `/billing/attendance/${billed.billingAttendance}`);
    expect(attendance).toMatchObject({ authorizationCode: 'SENHA4142', authorizationDate: '2026-11-27' });
    await ok('POST', `/billing/attendance/${billed.billingAttendance}/expense`, {
      expenses: [
        { expenseCode: '03', code: '70000018', description: 'Seringa descartável 5 ml', quantity: 1, unitValue: 1.5 },
      ],
    });
    const combinations = await ok('GET', `/integration/materialOrExam/combinations?exam=${HEMOGRAMA}`);
    expect(combinations.exam).toEqual({ code: HEMOGRAMA, name: 'Hemograma com contagem de plaquetas' });
    expect(combinations.combinations.map((c) => [c.code, c.expenseCode, c.timesTogether])).toEqual([
      ['70000018', '03', 1],
      ['90000012', '02', 0],
    ]);

    expect(insurer.requests.length).toBeGreaterThanOrEqual(4);
    expect(insurer.requests.every((r) => r.problems.length === 0 && r.hashOk)).toBe(true);
  }, 120_000);

  it('lets the reception request and answer; the totem kiosk reaches none of it', async () => {
    const person = async (email: string, role: 'reception' | 'totem') => {
      await addMember(server, tenantId, { email, password: 'senha comprida da pessoa', role });
      return (await login(server, email, 'senha comprida da pessoa')).accessToken;
    };
    const reception = await person('recepcao@a.com.br', 'reception');
    const totem = await person('totem@a.com.br', 'totem');
    const missing = '0190ffff-0000-7000-8000-00000000abcd';
    const as = async (token: string, method: string, path: string, body?: unknown) =>
      (await server.call(method, path, { token, ...(body === undefined ? {} : { body }) })).status;
    const calls = [
      ['GET', `/appointment/${missing}/insuranceInteraction`],
      ['POST', `/procedureRequest/${missing}/manualAuthorization`, { password: 'A1', reason: 'fora do ar' }],
      ['GET', `/procedureRequest/${missing}/status`],
    ] as const;
    for (const [method, path, body] of calls) {
      expect(await as(reception, method, path, body), `${method} ${path}`).toBe(404);
      expect(await as(totem, method, path, body), `${method} ${path}`).toBe(403);
    }
  }, 60_000);
});
