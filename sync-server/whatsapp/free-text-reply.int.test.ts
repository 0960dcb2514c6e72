/**
 * A patient's typed answer to a confirmation request (MSG-043), end to end on SQLite: the request goes
 * out through the self-hosted instance (Evolution API v2, local double test-evolution.ts) or the Cloud
 * API (local double test-graph.ts), the patient answers in their own words, and the provider's
 * documented webhook payload reaches the server: "Sim, confirmo" confirms, "não posso" takes the
 * confirmation back and tells the reception, anything else reaches the bell with the text.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '#core/access/user.js';
import { notifications } from '#core/chat/notification-records.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { testActor } from '#core/common/testing.js';
import { uuidV7Ids } from '#core/ids.js';
import { storeOutbox } from '#core/messaging/store-outbox.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import type { Delivery } from '../messaging/delivery.js';
import { capturingLogger } from '../messaging/test-support.js';
import { startServerDelivery } from '../server.js';
import { startTestEvolution, type TestEvolution } from '../whatsapp-instance/test-evolution.js';
import { startTestGraph, type TestGraph } from './test-graph.js';

const CARLA = '+5511987654321';
const BRUNO = '+5521998877665';
const APP_SECRET = 'segredo-do-app-de-teste';
let server: TestServer;
let evolution: TestEvolution;
let delivery: Delivery;
let tenant: string;
let key: string;
let ctx: OperationContext;
let clinic: string;
let professional: string;
let reception: string;
const { logger, lines } = capturingLogger();

const run = <I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, input: z.input<I>) =>
  invoke(op, ctx, input);

/** What Evolution posts when a patient types `text` in the chat with the clinic (`messages.upsert`). */
async function typed(jid: string, text: string, kind: 'conversation' | 'extended' = 'conversation') {
  const message = kind === 'conversation' ? { conversation: text } : { extendedTextMessage: { text } };
  const { url, body } = evolution.event('recepcao', 'messages.upsert', {
    key: { remoteJid: jid, fromMe: false, id: `3EB0IN${uuidV7Ids.next().slice(-8)}` },
    pushName: 'Paciente',
    message,
    messageType: kind === 'conversation' ? 'conversation' : 'extendedTextMessage',
    messageTimestamp: Math.floor(server.clock.now().getTime() / 1000),
    instanceId: 'inst-1',
    source: 'android',
  });
  const res = await server.app.request(new URL(url).pathname, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(200);
}

async function book(patient: string, start: string) {
  const end = start.replace(/T(\d\d):00/, (_, h: string) => `T${h}:30`);
  const { appointment } = await run(createAppointment, { clinic, professional, patient, start, end });
  return appointment.id;
}

const confirmation = async (id: string) =>
  (await ctx.store.collection(appointments).get(id))!.patientConfirmation.confirmed;
const bell = async () =>
  (await ctx.store.collection(notifications).find({ selector: { user: reception } })).sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );

async function ask(id: string) {
  const res = await server.call('POST', `/appointment/${id}/notification/whatsapp`, { key, body: {} });
  expect(res.status).toBe(200);
  expect((await delivery.runOnce()).sent).toBe(1);
}

let carla: string;
let bruno: string;

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
  evolution = await startTestEvolution('chave-global-5566');
  delivery = startServerDelivery(server, logger, { clock: server.clock, env: { MESSAGING_INTERVAL_MS: '3600000' } });
  await server.webhooks.setAllowPrivate(tenant, true);
  const configured = await server.call('POST', '/chatbot/configuration', {
    key,
    body: {
      baseUrl: evolution.baseUrl,
      apiKey: 'chave-global-5566',
      instanceName: 'recepcao',
      callbackBaseUrl: 'https://clinic.exemplo.com.br',
    },
  });
  expect(configured.status).toBe(201);
  evolution.setState('recepcao', 'open');
  const opened = await run(createClinic, {
    name: 'Clínica Central',
    openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })),
  });
  clinic = opened.clinic.id;
  professional = uuidV7Ids.next();
  reception = uuidV7Ids.next();
  await store.collection(users).insert(professionalRecord(professional, tenant, 'Dra. Ana Lima'));
  await store.collection(users).insert({ ...professionalRecord(reception, tenant, 'Rita'), role: 'reception' });
  carla = (await run(createPatient, { name: 'Carla Souza', cellPhone: '(11) 98765-4321' })).patient.id;
  bruno = (await run(createPatient, { name: 'Bruno Dias', cellPhone: '(21) 99887-7665' })).patient.id;
  for (const phone of [CARLA, BRUNO])
    await server.call('PUT', '/whatsapp/optIn', { key, body: { phone, optedIn: true } });
});

afterAll(async () => {
  await delivery.stop();
  await evolution.close();
  await server.close();
});

