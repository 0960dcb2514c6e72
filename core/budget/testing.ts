/**
 * Test-only: the records a budget points at (clinic, patient, insurance with a plan, specialty,
 * events, a professional), created through their own operations on a harness, and a budget body
 * with every field of spec §2.1–2.4.
 */
import type { z } from 'zod';
import type { User } from '#core/access/user.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { createEvent } from '#core/clinic/event-ops.js';
import { isoWithOffset } from '#core/clock.js';
import { createInsurance } from '#core/insurance/insurance-ops.js';
import type { Operation } from '#core/operation.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { createSpecialty } from '#core/specialty/specialty-ops.js';

/** Ids of the seeded records. */
export interface BudgetRefs {
  clinic: string;
  patient: string;
  insurance: string;
  plan: string;
  specialty: string;
  /** Two events: a restoration and a cleaning. */
  events: [string, string];
  professional: string;
}

/** Runs an operation the way the test wants (harness, HTTP…). */
export type Runner = <I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  input: z.input<I>,
) => Promise<z.output<O>>;

/** A professional's `users` record (temporary: no login needed to be named on a budget). */
export function professionalRecord(id: string, tenantId: string, name = 'Dra. Ana Souza'): User {
  const now = isoWithOffset(new Date('2026-11-23T12:00:00.000Z'), 0);
  return {
    id,
    tenantId,
    createdAt: now,
    updatedAt: now,
    name,
    email: null,
    cpf: null,
    role: 'professional',
    council: 'CRO',
    councilNumber: '12345',
    councilState: 'SP',
    specialties: [],
    status: 'temporary',
    active: true,
    credentialsChangedAt: null,
  };
}

/** Creates the referenced records; `addUser` stores the professional (server or harness store). */
export async function seedBudgetReferences(
  run: Runner,
  addUser: (user: User) => Promise<void>,
  tenantId: string,
  tag = '',
): Promise<BudgetRefs> {
  const { clinic } = await run(createClinic, { name: `Clínica Sorriso ${tag}`.trim(), phone: '(11) 3333-4444' });
  const { patient } = await run(createPatient, {
    name: 'Maria Aparecida da Silva',
    cellPhone: '(11) 98765-4321',
    email: 'maria@exemplo.com.br',
  });
  const { insurance } = await run(createInsurance, {
    name: `Odonto Exemplo ${tag}`.trim(),
    plans: [{ name: 'Essencial' }],
  });
  const { specialty } = await run(createSpecialty, { name: `Dentística ${tag}`.trim(), council: 'CRO' });
  const { event: restoration } = await run(createEvent, { name: 'Restauração em resina', type: 'procedure' });
  const { event: cleaning } = await run(createEvent, { name: 'Profilaxia', type: 'procedure' });
  const professional = `prof-${clinic.id.slice(-12)}`;
  await addUser(professionalRecord(professional, tenantId));
  return {
    clinic: clinic.id,
    patient: patient.id,
    insurance: insurance.id,
    plan: insurance.plans[0]!.id,
    specialty: specialty.id,
    events: [restoration.id, cleaning.id],
    professional,
  };
}

/** A budget body with every field of §2.1–2.4, two lines, 1 + 3 payments. */
export function fullBudgetBody(refs: BudgetRefs) {
  return {
    active: true,
    type: 'dental',
    patientData: { identificationOnInsurance: '0012345678901', insurancePlan: refs.plan },
    patient: refs.patient,
    cellPhone: '+5511987654321',
    email: 'maria@exemplo.com.br',
    clinic: refs.clinic,
    insurance: refs.insurance,
    professional: refs.professional,
    specialty: refs.specialty,
    status: 1,
    items: [
      {
        typeModel: 'Event',
        quantity: 2,
        totalValue: 500,
        valueUnity: 250,
        item: refs.events[0],
        event: refs.events[0],
        type: 'procedure',
        copart: 50,
        transferPercent: 40,
        unit: 'un',
        expenseCode: '03',
        tooth: '36',
        toothFace: ['O', 'M'],
      },
      {
        typeModel: 'Event',
        quantity: 1,
        totalValue: 150.5,
        valueUnity: 150.5,
        item: refs.events[1],
        event: refs.events[1],
        type: 'procedure',
        copart: 0,
        transferPercent: 30,
        unit: 'sessao',
        expenseCode: '03',
        toothRegion: 'ASAI',
      },
    ],
    value: 650.5,
    createdBy: refs.professional,
    approvedBy: refs.professional,
    paymentInformation: { period: 'monthly', quantity: 3, entry: 50.5, parcelValue: 200, method: 'creditCard' },
  };
}
