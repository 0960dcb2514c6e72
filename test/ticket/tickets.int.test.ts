/**
 * Tickets over REST on the real server (SQLite file, accounts, roles, guarded store): the totem issues,
 * the reception calls, the panel lists, the slip prints; bad input and other accounts change nothing.
 */
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '#core/ticket/index.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';

type Json = Record<string, unknown>;
interface TicketJson {
  id: string;
  code: string;
  class: string;
  status: string;
}

let server: TestServer;
let tenantId: string;
const tokens: Record<'admin' | 'totem' | 'reception' | 'professional' | 'finance' | 'stranger', string> = {
  admin: '',
  finance: '',
  totem: '',
  reception: '',
  professional: '',
  stranger: '',
};
let clinicId: string;
let deskId: string;

beforeAll(async () => {
  server = await startTestServer();
  const password = 'senha-muito-segura-1';
  tenantId = (await seedAccount(server, 'Clínica Senhas', { email: 'admin@senhas.test', password })).tenantId;
  for (const role of ['totem', 'reception', 'professional', 'finance'] as const) {
    await addMember(server, tenantId, { email: `${role}@senhas.test`, password, role });
    tokens[role] = (await login(server, `${role}@senhas.test`, password)).accessToken;
  }
  tokens.admin = (await login(server, 'admin@senhas.test', password)).accessToken;
  await seedAccount(server, 'Outra Clínica', { email: 'admin@outra.test', password });
  tokens.stranger = (await login(server, 'admin@outra.test', password)).accessToken;

  const created = await server.call('POST', '/clinic/', {
    token: tokens.admin,
    body: { name: 'Clínica Bem Viver', places: [{ name: 'Guichê 1', kind: 'desk' }] },
  });
  const clinic = created.body['clinic'] as { id: string; places: { id: string }[] };
  clinicId = clinic.id;
  deskId = clinic.places[0]!.id;
});
afterAll(() => server.close());

const waitingCount = () =>
  server.database
    .forTenant(tenantId)
    .collection(tickets)
    .count({ selector: { status: 'waiting' } });

