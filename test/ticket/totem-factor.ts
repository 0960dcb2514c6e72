/**
 * Test-only: the totem's second factor, its attempt limit and the one queue, asserted over REST the
 * same way on SQLite (totem-factor.int.test.ts) and PostgreSQL (totem-postgres.int.test.ts).
 */
import { expect } from 'vitest';
import type { TestServer } from '../../sync-server/auth/test-server.js';
import { JOSE_BIRTH, JOSE_CPF, MARIA_BIRTH, MARIA_CPF, type TotemClinic } from './totem-seed.js';

/**
 * A wrong birth date answers exactly as an unknown CPF and checks nothing in; nine attempts a minute
 * pass, the tenth is 429 with a pt-BR message (and Retry-After: app.ts), and the next minute is open again.
 * Spends the seeded key's attempts of the current minute.
 */
export async function secondFactorAndLimit(server: TestServer, seeded: TotemClinic): Promise<void> {
  const lookup = (body: Record<string, string>) =>
    server.call('POST', `/clinic/${seeded.clinicId}/totem/lookup`, { key: seeded.totemKey, body });
  const alone = await lookup({ cpf: MARIA_CPF });
  expect(alone.status).toBe(400);
  expect(alone.body).toMatchObject({ error: { details: [{ path: 'birthDate' }] } });

  const unknown = await lookup({ cpf: '390.533.447-05', birthDate: MARIA_BIRTH });
  const wrong = await lookup({ cpf: MARIA_CPF, birthDate: '1980-05-18' });
  expect(wrong.status).toBe(200);
  expect(wrong.body).toEqual(unknown.body);
  expect(wrong.body).toEqual({ firstName: null, priorityReason: null, appointments: [], checkedIn: [] });
  const walkIn = await server.call('POST', `/clinic/${seeded.clinicId}/totem/checkIn`, {
    key: seeded.totemKey,
    body: { cpf: MARIA_CPF, birthDate: '1980-05-18' },
  });
  expect(walkIn.status).toBe(201);
  expect(walkIn.body).toMatchObject({ firstName: null, appointment: null });
  expect((walkIn.body.ticket as { patient?: string }).patient).toBeUndefined();
  const appointment = await server.call('GET', `/appointment/${seeded.appointmentId}`, { token: seeded.admin });
  expect(appointment.body).toMatchObject({ status: 1 });

  // Three attempts so far (the 400 did not count; the walk-in tried a date): six more pass, the tenth is refused.
  for (let i = 1; i <= 6; i++) expect((await lookup({ cpf: MARIA_CPF, birthDate: `1980-05-0${i}` })).status).toBe(200);
  const tenth = await lookup({ cpf: MARIA_CPF, birthDate: MARIA_BIRTH });
  expect(tenth.status).toBe(429);
  expect(tenth.body).toMatchObject({ error: { code: 'rate_limited', details: [{ path: 'cpf' }] } });
  expect((tenth.body.error as { message: string }).message).toMatch(/^Muitas tentativas; tente de novo em \d+ s$/);
  // The right date is refused too until the minute ends; then it works.
  server.clock.advance(61_000);
  const after = await lookup({ cpf: MARIA_CPF, birthDate: MARIA_BIRTH });
  expect(after.status).toBe(200);
  expect(after.body).toMatchObject({ firstName: 'Maria' });
}

/**
 * The desk's "Chegou" issues a ticket the panel counts; José (86) checks in at the totem without
 * declaring anything and is called before the earlier arrivals; the desk's call of Maria's appointment
 * at the desk's place calls her ticket.
 */
export async function oneQueueWithElderFirst(server: TestServer, seeded: TotemClinic): Promise<void> {
  const panel = async () =>
    (await server.call('GET', `/clinic/${seeded.clinicId}/panel`, { token: seeded.admin })).body as {
      waiting: number;
      calls: { code: string; placeName: string }[];
    };
  const before = (await panel()).waiting;
  const arrived = await server.call('POST', `/appointment/${seeded.appointmentId}/attendance`, {
    token: seeded.admin,
  });
  expect(arrived.status).toBe(200);
  expect(arrived.body).toMatchObject({ status: 2 });
  const maria = (arrived.body.ticket as { code: string }).code;
  expect(maria).toMatch(/^N\d{3}$/);
  expect((await panel()).waiting).toBe(before + 1);

  const jose = await server.call('POST', `/clinic/${seeded.clinicId}/totem/lookup`, {
    key: seeded.totemKey,
    body: { cpf: JOSE_CPF, birthDate: JOSE_BIRTH },
  });
  expect(jose.body).toMatchObject({ firstName: 'José', priorityReason: 'elderly80' });
  const checked = await server.call('POST', `/clinic/${seeded.clinicId}/totem/checkIn`, {
    key: seeded.totemKey,
    body: { appointment: seeded.elderAppointmentId, cpf: JOSE_CPF },
  });
  expect(checked.body.ticket).toMatchObject({ class: 'super', priorityReason: 'elderly80' });
  const joseCode = (checked.body.ticket as { code: string }).code;
  expect((await panel()).waiting).toBe(before + 2);

  const next = await server.call('POST', `/clinic/${seeded.clinicId}/place/${seeded.deskId}/call`, {
    token: seeded.admin,
    body: {},
  });
  expect((next.body.ticket as { code: string }).code).toBe(joseCode);
  const called = await server.call('POST', `/appointment/${seeded.appointmentId}/call`, {
    token: seeded.admin,
    body: { placeId: seeded.deskId },
  });
  expect(called.body).toMatchObject({ status: 3, ticket: { code: maria, placeName: 'Guichê 1' } });
  const shown = await panel();
  expect(shown.waiting).toBe(before);
  expect(shown.calls.slice(0, 2).map((c) => c.code)).toEqual([maria, joseCode]);
}
