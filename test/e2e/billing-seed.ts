/**
 * Test-only: an account ready to bill an insurer in TISS, set up over REST as an admin would: a clinic
 * with CNPJ and CNES, a consultation and an exam with TUSS codes priced in the insurer's table, the
 * admin as the professional (CRM and a CBO specialty), a patient with the insurer's card, and today's
 * attended appointments (two consultations, one exam).
 */
import { expect } from 'vitest';
import type { SyncTestServer } from '../sync/sync-fixture.js';

/** The seeded ids. */
export interface BillingSeed {
  insurance: string;
  /** Attended appointments: the consultations first, then the exam. */
  appointments: string[];
}

/** Seeds the account of `token` (an admin whose user id is `adminId`). */
export async function seedBilling(server: SyncTestServer, token: string, adminId: string): Promise<BillingSeed> {
  const created = async (method: string, path: string, body: unknown) => {
    const res = await server.call(method, path, { token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body as Record<string, { id: string }>;
  };
  const clinic = (
    await created('POST', '/clinic/', { name: 'Clínica Aurora', cnpj: '11.222.333/0001-81', cnes: '1234567' })
  ).clinic!.id;
  const consultation = (
    await created('POST', '/event/', {
      name: 'Consulta em consultório',
      code: '10101012',
      tissTable: '22',
      type: 'consultation',
    })
  ).event!.id;
  const exam = (
    await created('POST', '/event/', {
      name: 'Eletrocardiograma convencional',
      code: '40101010',
      tissTable: '22',
      type: 'exam',
    })
  ).event!.id;
  const table = (await created('POST', '/priceTable/', { name: 'Saúde Exemplo 2026' })).priceTable!.id;
  await created('PUT', `/priceTable/${table}`, {
    name: 'Saúde Exemplo 2026',
    prices: [
      { event: consultation, value: 180.5 },
      { event: exam, value: 45.9 },
    ],
  });
  const insurance = (
    await created('POST', '/insurance/', { name: 'Saúde Exemplo', ansRegistry: '123456', priceTable: table, plans: [] })
  ).insurance!.id;
  const specialty = (await created('POST', '/specialty/', { name: 'Cardiologia', cbo: '225120' })).specialty!.id;
  await created('PUT', `/user/${adminId}`, {
    name: 'Dra. Ana Conceição',
    council: 'CRM',
    councilNumber: '123456',
    councilState: 'SP',
    specialties: [specialty],
  });
  const patients = [];
  for (const [name, card] of [
    ['Helena Prado', '99887766'],
    ['José Araújo', '0012345678901'],
    ['Márcia Leão', '55443322'],
  ] as const)
    patients.push(
      (await created('POST', '/patient/', { name, insurances: [{ insurance, identificationOnInsurance: card }] }))
        .patient!.id,
    );
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const appointments: string[] = [];
  const plan = [
    [patients[0]!, consultation, '08:00'],
    [patients[1]!, consultation, '08:30'],
    [patients[2]!, exam, '09:00'],
  ] as const;
  for (const [patient, event, time] of plan) {
    const start = `${today}T${time}:00-03:00`;
    const end = `${today}T${time.replace(':00', ':20').replace(':30', ':50')}:00-03:00`;
    const id = (
      await created('POST', '/appointment/', {
        clinic,
        patient,
        professional: adminId,
        events: [event],
        insurance,
        start,
        end,
      })
    ).appointment!.id;
    for (const step of ['attendance', 'attendance/start', 'attendance/end'])
      await created('POST', `/appointment/${id}/${step}`, {});
    appointments.push(id);
  }
  return { insurance, appointments };
}