describe('tickets over REST', () => {
  it('the totem lists places and issues a ticket: 201 { message, ticket }', async () => {
    const places = await server.call('GET', `/clinic/${clinicId}/place/`, { token: tokens.totem });
    expect(places.status).toBe(200);
    expect((places.body['items'] as { name: string }[]).map((p) => p.name)).toEqual(['Guichê 1']);

    const res = await server.call('POST', '/ticket/', {
      token: tokens.totem,
      body: { clinic: clinicId, service: 'P', priorityReason: 'elderly80' },
    });
    expect(res.status).toBe(201);
    expect(res.body['message']).toBe('Senha P001 gerada');
    expect(res.body['ticket']).toMatchObject({ code: 'P001', class: 'super', status: 'waiting' });
    expect(res.body['ticket']).not.toHaveProperty('tenantId');
  });

  it('refuses bad input with 400 naming every field, storing nothing', async () => {
    const before = await waitingCount();
    const res = await server.call('POST', '/ticket/', {
      token: tokens.totem,
      body: { clinic: clinicId, service: 'normal', priorityReason: 'idoso', extra: 1 },
    });
    expect(res.status).toBe(400);
    const details = (res.body['error'] as { details: { path: string }[] }).details.map((d) => d.path);
    expect(details.sort()).toEqual(['extra', 'priorityReason', 'service']);
    expect(await waitingCount()).toBe(before);
  });

  it('answers another account the same 404 as a missing id', async () => {
    const issued = await server.call('POST', '/ticket/', { token: tokens.stranger, body: { clinic: clinicId } });
    expect(issued.status).toBe(404);
    const missing = await server.call('POST', '/ticket/', { token: tokens.admin, body: { clinic: 'nao-existe' } });
    expect(missing.status).toBe(404);
    expect(issued.body).toEqual({
      error: { ...(missing.body['error'] as Json), details: [{ path: 'clinic', message: `não existe: ${clinicId}` }] },
    });
    const call = await server.call('POST', `/clinic/${clinicId}/place/${deskId}/call`, { token: tokens.stranger });
    expect(call.status).toBe(404);
  });

  it('the reception calls the next ticket and the panel shows it; finance may not call', async () => {
    await server.call('POST', '/ticket/', { token: tokens.totem, body: { clinic: clinicId } });
    const forbidden = await server.call('POST', `/clinic/${clinicId}/place/${deskId}/call`, {
      token: tokens.finance,
    });
    expect(forbidden.status).toBe(403);
    const called = await server.call('POST', `/clinic/${clinicId}/place/${deskId}/call`, {
      token: tokens.reception,
      body: {},
    });
    expect(called.status).toBe(200);
    expect((called.body['ticket'] as TicketJson).code).toBe('P001');
    const panel = await server.call('GET', `/clinic/${clinicId}/panel?limit=5`, { token: tokens.totem });
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({ waiting: 1, calls: [{ code: 'P001', placeName: 'Guichê 1', recalls: 0 }] });
    const control = await server.call('GET', `/clinic/${clinicId}/ticketControl`, { token: tokens.reception });
    expect(control.body).toMatchObject({ priorityRatio: 2, waiting: [{ service: 'N', count: 1 }] });
  });

  it('GET /ticket/{id}/pdf gives an 80 mm slip with the clinic, the code and what to do', async () => {
    const issued = await server.call('POST', '/ticket/', { token: tokens.totem, body: { clinic: clinicId } });
    const ticket = issued.body['ticket'] as TicketJson;
    const { app } = server;
    const get = (id: string, token: string) =>
      app.request(`/ticket/${id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    const res = await get(ticket.id, tokens.totem);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { fileName: string; mediaType: string; content: string };
    expect(body).toMatchObject({ fileName: `senha-${ticket.code}.pdf`, mediaType: 'application/pdf' });
    const pdf = Buffer.from(body.content, 'base64');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 226\.77\d* 300\]/);
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      const { text } = await parser.getText();
      expect(text).toContain('Clínica Bem Viver');
      expect(text).toContain(ticket.code);
      expect(text).toContain('Normal');
      expect(text).toContain('23/11/2026 09:00');
      expect(text).toContain('Aguarde ser chamado');
    } finally {
      await parser.destroy();
    }
    expect((await get(ticket.id, tokens.stranger)).status).toBe(404);
  });

  it('an admin generates the totem login: a key that issues tickets; a new one replaces it; disable ends it', async () => {
    const { app } = server;
    const send = (method: string, path: string, auth: { token?: string; key?: string }, body?: unknown) =>
      app.request(path, {
        method,
        headers: {
          ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
          ...(auth.key ? { 'auth-bearer': auth.key } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const path = `/clinic/${clinicId}/totemLogin`;
    expect((await send('POST', path, { token: tokens.reception })).status).toBe(403);
    expect((await send('POST', path, { token: tokens.stranger })).status).toBe(404);

    const first = await send('POST', path, { token: tokens.admin });
    expect(first.status).toBe(201);
    const { key, permissions } = (await first.json()) as { key: string; permissions: string[] };
    expect(permissions).toContain('attendance:write');
    expect(permissions).not.toContain('ticket:write');
    expect(permissions).not.toContain('patient:read');
    expect(permissions).not.toContain('clinic:write');
    const issued = await send('POST', '/ticket/', { key }, { clinic: clinicId });
    expect(issued.status).toBe(201);
    expect(
      (await send('PUT', `/clinic/${clinicId}/ticketControl`, { key }, { services: [], priorityRatio: 1 })).status,
    ).toBe(403);

    const second = (await (await send('POST', path, { token: tokens.admin })).json()) as { key: string };
    expect((await send('POST', '/ticket/', { key }, { clinic: clinicId })).status).toBe(401);
    expect((await send('POST', '/ticket/', { key: second.key }, { clinic: clinicId })).status).toBe(201);

    const disabled = await send('DELETE', path, { token: tokens.admin });
    expect(disabled.status).toBe(200);
    expect(await disabled.text()).toBe('');
    expect((await send('POST', '/ticket/', { key: second.key }, { clinic: clinicId })).status).toBe(401);
  });
});
