/**
 * Test-only: an account with a clinic (one desk), a professional, a patient with a CPF and a birth
 * date and an appointment today at 11:00 (the test server's clock reads 2026-11-23 09:00 in São
 * Paulo), an 86-year-old with one at 11:30, and the clinic's totem key, all made over REST as an
 * admin would.
 */
import { addMember, login, seedAccount, type TestServer } from '../../sync-server/auth/test-server.js';

/** What the seed made. */
export interface TotemClinic {
  admin: string;
  totemKey: string;
  clinicId: string;
  deskId: string;
  patientId: string;
  appointmentId: string;
  /** José Ferreira, 86 today: his record makes him 80+ (super-priority). */
  elderAppointmentId: string;
}

/** A valid CPF of the seeded patient (Maria Aparecida Souza). */
export const MARIA_CPF = '52998224725';
/** Maria's birth date, the totem's second factor (46 years old on the test day: no age priority). */
export const MARIA_BIRTH = '1980-05-17';
/** José Ferreira's CPF and birth date: 86 on the test server's day. */
export const JOSE_CPF = '15350946056';
export const JOSE_BIRTH = '1940-11-23';

/** Seeds one account; `label` keeps emails apart when a server holds several. */
export async function seedTotemClinic(server: TestServer, label = 'totem'): Promise<TotemClinic> {
  const password = 'senha-muito-segura-1';
  const { tenantId } = await seedAccount(server, 'Clínica Bem Viver', { email: `admin@${label}.test`, password });
  const admin = (await login(server, `admin@${label}.test`, password)).accessToken;
  const professional = await addMember(server, tenantId, {
    email: `ana@${label}.test`,
    password,
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  const clinic = (
    await server.call('POST', '/clinic/', {
      token: admin,
      body: { name: 'Clínica Bem Viver', places: [{ name: 'Guichê 1', kind: 'desk' }] },
    })
  ).body.clinic as { id: string; places: { id: string }[] };
  const patient = (
    await server.call('POST', '/patient/', {
      token: admin,
      body: { name: 'Maria Aparecida Souza', cpf: MARIA_CPF, birthDate: MARIA_BIRTH, email: 'maria@example.com' },
    })
  ).body.patient as { id: string };
  const booked = await server.call('POST', '/appointment/', {
    token: admin,
    body: {
      clinic: clinic.id,
      patient: patient.id,
      professional,
      start: '2026-11-23T11:00:00-03:00',
      end: '2026-11-23T11:30:00-03:00',
    },
  });
  if (booked.status !== 201) throw new Error(`booking failed: ${JSON.stringify(booked.body)}`);
  const elder = (
    await server.call('POST', '/patient/', {
      token: admin,
      body: { name: 'José Ferreira', cpf: JOSE_CPF, birthDate: JOSE_BIRTH },
    })
  ).body.patient as { id: string };
  const elderBooked = await server.call('POST', '/appointment/', {
    token: admin,
    body: {
      clinic: clinic.id,
      patient: elder.id,
      professional,
      start: '2026-11-23T11:30:00-03:00',
      end: '2026-11-23T12:00:00-03:00',
    },
  });
  if (elderBooked.status !== 201) throw new Error(`booking failed: ${JSON.stringify(elderBooked.body)}`);
  const totemKey = (await server.call('POST', `/clinic/${clinic.id}/totemLogin`, { token: admin })).body.key as string;
  return {
    admin,
    totemKey,
    clinicId: clinic.id,
    deskId: clinic.places[0]!.id,
    patientId: patient.id,
    appointmentId: (booked.body.appointment as { id: string }).id,
    elderAppointmentId: (elderBooked.body.appointment as { id: string }).id,
  };
}
