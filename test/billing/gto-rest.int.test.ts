/**
 * A dental attendance billed on a GTO over REST, on SQLite and PostgreSQL: the dentist (CRO) quotes a
 * budget with teeth, faces and a region, it becomes a treatment, the attended appointment of those
 * procedures goes into an `odonto` batch, and the batch's TISS XML (`guiaOdonto`) carries each line's
 * tooth and faces or region, passes the ANS 4.01.00 schemas and has its epilogue hash recomputed here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { seedAccount, type TestServer } from '../../sync-server/auth/test-server.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';
import { independentHash, writtenHash } from './independent-hash.js';
import { startTestServerOn, testEngines } from '../../sync-server/testing/server-on.js';

setTissSchemaSource(diskTissSchemas);

type Created =
  'clinic' | 'event' | 'priceTable' | 'insurance' | 'specialty' | 'patient' | 'budget' | 'appointment' | 'batch';
type Json = Record<Created, { id: string } & Record<string, unknown>> & Record<string, unknown>;
const engines = await testEngines('PostgreSQL GTO REST tests');

describe.each(engines)('a GTO batch over REST on %s', (engine) => {
  let server: TestServer;
  let key: string;
  let adminId: string;
  beforeAll(async () => {
    server = await startTestServerOn(engine, { access: { apiKeyRatePerMinute: 10_000 } });
    const account = await seedAccount(server, 'Clínica Sorriso', {
      email: 'admin@sorriso.com.br',
      password: 'senha comprida da clínica',
    });
    adminId = account.adminId;
    key = (await server.keys.createKey(account.tenantId, { name: 'integração' })).key;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const call = async (method: string, path: string, body?: unknown) =>
    (await server.call(method, path, { key, ...(body === undefined ? {} : { body }) })) as unknown as {
      status: number;
      body: Json;
    };
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  };

  it('bills a dentist’s attendance on a GTO with teeth, faces and region from the treatment', async () => {
    const clinic = (await ok('POST', '/clinic/', { name: 'Sorriso', cnpj: '11.222.333/0001-81', cnes: '1234567' }))
      .clinic.id;
    const restoration = (
      await ok('POST', '/event/', { name: 'Restauração em resina 2 faces', code: '85100196', tissTable: '22' })
    ).event.id;
    const scaling = (await ok('POST', '/event/', { name: 'Raspagem supragengival', code: '85300039', tissTable: '22' }))
      .event.id;
    const table = (await ok('POST', '/priceTable/', { name: 'Odonto 2026' })).priceTable.id;
    await ok('PUT', `/priceTable/${table}`, {
      name: 'Odonto 2026',
      prices: [
        { event: restoration, value: 180.35 },
        { event: scaling, value: 60.1 },
      ],
    });
    const insurance = (
      await ok('POST', '/insurance/', {
        name: 'Odonto Exemplo',
        ansRegistry: '654321',
        providerCode: 'ODONTO01',
        priceTable: table,
        plans: [{ name: 'Odonto Plus Nacional' }],
      })
    ).insurance;
    const plan = (insurance.plans as { id: string }[])[0]!.id;
    const specialty = (await ok('POST', '/specialty/', { name: 'Dentística', cbo: '223208', council: 'CRO' })).specialty
      .id;
    await ok('PUT', `/user/${adminId}`, {
      council: 'CRO',
      councilNumber: '54321',
      councilState: 'SP',
      specialties: [specialty],
    });
    const patient = (
      await ok('POST', '/patient/', {
        name: 'Helena Prado',
        insurances: [{ insurance: insurance.id, identificationOnInsurance: '0098765432', insurancePlan: plan }],
      })
    ).patient.id;
    const budget = (
      await ok('POST', '/budget/', {
        type: 'dental',
        patient,
        clinic,
        insurance: insurance.id,
        professional: adminId,
        specialty,
        validUntil: '2099-12-31',
        items: [
          {
            typeModel: 'Event',
            event: restoration,
            quantity: 1,
            totalValue: 180.35,
            tooth: '16',
            toothFace: ['O', 'M'],
          },
          { typeModel: 'Event', event: scaling, quantity: 1, totalValue: 60.1, toothRegion: 'AS' },
        ],
        value: 240.45,
        paymentInformation: { quantity: 1, entry: 240.45, parcelValue: 0 },
      })
    ).budget.id;
    await ok('POST', `/budget/${budget}/approval`, {});
    await ok('POST', `/budget/${budget}/treatment`, {});
    const appointment = (
      await ok('POST', '/appointment/', {
        clinic,
        patient,
        professional: adminId,
        specialty,
        events: [restoration, scaling],
        insurance: insurance.id,
        insurancePlan: plan,
        start: '2026-11-24T09:00:00-03:00',
        end: '2026-11-24T10:00:00-03:00',
      })
    ).appointment.id;
    for (const step of ['attendance', 'attendance/start', 'attendance/end'])
      await ok('POST', `/appointment/${appointment}/${step}`, {});

    const batch = (await ok('POST', '/billing/batch/', { clinic, insurance: insurance.id, guideType: 'odonto' })).batch;
    const filled = await ok('POST', `/billing/batch/${batch.id}/attendance`, { appointments: [appointment] });
    expect(filled).toMatchObject({ guides: 1, total: 240.45 });
    const attendance = await ok('GET', `/billing/attendance/${(filled.attendances as string[])[0]}`);
    expect(attendance).toMatchObject({
      guideType: 'odonto',
      planName: 'Odonto Plus Nacional',
      professionalData: { council: '08', cbo: '223208' },
      items: [
        { code: '85100196', tooth: '16', toothFace: ['O', 'M'] },
        { code: '85300039', toothRegion: 'AS' },
      ],
    });
    const xml = await ok('GET', `/billing/batch/${batch.id}/tissXml`);
    expect(xml).toMatchObject({ valid: true, problems: [] });
    const text = xml.xml as string;
    expect(text).toContain(
      '<ans:denteRegiao><ans:codDente>16</ans:codDente></ans:denteRegiao><ans:denteFace>OM</ans:denteFace>',
    );
    expect(text).toContain('<ans:denteRegiao><ans:codRegiao>AS</ans:codRegiao></ans:denteRegiao>');
    expect(text).toContain('<ans:planoBeneficiario>Odonto Plus Nacional</ans:planoBeneficiario>');
    expect(text).toContain('<ans:valorTotalProc>240.45</ans:valorTotalProc>');
    expect(writtenHash(text)).toBe(independentHash(text));
    expect(xml.hash).toBe(independentHash(text));
    // A consultation batch does not take the GTO (one guide type per batch).
    const other = (await ok('POST', '/billing/batch/', { clinic, insurance: insurance.id, guideType: 'consulta' }))
      .batch;
    const refused = await call('POST', `/billing/batch/${other.id}/attendance`, {
      attendances: [(filled.attendances as string[])[0]],
    });
    expect(refused.status).toBe(400);
  });
});
