/**
 * The self-hosted WhatsApp instance (Evolution API v2) end to end on SQLite, against a local HTTP server
 * implementing the documented endpoints (test-evolution.ts), not against a running Evolution API:
 * configuration (ChatBot), QR code and connection state (Communication Center), a confirmation request
 * delivered through the instance, status callbacks updating the message, the instance deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '#core/access/user.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { testActor } from '#core/common/testing.js';
import { uuidV7Ids } from '#core/ids.js';
import { outboxMessages } from '#core/messaging/message.js';
import { storeOutbox } from '#core/messaging/store-outbox.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import type { Delivery } from '../messaging/delivery.js';
import { capturingLogger } from '../messaging/test-support.js';
import { startServerDelivery } from '../server.js';
import { startTestEvolution, type TestEvolution } from './test-evolution.js';

const GLOBAL = 'chave-global-evolution-7788';
const PHONE = '+5511987654321';
let server: TestServer;
let evolution: TestEvolution;
let delivery: Delivery;
let tenant: string;
let key: string;
let ctx: OperationContext;
const { logger, lines } = capturingLogger();

const run = <I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, input: z.input<I>) =>
  invoke(op, ctx, input);
const sends = () => evolution.requests.filter((r) => r.path.startsWith('/message/'));
const token = () => evolution.instances.get('recepcao')!.token;

/** The id of the newest queued message (the confirmation request answers none). */
async function newestMessageId(): Promise<string> {
  const all = await server.database.forTenant(tenant).collection(outboxMessages).find({ selector: {} });
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).at(-1)!.id;
}

