/**
 * Billing over REST on the real server (SQLite file): an insurer set up through the API, an
 * appointment attended through the schedule's operations, billed in a consultation batch whose TISS
 * XML validates, sent and its sending cancelled; another account's batch answers 404.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestServer } from '../../sync-server/auth/test-server.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

// The server reads the ANS schemas from disk (core reads none).
setTissSchemaSource(diskTissSchemas);

const server = await startTestServer();
afterAll(() => server.close());

const PASSWORD = 'senha comprida da clínica';
const a = await seedAccount(server, 'Clínica A', { email: 'admin@a.com.br', password: PASSWORD });
const b = await seedAccount(server, 'Clínica B', { email: 'admin@b.com.br', password: PASSWORD });
const keyA = (await server.keys.createKey(a.tenantId, { name: 'integração A' })).key;
const keyB = (await server.keys.createKey(b.tenantId, { name: 'integração B' })).key;
/** Answers as these tests read them: created records under a key, or top-level fields. */
type Created = 'clinic' | 'event' | 'priceTable' | 'insurance' | 'specialty' | 'patient' | 'appointment' | 'batch';
type Body = Record<Created, { id: string } & Record<string, unknown>> & Record<string, unknown>;
const call = async (method: string, path: string, body?: unknown, key = keyA) => {
  const res = await server.call(method, path, { key, ...(body === undefined ? {} : { body }) });
  return res as unknown as { status: number; body: Body };
};

async function created(method: string, path: string, body: unknown, key = keyA) {
  const res = await call(method, path, body, key);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

async function attendedAppointment(key: string, adminId: string) {
  const clinic = (
    await created('POST', '/clinic/', { name: 'Centro', cnpj: '11.222.333/0001-81', cnes: '1234567' }, key)
  ).clinic.id;
  const event = (
    await created('POST', '/event/', { name: 'Consulta', code: '10101012', tissTable: '22', type: 'consultation' }, key)
  ).event.id;
  const table = (await created('POST', '/priceTable/', { name: 'Convênio 2026' }, key)).priceTable.id;
  await created('PUT', `/priceTable/${table}`, { name: 'Convênio 2026', prices: [{ event, value: 180.5 }] }, key);
  const insurance = (
    await created(
      'POST',
      '/insurance/',
      { name: 'Saúde Exemplo', ansRegistry: '123456', priceTable: table, plans: [] },
      key,
    )
  ).insurance.id;
  const specialty = (await created('POST', '/specialty/', { name: 'Clínica médica', cbo: '225125' }, key)).specialty.id;
  await created(
    'PUT',
    `/user/${adminId}`,
    { council: 'CRM', councilNumber: '123456', councilState: 'SP', specialties: [specialty] },
    key,
  );
  const patient = (
    await created(
      'POST',
      '/patient/',
      { name: 'Helena Prado', insurances: [{ insurance, identificationOnInsurance: '99887766' }] },
      key,
    )
  ).patient.id;
  const appointment = (
    await created(
      'POST',
      '/appointment/',
      {
        clinic,
        patient,
        professional: adminId,
        events: [event],
        insurance,
        start: '2026-11-24T09:00:00-03:00',
        end: '2026-11-24T09:30:00-03:00',
      },
      key,
    )
  ).appointment.id;
  for (const step of ['attendance', 'attendance/start', 'attendance/end'])
    await created('POST', `/appointment/${appointment}/${step}`, {}, key);
  return { clinic, insurance, appointment };
}

const mine = await attendedAppointment(keyA, a.adminId);

describe('billing over REST', () => {
  it('bills an attended appointment in a consultation batch, writes a valid TISS XML, sends and cancels', async () => {
    const batch = (
      await created('POST', '/billing/batch/', {
        clinic: mine.clinic,
        insurance: mine.insurance,
        guideType: 'consulta',
      })
    ).batch as { id: string; status: string };
    expect(batch.status).toBe('open');
    const filled = await created('POST', `/billing/batch/${batch.id}/attendance`, { appointments: [mine.appointment] });
    expect(filled).toMatchObject({ guides: 1, total: 180.5 });
    const xml = await created('GET', `/billing/batch/${batch.id}/tissXml`, undefined);
    expect(xml).toMatchObject({ valid: true, problems: [], encoding: 'ISO-8859-1' });
    expect(xml.xml).toContain('<ans:numeroCarteira>99887766</ans:numeroCarteira>');
    expect(xml.xml).toContain('<ans:cnpjContratado>11222333000181</ans:cnpjContratado>');
    const file = await created('GET', `/unregulated/batch/${batch.id}/xml`, undefined);
    expect(file.hash).toBe(xml.hash);
    expect((await created('POST', `/billing/batch/${batch.id}/send`, { protocol: '202611240001' })).status).toBe(
      'sent',
    );
    const cancelled = await created(
      'DELETE',
      `/billing/batch/${batch.id}/send?reason=Recusado%20no%20portal`,
      undefined,
    );
    expect(cancelled).toMatchObject({ status: 'open', sendings: [{ protocol: '202611240001' }] });
  });

  it("another account's batch answers 404, as an unknown one", async () => {
    const theirs = await attendedAppointment(keyB, b.adminId);
    const batch = (
      await created(
        'POST',
        '/billing/batch/',
        { clinic: theirs.clinic, insurance: theirs.insurance, guideType: 'consulta' },
        keyB,
      )
    ).batch.id;
    expect((await call('GET', `/billing/batch/${batch}`)).status).toBe(404);
    expect((await call('GET', `/billing/batch/${batch}/tissXml`)).status).toBe(404);
    expect((await call('GET', `/billing/batch/${batch}`, undefined, keyB)).status).toBe(200);
  });
});
