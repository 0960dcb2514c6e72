/**
 * The agenda's call at a place over the real server (SQLite file, accounts, the guarded store, a
 * listening port): the patient checked in at the totem, the reception calls the appointment with its
 * desk, and the ticket is called too: `GET /ticket/{id}`, the panel list and the panel socket show it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedAccount } from '../../sync-server/auth/test-server.js';
import { connectPanel, startLiveServer, type LiveServer } from './live-server.js';

let server: LiveServer;
let admin: string;
let adminId: string;
let totemKey: string;
let clinicId: string;
let deskId: string;
let slot = 0;

const PASSWORD = 'senha-muito-segura-1';

beforeAll(async () => {
  server = await startLiveServer();
  ({ adminId } = await seedAccount(server, 'Clínica Chamada', { email: 'admin@chamada.test', password: PASSWORD }));
  admin = (await login(server, 'admin@chamada.test', PASSWORD)).accessToken;
  const clinic = (
    await server.call('POST', '/clinic/', {
      token: admin,
      body: { name: 'Clínica Bem Viver', places: [{ name: 'Guichê 2', kind: 'desk' }] },
    })
  ).body.clinic as { id: string; places: { id: string }[] };
  clinicId = clinic.id;
  deskId = clinic.places[0]!.id;
  totemKey = (await server.call('POST', `/clinic/${clinicId}/totemLogin`, { token: admin })).body.key as string;
});
afterAll(() => server.close());

/** Books today (the server's clock reads 09:00 in São Paulo) and checks in at the totem. */
async function checkedInAtTotem(name: string) {
  const patient = (await server.call('POST', '/patient/', { token: admin, body: { name } })).body.patient as {
    id: string;
  };
  const hour = 11 + slot++;
  const booked = await server.call('POST', '/appointment/', {
    token: admin,
    body: {
      clinic: clinicId,
      patient: patient.id,
      professional: adminId,
      start: `2026-11-23T${hour}:00:00-03:00`,
      end: `2026-11-23T${hour}:30:00-03:00`,
    },
  });
  const appointment = (booked.body.appointment as { id: string }).id;
  const checked = await server.call('POST', `/clinic/${clinicId}/totem/checkIn`, {
    key: totemKey,
    body: { appointment },
  });
  expect(checked.status).toBe(201);
  const ticket = checked.body.ticket as { id: string; code: string };
  return { appointment, ticket };
}

describe('POST /appointment/{id}/call with placeId', () => {
  it('calls the totem ticket at the desk: GET /ticket/{id}, the panel and its socket show it', async () => {
    const { appointment, ticket } = await checkedInAtTotem('Maria Aparecida Souza');
    const opened = await server.call('POST', `/clinic/${clinicId}/socket`, { key: totemKey });
    const panel = await connectPanel(server.url, opened.body.path as string);
    await panel.next((f) => f.type === 'panel');

    const called = await server.call('POST', `/appointment/${appointment}/call`, {
      token: admin,
      body: { placeId: deskId },
    });
    expect(called.status).toBe(200);
    expect(called.body).toMatchObject({
      id: appointment,
      status: 3,
      ticket: { id: ticket.id, code: ticket.code, place: deskId, placeName: 'Guichê 2' },
    });

    const read = await server.call('GET', `/ticket/${ticket.id}`, { key: totemKey });
    expect(read.body).toMatchObject({ status: 'called', calledPlace: deskId, appointment });
    expect(read.body.calledAt).toBe((called.body.ticket as { calledAt: string }).calledAt);
    const list = await server.call('GET', `/clinic/${clinicId}/panel`, { key: totemKey });
    expect((list.body.calls as unknown[])[0]).toMatchObject({ code: ticket.code, placeName: 'Guichê 2' });
    const heard = await panel.next((f) => f.type === 'call', 1000);
    expect(heard.call).toMatchObject({ code: ticket.code, placeName: 'Guichê 2' });
    panel.close();
  });

  it('without placeId calls the appointment only; the ticket still waits', async () => {
    const { appointment, ticket } = await checkedInAtTotem('João Pedro Alves');
    const called = await server.call('POST', `/appointment/${appointment}/call`, { token: admin });
    expect(called.status).toBe(200);
    expect(called.body.status).toBe(3);
    expect(called.body).not.toHaveProperty('ticket');
    expect((await server.call('GET', `/ticket/${ticket.id}`, { token: admin })).body.status).toBe('waiting');
  });

  it('answers 403 naming placeId to a key without ticket:write, and 404 for an unknown place; nothing stored', async () => {
    const { appointment, ticket } = await checkedInAtTotem('Carlos Eduardo Lima');
    const agenda = (
      await server.call('POST', '/apiKey/', {
        token: admin,
        body: { name: 'Agenda', permissions: ['appointment:read', 'appointment:write', 'ticket:read', 'clinic:read'] },
      })
    ).body.key as string;
    const refused = await server.call('POST', `/appointment/${appointment}/call`, {
      key: agenda,
      body: { placeId: deskId },
    });
    expect(refused.status).toBe(403);
    expect((refused.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(['placeId']);

    const unknown = await server.call('POST', `/appointment/${appointment}/call`, {
      token: admin,
      body: { placeId: 'nao-existe' },
    });
    expect(unknown.status).toBe(404);
    expect((unknown.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(['placeId']);

    expect((await server.call('GET', `/appointment/${appointment}`, { token: admin })).body.status).toBe(2);
    expect((await server.call('GET', `/ticket/${ticket.id}`, { token: admin })).body.status).toBe('waiting');
  });
});

describe('/openapi.json', () => {
  it('documents placeId and the optional ticket of the answer', async () => {
    const doc = (await server.call('GET', '/openapi.json')).body as {
      paths: Record<string, { post: Record<string, unknown> }>;
    };
    const text = JSON.stringify(doc.paths['/appointment/{id}/call']?.post);
    expect(text).toContain('placeId');
    expect(text).toContain('o local que chama');
    expect(text).toContain('placeName');
  });
});