/** Posts an Evolution webhook event of the instance to the app, as Evolution would. */
async function hook(event: string, data: unknown, apikey?: string) {
  const { url, body } = evolution.event('recepcao', event, data, apikey);
  const res = await server.app.request(new URL(url).pathname, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
  return res.status;
}

beforeAll(async () => {
  server = await startTestServer({ durableOutbox: true });
  tenant = await server.keys.createAccount('Clínica Sorriso');
  key = (await server.keys.createKey(tenant, { name: 'integra', permissions: ['*'] })).key;
  const store = server.database.forTenant(tenant);
  ctx = {
    store,
    actor: testActor(['*'], tenant),
    clock: server.clock,
    ids: uuidV7Ids,
    outbox: storeOutbox(store, server.clock, uuidV7Ids),
    numbers: memoryNumberSource(),
  };
  evolution = await startTestEvolution(GLOBAL);
  delivery = startServerDelivery(server, logger, { clock: server.clock, env: { MESSAGING_INTERVAL_MS: '3600000' } });
});

afterAll(async () => {
  await delivery.stop();
  await evolution.close();
  await server.close();
});

const configuration = () => ({
  baseUrl: evolution.baseUrl,
  apiKey: GLOBAL,
  instanceName: 'recepcao',
  callbackBaseUrl: 'https://clinic.exemplo.com.br',
});

describe('configuration (ChatBot)', () => {
  it('refuses an instance on a loopback address unless the account allows private networks', async () => {
    const res = await server.call('POST', '/chatbot/configuration', { key, body: configuration() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation', details: [{ path: 'baseUrl' }] } });
    expect(evolution.requests).toHaveLength(0);
  });

  it('creates the instance at the provider with its webhook, keys sealed and never answered', async () => {
    await server.webhooks.setAllowPrivate(tenant, true);
    const res = await server.call('POST', '/chatbot/configuration', { key, body: configuration() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      provider: 'evolution',
      instanceName: 'recepcao',
      instanceId: 'inst-1',
      state: 'created',
      apiKeyHint: '…7788',
      webhookUrl: `https://clinic.exemplo.com.br/whatsapp/instance/webhook/${tenant}`,
    });
    expect(JSON.stringify(res.body)).not.toContain(GLOBAL);
    const create = evolution.requests.find((r) => r.path === '/instance/create')!;
    expect(create.headers.apikey).toBe(GLOBAL);
    expect(JSON.parse(create.body)).toMatchObject({
      instanceName: 'recepcao',
      qrcode: true,
      integration: 'WHATSAPP-BAILEYS',
      webhook: { url: res.body.webhookUrl, events: ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE'] },
    });
    const row = await server.integrations.instances.db.selectFrom('whatsapp_instances').selectAll().executeTakeFirst();
    expect(JSON.stringify(row)).not.toContain(GLOBAL);
    expect(JSON.stringify(row)).not.toContain(token());
    expect((await server.call('GET', '/chatbot/configuration', { key })).body).toEqual(res.body);
  });

  it('refuses a second configuration and an update with nothing to change', async () => {
    expect((await server.call('POST', '/chatbot/configuration', { key, body: configuration() })).status).toBe(409);
    expect((await server.call('PUT', '/chatbot/configuration', { key, body: {} })).status).toBe(400);
  });
});

describe('connecting (Communication Center)', () => {
  it('renders the provider’s QR code as a PNG and reports the connection state', async () => {
    const res = await server.call('GET', '/communicationCenter/instance/qrcode', { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pairingCode: 'WZYEH1YY', state: 'connecting' });
    const png = Buffer.from((res.body.qrCode as string).replace('data:image/png;base64,', ''), 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const connect = evolution.requests.find((r) => r.path === '/instance/connect/recepcao')!;
    expect(connect.headers.apikey).toBe(token());
    evolution.qrAs('base64');
    const given = await server.call('GET', '/communicationCenter/instance/qrcode', { key });
    expect(given.body.qrCode).toBe('data:image/png;base64,iVBORw0KGgo=');
    evolution.setState('recepcao', 'open');
    const state = await server.call('GET', '/communicationCenter/instance', { key });
    expect(state.body).toMatchObject({ state: 'open', instanceName: 'recepcao' });
  });
});

describe('sending through the instance', () => {
  let appointmentId: string;

  beforeAll(async () => {
    const { clinic } = await run(createClinic, {
      name: 'Clínica Central',
      openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })),
    });
    const professional = uuidV7Ids.next();
    await ctx.store.collection(users).insert(professionalRecord(professional, tenant, 'Dra. Ana Lima'));
    const { patient } = await run(createPatient, { name: 'Carla Souza', cellPhone: '(11) 98765-4321' });
    const { appointment } = await run(createAppointment, {
      clinic: clinic.id,
      professional,
      patient: patient.id,
      start: '2026-11-24T10:00:00-03:00',
      end: '2026-11-24T10:30:00-03:00',
    });
    appointmentId = appointment.id;
  });

  it('sends a confirmation request as text through the instance, and its statuses come back', async () => {
    expect((await server.call('PUT', '/whatsapp/optIn', { key, body: { phone: PHONE, optedIn: true } })).status).toBe(
      200,
    );
    const asked = await server.call('POST', `/appointment/${appointmentId}/notification/whatsapp`, { key, body: {} });
    expect(asked.status).toBe(200);
    expect((await delivery.runOnce()).sent).toBe(1);
    const sent = sends().at(-1)!;
    expect(sent.path).toBe('/message/sendText/recepcao');
    expect(sent.headers.apikey).toBe(token());
    const body = JSON.parse(sent.body) as { number: string; text: string };
    expect(body.number).toBe('5511987654321');
    expect(body.text).toContain('Clínica Central');
    const messageId = await newestMessageId();
    const tracked = await server.call('GET', `/whatsapp/message/${messageId}/status`, { key });
    const providerId = (tracked.body.items as { wamid: string }[])[0]!.wamid;
    expect(
      await hook('MESSAGES_UPDATE', {
        keyId: providerId,
        remoteJid: '5511987654321@s.whatsapp.net',
        status: 'DELIVERY_ACK',
      }),
    ).toBe(200);
    expect(await hook('messages.update', [{ key: { id: providerId, fromMe: true }, status: 'READ' }])).toBe(200);
    const after = await server.call('GET', `/whatsapp/message/${messageId}/status`, { key });
    expect((after.body.items as { status: string }[])[0]!.status).toBe('read');
  });

  it('refuses an event without the instance’s key, changing nothing', async () => {
    expect(await hook('CONNECTION_UPDATE', { state: 'close' }, 'chave-errada-0000')).toBe(403);
    expect((await server.call('GET', '/chatbot/configuration', { key })).body.state).toBe('open');
  });

  it('marks the message failed when the instance reports an error, and follows the connection', async () => {
    const asked = await server.call('POST', `/appointment/${appointmentId}/notification/whatsapp`, { key, body: {} });
    expect(asked.status).toBe(200);
    await delivery.runOnce();
    const messageId = await newestMessageId();
    const tracked = await server.call('GET', `/whatsapp/message/${messageId}/status`, { key });
    const providerId = (tracked.body.items as { wamid: string }[])[0]!.wamid;
    expect(await hook('MESSAGES_UPDATE', { keyId: providerId, status: 'ERROR' })).toBe(200);
    const message = await server.database.forTenant(tenant).collection(outboxMessages).get(messageId);
    expect(message).toMatchObject({ status: 'failed' });
    expect(message!.lastError).toContain('WhatsApp não entregou');
    expect(await hook('CONNECTION_UPDATE', { instance: 'recepcao', state: 'close', statusReason: 401 })).toBe(200);
    expect((await server.call('GET', '/chatbot/configuration', { key })).body.state).toBe('close');
  });

  it('never wrote a key to a log line', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes(GLOBAL) || l.includes(token()))).toBe(false);
  });
});

describe('deleting the instance', () => {
  it('shows the provider’s refusal of a wrong key, then deletes with the right one', async () => {
    const changed = await server.call('PUT', '/chatbot/configuration', {
      key,
      body: { apiKey: 'chave-global-errada' },
    });
    expect(changed.body.apiKeyHint).toBe('…rada');
    const refused = await server.call('DELETE', '/communicationCenter/instance', { key });
    expect(refused.status).toBe(400);
    expect(evolution.instances.has('recepcao')).toBe(true);
    await server.call('PUT', '/chatbot/configuration', { key, body: { apiKey: GLOBAL } });
    expect((await server.call('DELETE', '/communicationCenter/instance', { key })).status).toBe(200);
    expect(evolution.instances.has('recepcao')).toBe(false);
    expect((await server.call('GET', '/chatbot/configuration', { key })).status).toBe(404);
    expect((await server.call('GET', '/communicationCenter/instance/qrcode', { key })).status).toBe(404);
  });
});
