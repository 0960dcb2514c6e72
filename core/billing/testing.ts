/**
 * Test-only: a real RxDB memory store with what billing reads (clinic, events, patients, specialties,
 * insurances, prices, users, appointments) and an insurer set up for TISS: ANS registry, provider
 * code, price table with a consultation and an exam, a professional with CRM and a CBO specialty,
 * a patient holding the insurer's card. `attended()` books an attended appointment.
 */
import { users } from '#core/access/user.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, TEST_NOW, type MasterDataHarness } from '#core/common/testing.js';
import { createEvent } from '#core/clinic/event-ops.js';
import { uuidV7Ids } from '#core/ids.js';
import { createInsurance } from '#core/insurance/insurance-ops.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { alterPriceTable, createPriceTable } from '#core/price/price-table-ops.js';
import { appointments, type Appointment } from '#core/schedule/appointment-record.js';
import { STATUS } from '#core/schedule/status.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { createSpecialty } from '#core/specialty/specialty-ops.js';
import { billingModule } from './module.js';
import { bills } from '#core/finance/bill-record.js';

/** The harness and the ids of its fixture. */
export interface BillingHarness extends MasterDataHarness {
  clinic: string;
  insurance: string;
  priceTable: string;
  consultation: string;
  exam: string;
  professional: string;
  patient: string;
  /** Stores an attended appointment of the patient with `events` and answers its id. */
  attended(events: string[], start?: string): Promise<string>;
}

/** Opens the billing harness. */
export async function openBilling(): Promise<BillingHarness> {
  const h = await openMasterData([users, appointments, bills, ...billingModule.collections.map((c) => c.def)]);
  const { clinic } = await h.run(createClinic, {
    name: 'Clínica São João',
    cnpj: '11.222.333/0001-81',
    cnes: '1234567',
    openingHours: [],
  });
  const { event: consultation } = await h.run(createEvent, {
    name: 'Consulta em consultório',
    code: '10101012',
    tissTable: '22',
    type: 'consultation',
  });
  const { event: exam } = await h.run(createEvent, {
    name: 'Eletrocardiograma convencional',
    code: '40101010',
    tissTable: '22',
    type: 'exam',
  });
  const { priceTable } = await h.run(createPriceTable, { name: 'Convênio Saúde 2026' });
  await h.run(alterPriceTable, {
    id: priceTable.id,
    name: 'Convênio Saúde 2026',
    prices: [
      { event: consultation.id, value: 150 },
      { event: exam.id, value: 45.9 },
    ],
  });
  const { insurance } = await h.run(createInsurance, {
    name: 'Saúde Exemplo',
    ansRegistry: '123456',
    tissVersion: '4.01.00',
    providerCode: 'PREST001',
    priceTable: priceTable.id,
    plans: [],
  });
  const { specialty } = await h.run(createSpecialty, { name: 'Cardiologia', cbo: '225120', council: 'CRM' });
  const professional = uuidV7Ids.next();
  await h.ctx.store
    .collection(users)
    .insert({ ...professionalRecord(professional, 't1', 'Dra. Ana Conceição'), specialties: [specialty.id] });
  const { patient } = await h.run(createPatient, {
    name: 'José Araújo',
    insurances: [{ insurance: insurance.id, identificationOnInsurance: '0012345678901' }],
  });
  const attended = async (events: string[], start = '2026-11-20T10:00:00-03:00') => {
    const id = uuidV7Ids.next();
    const record: Appointment = {
      id,
      tenantId: 't1',
      createdAt: TEST_NOW,
      updatedAt: TEST_NOW,
      clinic: clinic.id,
      professional,
      patient: patient.id,
      specialty: specialty.id,
      events,
      insurance: insurance.id,
      start,
      end: start.replace('T10:00', 'T10:30'),
      startUtc: new Date(start).toISOString(),
      endUtc: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      timeZone: 'America/Sao_Paulo',
      status: STATUS.attended,
      patientConfirmation: { confirmed: false, at: null, channel: null, by: null },
      selfBooked: false,
      overbooking: false,
      createdBy: 'user-recepcao',
      history: [],
    };
    await h.ctx.store.collection(appointments).insert(record);
    return id;
  };
  return {
    ...h,
    clinic: clinic.id,
    insurance: insurance.id,
    priceTable: priceTable.id,
    consultation: consultation.id,
    exam: exam.id,
    professional,
    patient: patient.id,
    attended,
  };
}