describe('a typed reply through the self-hosted instance', () => {
  it('“Sim, confirmo” confirms the appointment of the newest request to that phone, not an older one', async () => {
    const tuesday = await book(carla, '2026-11-24T10:00:00-03:00');
    const thursday = await book(carla, '2026-11-26T15:00:00-03:00');
    await ask(tuesday);
    server.clock.advance(60_000);
    await ask(thursday);
    await typed('5511987654321@s.whatsapp.net', 'Sim, confirmo', 'extended');
    expect(await confirmation(thursday)).toBe(true);
    expect(await confirmation(tuesday)).toBe(false);
    const last = (await bell()).at(-1)!;
    expect(last).toMatchObject({ kind: 'appointment.confirmed', title: 'Paciente confirmou a consulta' });
    expect(last.link).toEqual({ collection: 'appointments', id: thursday });
    const stored = await ctx.store.collection(appointments).get(thursday);
    expect(stored!.patientConfirmation).toMatchObject({
      confirmed: true,
      channel: 'whatsapp',
      by: 'whatsapp-instance',
    });
  });

  it('reads the number WhatsApp still reports without the ninth digit, and “ok 👍” as a yes', async () => {
    const friday = await book(carla, '2026-11-27T09:00:00-03:00');
    await ask(friday);
    await typed('551187654321@s.whatsapp.net', 'ok 👍');
    expect(await confirmation(friday)).toBe(true);
  });

  it('“não posso” takes the confirmation back and tells the reception with the patient’s words', async () => {
    const monday = await book(bruno, '2026-11-30T11:00:00-03:00');
    await ask(monday);
    await typed('5521998877665@s.whatsapp.net', 'sim');
    expect(await confirmation(monday)).toBe(true);
    await typed('5521998877665@s.whatsapp.net', 'Não posso, surgiu um imprevisto');
    expect(await confirmation(monday)).toBe(false);
    expect((await bell()).at(-1)).toMatchObject({
      kind: 'appointment.unconfirmed',
      title: 'Paciente disse que não pode vir (WhatsApp)',
      body: 'Consulta de 30/11 às 11:00: “Não posso, surgiu um imprevisto”',
      link: { collection: 'appointments', id: monday },
    });
  });

  it('anything else reaches the bell with the text and changes nothing', async () => {
    const before = (await bell()).length;
    await typed('5521998877665@s.whatsapp.net', 'Qual é o endereço da clínica?');
    const after = await bell();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      kind: 'message.reply',
      title: 'Resposta do paciente (WhatsApp)',
      body: 'Consulta de 30/11 às 11:00: “Qual é o endereço da clínica?”',
    });
    const professionalBell = await ctx.store.collection(notifications).find({ selector: { user: professional } });
    expect(professionalBell.some((n) => n.kind === 'message.reply')).toBe(true);
  });

  it('a phone with no request in the last 72 hours changes nothing and notifies no one', async () => {
    const before = (await bell()).length;
    await typed('5531999990000@s.whatsapp.net', 'sim');
    server.clock.advance(73 * 3_600_000); // 2026-11-26 13:01 UTC: Bruno's request (11-23) is outside the window
    await typed('5521998877665@s.whatsapp.net', 'sim');
    expect(await bell()).toHaveLength(before);
  });

  it('never wrote a patient’s text or phone to a log line', () => {
    expect(lines.some((l) => l.includes('imprevisto') || l.includes('endereço') || l.includes('998877665'))).toBe(
      false,
    );
  });
});

describe('a typed reply through the Cloud API', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph('EAAGtokenDeTeste1111', []);
    // The Cloud API's webhook is separate from the instance's; the account keeps both configurations.
    const res = await server.call('PUT', '/whatsapp/credentials', {
      key,
      body: {
        phoneNumberId: '106540352242922',
        businessAccountId: '102290129340398',
        accessToken: 'EAAGtokenDeTeste1111',
        appSecret: APP_SECRET,
        verifyToken: 'verifica-1234',
        baseUrl: graph.baseUrl,
      },
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => graph.close());

  it('a text message (“confirmo”) as Meta posts it confirms the pending request', async () => {
    const next = await book(bruno, '2026-12-01T14:00:00-03:00');
    await ask(next);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '551130000000', phone_number_id: '106540352242922' },
                contacts: [{ profile: { name: 'Bruno' }, wa_id: '5521998877665' }],
                messages: [
                  {
                    from: '5521998877665',
                    id: 'wamid.IN1',
                    timestamp: '1764500000',
                    type: 'text',
                    text: { body: 'confirmo' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const res = await server.app.request(`/whatsapp/webhook/${tenant}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
      },
    });
    expect(res.status).toBe(200);
    expect(await confirmation(next)).toBe(true);
  });
});
