/**
 * The schedule over REST on the real server (SQLite file, durable outbox): the "done when"
 * walk (create a patient and an appointment, confirm, unconfirm with 200 and no body, malformed id,
 * another tenant's id), double booking, and the confirmation message landing in the outbox.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#core/messaging/index.js';
import { seedAccount, startTestServer } from '../../sync-server/auth/test-server.js';

const server = await startTestServer({ durableOutbox: true });
afterAll(() => server.close());

const PASSWORD = 'senha comprida da clínica';
const a = await seedAccount(server, 'Clínica A', { email: 'admin@a.com.br', password: PASSWORD });
const b = await seedAccount(server, 'Clínica B', { email: 'admin@b.com.br', password: PASSWORD });
const keyA = (await server.keys.createKey(a.tenantId, { name: 'integração A' })).key;
const keyB = (await server.keys.createKey(b.tenantId, { name: 'integração B' })).key;
const call = (method: string, path: string, body?: unknown, key = keyA) =>
  server.call(method, path, { key, ...(body === undefined ? {} : { body }) });

type Appointment = {
  id: string;
  start: string;
  status: number;
  patientConfirmation: { confirmed: boolean; channel: string | null };
};

async function seed(key: string, professional: string) {
  const clinic = (await call('POST', '/clinic/', { name: 'Centro' }, key)).body.clinic as { id: string };
  const patient = (await call('POST', '/patient/', { name: 'Helena Prado', email: 'helena@example.com' }, key)).body
    .patient as { id: string };
  const res = await call(
    'POST',
    '/appointment/',
    {
      clinic: clinic.id,
      patient: patient.id,
      professional,
      start: '2026-11-24T09:00:00-03:00',
      end: '2026-11-24T09:30:00-03:00',
    },
    key,
  );
  return { clinic: clinic.id, patient: patient.id, res };
}

const mine = await seed(keyA, a.adminId);
const theirs = await seed(keyB, b.adminId);
const appointment = mine.res.body.appointment as Appointment;

describe('appointment over REST', () => {
  it('POST /appointment/ with clinic, patient, professional, start and end answers 201 { message, appointment }', () => {
    expect(mine.res.status).toBe(201);
    expect(mine.res.body.message).toBe('Agendamento criado');
    expect(appointment).toMatchObject({ status: 1, patientConfirmation: { confirmed: false } });
  });

  it('PUT …/patientConfirmation confirms; DELETE answers 200 with no body and unconfirms; both idempotent', async () => {
    const path = `/appointment/${appointment.id}/patientConfirmation`;
    for (let i = 0; i < 2; i++) expect((await call('PUT', path, { channel: 'whatsapp' })).status).toBe(200);
    let got = (await call('GET', `/appointment/${appointment.id}`)).body as unknown as Appointment;
    expect(got.patientConfirmation).toMatchObject({ confirmed: true, channel: 'whatsapp' });
    for (let i = 0; i < 2; i++) {
      const res = await server.app.request(path, { method: 'DELETE', headers: { 'auth-bearer': keyA } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    }
    got = (await call('GET', `/appointment/${appointment.id}`)).body as unknown as Appointment;
    expect(got.patientConfirmation).toMatchObject({ confirmed: false, channel: 'api' });
  });

  it('a malformed id is 400 JSON naming id; an unknown id and another tenant’s id answer the same 404', async () => {
    const malformed = await call('DELETE', '/appointment/nao-e-um-id/patientConfirmation');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 'validation', details: [{ path: 'id' }] });
    const unknown = await call('DELETE', '/appointment/01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b/patientConfirmation');
    const foreignId = (theirs.res.body.appointment as Appointment).id;
    const foreign = await call('DELETE', `/appointment/${foreignId}/patientConfirmation`);
    expect(unknown.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect((foreign.body.error as { code: string }).code).toBe((unknown.body.error as { code: string }).code);
    expect((await call('GET', `/appointment/${foreignId}`, undefined, keyB)).body).toMatchObject({ id: foreignId });
  });

  it('an appointment that cannot be unconfirmed answers 400 naming patientConfirmation; a status move is 409', async () => {
    const res = await call('POST', '/appointment/', {
      clinic: mine.clinic,
      patient: mine.patient,
      professional: a.adminId,
      start: '2026-11-24T10:00:00-03:00',
      end: '2026-11-24T10:30:00-03:00',
    });
    const id = (res.body.appointment as Appointment).id;
    expect((await call('POST', `/appointment/${id}/attendance`)).body).toMatchObject({ status: 2 });
    const unconfirm = await call('DELETE', `/appointment/${id}/patientConfirmation`);
    expect(unconfirm.status).toBe(400);
    expect(unconfirm.body.error).toMatchObject({ code: 'validation', details: [{ path: 'patientConfirmation' }] });
    const noShow = await call('POST', `/appointment/${id}/noShow`);
    expect(noShow.status).toBe(409);
    expect((noShow.body.error as { code: string }).code).toBe('invalid_transition');
  });

  it('refuses a double booking with 409 and keeps one appointment in the day view', async () => {
    const clash = await call('POST', '/appointment/', {
      clinic: mine.clinic,
      patient: mine.patient,
      professional: a.adminId,
      start: '2026-11-24T09:15:00-03:00',
      end: '2026-11-24T09:45:00-03:00',
    });
    expect(clash.status).toBe(409);
    // The integrator reads who and when in the clinic's time, and the record in `ref`, not in the words.
    expect(clash.body.error).toEqual({
      code: 'conflict',
      message: 'Horário ocupado ou bloqueado para este profissional; use encaixe para marcar assim mesmo',
      details: [
        {
          path: 'start',
          message: 'Já há agendamento de Helena Prado das 09:00 às 09:30',
          ref: { collection: 'appointments', id: appointment.id },
        },
      ],
    });
    const day = await call('GET', `/appointment/?clinic=${mine.clinic}&professional=${a.adminId}&date=2026-11-24`);
    expect((day.body.items as Appointment[]).map((x) => x.start)).toEqual([
      '2026-11-24T09:00:00.000-03:00',
      '2026-11-24T10:00:00.000-03:00',
    ]);
  });

  it('queues the e-mail confirmation request in the durable outbox', async () => {
    const res = await call('POST', `/appointment/${appointment.id}/notification/email`, {});
    expect(res.status).toBe(200);
    const queued = await server.database.forTenant(a.tenantId).collection(outboxMessages).find();
    expect(queued.find((m) => m.template === 'appointment.confirmation')).toMatchObject({
      channel: 'email',
      to: 'helena@example.com',
      status: 'pending',
    });
  });
});
