/**
 * The insurer web-service operations over REST on SQLite and PostgreSQL, against the local insurer
 * double (sync-server/billing/test-insurer.ts): the connection is set once with the provider's
 * password (sealed in the server table, never answered), eligibility and authorization status are
 * asked online, the protocol-status job runs "as soon as possible" and records the operator's answer
 * on a sent batch, an appeal's status is read; every request the double received passed the ANS
 * schema with its hash, and the double's answers pass them too (soap-insurer-services test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { seedAccount, type TestServer } from '../../sync-server/auth/test-server.js';
import { startTestInsurer, type TestInsurer } from '../../sync-server/billing/test-insurer.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

import { startTestServerOn, testEngines } from '../../sync-server/testing/server-on.js';

setTissSchemaSource(diskTissSchemas);

type Created = 'clinic' | 'event' | 'priceTable' | 'insurance' | 'specialty' | 'patient' | 'appointment' | 'batch';
type Json = Record<Created, { id: string } & Record<string, unknown>> & Record<string, unknown>;
const engines = await testEngines('PostgreSQL TISS web-service REST tests');
const SECRET = 'segredo-do-portal';

describe.each(engines)('TISS web services over REST on %s', (engine) => {
  let server: TestServer;
  let insurer: TestInsurer;
  let key: string;
  let adminId: string;
  beforeAll(async () => {
    server = await startTestServerOn(engine, { access: { apiKeyRatePerMinute: 10_000 } });
    insurer = await startTestInsurer();
    const account = await seedAccount(server, 'Clínica A', {
      email: 'admin@a.com.br',
      password: 'senha comprida da clínica',
    });
    adminId = account.adminId;
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
  const ok = async (method: string, path: string, body?: unknown, status?: number) => {
    const res = await call(method, path, body);
    if (status) expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    else expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };

  it('connects an insurer once, checks eligibility and authorization, runs the protocol job and reads an appeal', async () => {
    const clinic = (await ok('POST', '/clinic/', { name: 'Centro', cnpj: '11.222.333/0001-81', cnes: '1234567' }))
      .clinic.id;
    const event = (
      await ok('POST', '/event/', { name: 'Consulta', code: '10101012', tissTable: '22', type: 'consultation' })
    ).event.id;
    const table = (await ok('POST', '/priceTable/', { name: 'Convênio 2026' })).priceTable.id;
    await ok('PUT', `/priceTable/${table}`, { name: 'Convênio 2026', prices: [{ event, value: 180.5 }] });
    const insurance = (
      await ok('POST', '/insurance/', { name: 'Saúde Exemplo', ansRegistry: '123456', priceTable: table, plans: [] })
    ).insurance.id;
    const other = (await ok('POST', '/insurance/', { name: 'Sem Web Service', ansRegistry: '654321', plans: [] }))
      .insurance.id;

    // Bad input changes nothing: a password longer than senhaPrestador's 32 characters.
    const refused = await call('PUT', `/insurance/${insurance}/tiss/integration`, {
      baseUrl: insurer.url,
      login: 'clinica.sj',
      password: 'x'.repeat(33),
    });
    expect(refused.status).toBe(400);
    expect((await ok('GET', `/insurance/${insurance}/tiss/integration`)).configured).toBe(false);

    const saved = await ok('PUT', `/insurance/${insurance}/tiss/integration`, {
      baseUrl: insurer.url,
      login: 'clinica.sj',
      password: SECRET,
    });
    expect(saved).toMatchObject({ configured: true, login: 'clinica.sj', passwordSet: true, version: '4.01.00' });
    expect(JSON.stringify(saved)).not.toContain(SECRET);
    const row = await server.tiss.connections.db.selectFrom('tiss_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.password_sealed).not.toContain(SECRET);
    // Changing the URL without the password keeps the one stored.
    await ok('PUT', `/insurance/${insurance}/tiss/integration`, { baseUrl: `${insurer.url}/`, login: 'clinica.sj' });
    const parameters = await ok('GET', `/insurance/${insurance}/tiss/parameters`);
    expect(parameters).toMatchObject({ online: true, ansRegistry: '123456', version: '4.01.00' });
    expect(parameters.services).toContainEqual({
      service: 'tissVerificaElegibilidade',
      url: `${insurer.url}/tissVerificaElegibilidade`,
    });

    const eligible = await ok('POST', '/insurance/tiss/eligibility', { insurance, cardNumber: '0012345678901' });
    expect(eligible).toMatchObject({ answered: true, eligible: true, beneficiaryName: 'MARIA DA SILVA' });
    expect(insurer.requests.at(-1)).toMatchObject({
      root: 'pedidoElegibilidadeWS',
      problems: [],
      hashOk: true,
      login: 'clinica.sj',
      password: SECRET,
    });
    const unconnected = await call('POST', '/insurance/tiss/eligibility', { insurance: other, cardNumber: '1' });
    expect(unconnected.status).toBe(409);

    // An attended appointment billed, batched and sent with a protocol.
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
        insurances: [{ insurance, identificationOnInsurance: '99887766' }],
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
    for (const step of ['attendance', 'attendance/start', 'attendance/end'])
      await ok('POST', `/appointment/${appointment}/${step}`, {});
    const batch = (await ok('POST', '/billing/batch/', { clinic, insurance, guideType: 'consulta' })).batch.id;
    await ok('POST', `/billing/batch/${batch}/attendance`, { appointments: [appointment] });
    const sent = (await ok('POST', `/billing/batch/${batch}/send/online`, {})) as unknown as {
      batch?: { status: string; protocol: string };
    };
    expect(sent.batch ?? sent).toMatchObject({ status: 'sent', protocol: '202611240001' });
    expect(insurer.requests.at(-1)).toMatchObject({
      root: 'loteGuiasWS',
      problems: [],
      hashOk: true,
      login: 'clinica.sj',
    });

    expect(await ok('POST', '/billing/protocolStatus/run', {})).toEqual({ scheduled: true });
    await server.tiss.protocolJob.runOnce();
    const checked = (await ok('GET', `/billing/batch/${batch}`)) as unknown as {
      batch?: { attendances: string[]; protocolStatus?: unknown };
      attendances: string[];
      protocolStatus?: unknown;
    };
    const stored = checked.batch ?? checked;
    expect(stored.protocolStatus).toMatchObject({ status: '6', processed: 180.5, refused: 30.5, released: 150 });
    expect(
      insurer.requests
        .filter((r) => r.root === 'solicitacaoStatusProtocoloWS')
        .every((r) => r.problems.length === 0 && r.hashOk),
    ).toBe(true);

    const authorization = await ok('GET', `/billing/attendance/${stored.attendances[0]}/authorizationStatus`);
    expect(authorization).toMatchObject({ found: true, status: '1', password: 'SENHA4142' });
    const appeal = await ok('GET', `/billing/appeal/status?insurance=${insurance}&protocol=RG2026000001`);
    expect(appeal).toEqual({ found: true, protocol: 'RG2026000001', status: '2' });
    expect(insurer.requests.every((r) => r.problems.length === 0 && r.hashOk)).toBe(true);
  }, 120_000);
});
