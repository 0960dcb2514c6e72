/**
 * The totem and the panel over the real server (SQLite file, accounts, the totem's key, the guarded
 * store, a listening port): the kiosk checks a patient in by CPF and gets a ticket, and may do nothing
 * else; a panel socket opened with the key hears the reception's call within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedAccount } from '../../sync-server/auth/test-server.js';
import { connectPanel, startLiveServer, type LiveServer } from './live-server.js';

let server: LiveServer;
let admin: string;
let stranger: string;
let totemKey: string;
let clinicId: string;
let deskId: string;
let appointmentId: string;

const PASSWORD = 'senha-muito-segura-1';

beforeAll(async () => {
  server = await startLiveServer();
  const account = await seedAccount(server, 'Clínica Totem', { email: 'admin@totem.test', password: PASSWORD });
  admin = (await login(server, 'admin@totem.test', PASSWORD)).accessToken;
  await seedAccount(server, 'Outra', { email: 'admin@outra.test', password: PASSWORD });
  stranger = (await login(server, 'admin@outra.test', PASSWORD)).accessToken;
  const clinic = (
    await server.call('POST', '/clinic/', {
      token: admin,
      body: { name: 'Clínica Bem Viver', places: [{ name: 'Guichê 1', kind: 'desk' }] },
    })
  ).body.clinic as { id: string; places: { id: string }[] };
  clinicId = clinic.id;
  deskId = clinic.places[0]!.id;
  const patient = (
    await server.call('POST', '/patient/', {
      token: admin,
      body: {
        name: 'Maria Aparecida Souza',
        cpf: '529.982.247-25',
        birthDate: '1980-05-17',
        email: 'maria@example.com',
      },
    })
  ).body.patient as { id: string };
  // The server's clock reads 2026-11-23 09:00 in São Paulo: an appointment at 11:00 is today's.
  const booked = await server.call('POST', '/appointment/', {
    token: admin,
    body: {
      clinic: clinicId,
      patient: patient.id,
      professional: account.adminId,
      start: '2026-11-23T11:00:00-03:00',
      end: '2026-11-23T11:30:00-03:00',
    },
  });
  appointmentId = (booked.body.appointment as { id: string }).id;
  totemKey = (await server.call('POST', `/clinic/${clinicId}/totemLogin`, { token: admin })).body.key as string;
});
afterAll(() => server.close());

describe('the totem over REST', () => {
  it('finds the patient by CPF and birth date, shows the first name only, checks in and prints the ticket', async () => {
    const found = await server.call('POST', `/clinic/${clinicId}/totem/lookup`, {
      key: totemKey,
      body: { cpf: '52998224725', birthDate: '1980-05-17' },
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      firstName: 'Maria',
      priorityReason: null,
      appointments: [expect.objectContaining({ id: appointmentId, time: '11:00' })],
      checkedIn: [],
    });
    expect(JSON.stringify(found.body)).not.toMatch(/Souza|Aparecida|maria@|529/);

    const checked = await server.call('POST', `/clinic/${clinicId}/totem/checkIn`, {
      key: totemKey,
      body: { appointment: appointmentId, cpf: '529.982.247-25' },
    });
    expect(checked.status).toBe(201);
    const ticket = checked.body.ticket as { id: string; code: string; appointment: string };
    expect(ticket).toMatchObject({ code: 'N001', appointment: appointmentId });
    const appointment = await server.call('GET', `/appointment/${appointmentId}`, { token: admin });
    expect(appointment.body).toMatchObject({ status: 2 });

    const pdf = await server.call('GET', `/ticket/${ticket.id}/pdf`, { key: totemKey });
    expect(pdf.status).toBe(200);
    expect(pdf.body.mediaType).toBe('application/pdf');
  });

  it('gives a walk-in ticket without an appointment', async () => {
    const res = await server.call('POST', `/clinic/${clinicId}/totem/checkIn`, {
      key: totemKey,
      body: { service: 'P', priorityReason: 'pregnant' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: null, appointment: null, ticket: { code: 'P001', class: 'priority' } });
  });

  it('lets the totem’s key do nothing else: no patients, no appointments, no calls, no other account', async () => {
    const as = (method: string, path: string, body?: unknown) =>
      server.call(method, path, { key: totemKey, ...(body === undefined ? {} : { body }) });
    expect((await as('GET', '/patient/')).status).toBe(403);
    expect((await as('GET', `/appointment/${appointmentId}`)).status).toBe(403);
    expect((await as('POST', `/appointment/${appointmentId}/attendance`)).status).toBe(403);
    expect((await as('POST', `/clinic/${clinicId}/place/${deskId}/call`, {})).status).toBe(403);
    const bad = await as('POST', `/clinic/${clinicId}/totem/lookup`, {
      cpf: '123.456.789-00',
      birthDate: '1980-05-17',
    });
    expect(bad.status).toBe(400);
    const other = await server.call('POST', `/clinic/${clinicId}/totem/lookup`, {
      token: stranger,
      body: { cpf: '52998224725', birthDate: '1980-05-17' },
    });
    expect(other.status).toBe(404);
  });
});

describe('the totem key and the account’s other clinics', () => {
  it('lists its own clinic only, and finds no other', async () => {
    const branch = (
      await server.call('POST', '/clinic/', { token: admin, body: { name: 'Clínica Bem Viver — Filial' } })
    ).body.clinic as { id: string };
    const all = await server.call('GET', '/clinic/?q=clinica', { token: admin });
    expect((all.body.items as { id: string }[]).map((c) => c.id).sort()).toEqual([clinicId, branch.id].sort());

    const own = await server.call('GET', '/clinic/', { key: totemKey });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ items: [expect.objectContaining({ id: clinicId })], next: null });
    const byName = await server.call('GET', `/clinic/?q=${encodeURIComponent('Clínica Bem Viver — F')}`, {
      key: totemKey,
    });
    expect(byName.body).toEqual({ items: [], next: null });
    expect((await server.call('GET', `/clinic/${branch.id}`, { key: totemKey })).status).toBe(404);
  });
});

describe('the panel socket', () => {
  it('needs authentication, and an identifier of the same account', async () => {
    expect((await server.call('POST', '/websocket/endpoint', { body: { clinic: clinicId } })).status).toBe(401);
    const foreign = await server.call('POST', '/websocket/endpoint', { token: stranger, body: { clinic: clinicId } });
    expect(foreign.status).toBe(404);
    await expect(connectPanel(server.url, '/v1/websocket/endpoint?socket=forjado.abc')).rejects.toThrow('401');
  });

  it('hears the reception’s call and recall within a second of the REST answer', async () => {
    const opened = await server.call('POST', `/clinic/${clinicId}/socket`, { key: totemKey });
    expect(opened.status).toBe(201);
    const panel = await connectPanel(server.url, opened.body.path as string);
    await panel.next((f) => f.type === 'panel');

    const sent = performance.now();
    const called = await server.call('POST', `/clinic/${clinicId}/place/${deskId}/call`, { token: admin, body: {} });
    const code = (called.body.ticket as { code: string }).code;
    const heard = await panel.next((f) => f.type === 'call', 1000);
    expect(heard.call).toMatchObject({ code, placeName: 'Guichê 1', recalls: 0 });
    expect(heard.at - sent).toBeLessThan(1000);

    await server.call('POST', `/clinic/${clinicId}/place/${deskId}/recall`, { token: admin, body: {} });
    expect((await panel.next((f) => f.type === 'recall', 1000)).call).toMatchObject({ code, recalls: 1 });
    panel.close();
  });
});
