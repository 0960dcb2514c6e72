/** Test-only: the Aurora clinic that the budget and review e2e files seed over REST. */
import { expect } from 'vitest';
import { addMember } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';

/** The admin `seedAdmin` makes for "Clinica Aurora", who signs in on the desk. */
export const AURORA_ADMIN = { email: 'admin@clinicaaurora.test', password: 'senha-muito-segura-1' };

/** What {@link seedAurora} made: the admin's access token and the records' ids. */
export interface AuroraSeed {
  tenantId: string;
  token: string;
  clinicId: string;
  /** Dra. Ana Lima, a professional member. */
  professionalId: string;
  /** Maria Aparecida da Silva (CPF 529.982.247-25). */
  patientId: string;
}

/**
 * Seeds the account "Clinica Aurora": its admin, the clinic "Clínica Aurora" (open 08:00–12:00 every
 * day when `openingHours`), the professional Dra. Ana Lima and the patient Maria Aparecida da Silva.
 */
export async function seedAurora(
  server: SyncTestServer,
  options: { openingHours?: boolean } = {},
): Promise<AuroraSeed> {
  const { tenantId, token } = await seedAdmin(server, 'Clinica Aurora');
  const clinic = await server.call('POST', '/clinic/', {
    token,
    body: {
      name: 'Clínica Aurora',
      ...(options.openingHours
        ? { openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '12:00' })) }
        : {}),
    },
  });
  expect(clinic.status).toBe(201);
  const professionalId = await addMember(server, tenantId, {
    email: 'ana@aurora.test',
    password: 'senha-muito-segura-2',
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  const patient = await server.call('POST', '/patient/', {
    token,
    body: { name: 'Maria Aparecida da Silva', cpf: '52998224725', insurances: [] },
  });
  expect(patient.status).toBe(201);
  return {
    tenantId,
    token,
    clinicId: (clinic.body['clinic'] as { id: string }).id,
    professionalId,
    patientId: (patient.body['patient'] as { id: string }).id,
  };
}
