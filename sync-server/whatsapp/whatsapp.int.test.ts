/**
 * The WhatsApp Business Cloud API adapter end to end, against a local HTTP server implementing the
 * documented endpoints (test-graph.ts), not against Meta.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { notifications } from '#core/chat/notification-records.js';
import { users } from '#core/access/user.js';
import { createBudget } from '#core/budget/budget-ops.js';
import { fullBudgetBody, seedBudgetReferences } from '#core/budget/testing.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { testActor } from '#core/common/testing.js';
import { uuidV7Ids } from '#core/ids.js';
import { outboxMessages } from '#core/messaging/message.js';
import { storeOutbox } from '#core/messaging/store-outbox.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import type { Delivery } from '../messaging/delivery.js';
import { capturingLogger } from '../messaging/test-support.js';
import { startServerDelivery } from '../server.js';
import { startTestGraph, type TestGraph } from './test-graph.js';

const TOKEN = 'EAAGtokenDeTesteMuitoSecreto9876';
const APP_SECRET = 'segredo-do-app-de-teste';
const PHONE = '+5511987654321';
let server: TestServer;
let graph: TestGraph;
let delivery: Delivery;
let tenant: string;
let key: string;
let ctx: OperationContext;
const { logger, lines } = capturingLogger();

const run = <I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, input: z.input<I>) =>
  invoke(op, ctx, input);
const messagesTo = () => graph.requests.filter((r) => r.path.endsWith('/messages'));
const lastTemplate = () =>
  JSON.parse(messagesTo().at(-1)!.body) as {
    to: string;
    type: string;
    template: {
      name: string;
      language: { code: string };
      components: {
        type: string;
        parameters: { type: string; text?: string; payload?: string; document?: { id: string } }[];
      }[];
    };
  };

function hook(body: unknown, secret = APP_SECRET) {
  const text = JSON.stringify(body);
  const signature = `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
  return server.app.request(`/whatsapp/webhook/${tenant}`, {
    method: 'POST',
    body: text,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
}

async function outboxMessage(id: string) {
  return (await server.database.forTenant(tenant).collection(outboxMessages).get(id))!;
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
  graph = await startTestGraph(TOKEN, [
    { name: 'clinic_orcamento', status: 'APPROVED' },
    { name: 'clinic_confirmacao_agendamento', status: 'PENDING' },
  ]);
  delivery = startServerDelivery(server, logger, { clock: server.clock, env: { MESSAGING_INTERVAL_MS: '3600000' } });
  const res = await server.call('PUT', '/whatsapp/credentials', {
    key,
    body: {
      phoneNumberId: '106540352242922',
      businessAccountId: '102290129340398',
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'verifica-1234',
      baseUrl: graph.baseUrl,
    },
  });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await delivery.stop();
  await graph.close();
  await server.close();
});

describe('WhatsApp credentials', () => {
  it('keeps the token sealed, never answers it and never logs it', async () => {
    const res = await server.call('GET', '/whatsapp/credentials', { key });
    expect(res.body).toMatchObject({ phoneNumberId: '106540352242922', tokenHint: '…9876' });
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    const row = await server.whatsapp.service.db
      .selectFrom('whatsapp_credentials')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(JSON.stringify(row)).not.toContain(APP_SECRET);
  });

  it('answers Meta’s subscription check only with the verify token', async () => {
    const ok = await server.app.request(
      `/whatsapp/webhook/${tenant}?hub.mode=subscribe&hub.verify_token=verifica-1234&hub.challenge=42`,
    );
    expect(await ok.text()).toBe('42');
    const bad = await server.app.request(
      `/whatsapp/webhook/${tenant}?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=42`,
    );
    expect(bad.status).toBe(403);
  });

  it('reads a template’s approval status from the provider', async () => {
    const res = await server.call('GET', '/whatsapp/template/clinic_confirmacao_agendamento/status', { key });
    expect(res.body).toEqual({ name: 'clinic_confirmacao_agendamento', status: 'PENDING', language: 'pt_BR' });
    expect((await server.call('GET', '/whatsapp/template/nao_existe/status', { key })).status).toBe(404);
  });
});

describe('sending', () => {
  let budgetId: string;

  beforeAll(async () => {
    const refs = await seedBudgetReferences(
      run,
      async (user) => void (await ctx.store.collection(users).insert(user)),
      tenant,
    );
    budgetId = (await run(createBudget, fullBudgetBody(refs) as never)).budget.id;
  });

  it('refuses, visibly, to send to a number without a recorded opt-in', async () => {
    const res = await server.call('POST', `/budget/${budgetId}/send`, {
      key,
      body: { channel: 'whatsapp', to: '+5511911112222' },
    });
    await delivery.runOnce();
    const message = await outboxMessage(res.body.messageId as string);
    expect(message.status).toBe('failed');
    expect(message.lastError).toContain('opt-in');
    expect(messagesTo()).toHaveLength(0);
  });

  it('sends a budget as an approved template with the PDF as its document header', async () => {
    expect((await server.call('PUT', '/whatsapp/optIn', { key, body: { phone: PHONE, optedIn: true } })).status).toBe(
      200,
    );
    const res = await server.call('POST', `/budget/${budgetId}/send`, {
      key,
      body: { channel: 'whatsapp', to: PHONE },
    });
    expect((await delivery.runOnce()).sent).toBe(1);
    const sent = lastTemplate();
    expect(sent).toMatchObject({
      to: '5511987654321',
      type: 'template',
      template: { name: 'clinic_orcamento', language: { code: 'pt_BR' } },
    });
    expect(sent.template.components[0]).toMatchObject({ type: 'header', parameters: [{ type: 'document' }] });
    expect(sent.template.components[1]!.parameters.map((p) => p.text)).toEqual([
      'Maria Aparecida da Silva',
      expect.any(String),
      expect.stringContaining('Clínica Sorriso'),
      'R$ 650,50',
    ]);
    const media = graph.requests.find((r) => r.path.endsWith('/media'))!;
    expect(media.body).toContain('%PDF');
    expect(messagesTo().every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    // Delivery and read statuses come back on the webhook.
    const tracked = await server.call('GET', `/whatsapp/message/${res.body.messageId as string}/status`, { key });
    const id = (tracked.body.items as { wamid: string }[])[0]!.wamid;
    const status = (s: string) => ({
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: { statuses: [{ id, status: s, timestamp: '1764000000', recipient_id: '5511987654321' }] },
            },
          ],
        },
      ],
    });
    expect((await hook(status('delivered'))).status).toBe(200);
    expect((await hook(status('read'))).status).toBe(200);
    const after = await server.call('GET', `/whatsapp/message/${res.body.messageId as string}/status`, { key });
    expect((after.body.items as { status: string }[])[0]!.status).toBe('read');
  });

  it('makes a refusal of the provider visible on the message', async () => {
    graph.refuseWith({ status: 400, code: 131026, message: 'Message undeliverable' });
    const res = await server.call('POST', `/budget/${budgetId}/send`, {
      key,
      body: { channel: 'whatsapp', to: PHONE },
    });
    await delivery.runOnce();
    graph.refuseWith(null);
    const message = await outboxMessage(res.body.messageId as string);
    expect(message.status).toBe('failed');
    expect(message.lastError).toContain('131026');
  });

  it('asks for an appointment confirmation, and the patient’s reply confirms it', async () => {
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
    const asked = await server.call('POST', `/appointment/${appointment.id}/notification/whatsapp`, { key, body: {} });
    expect(asked.status).toBe(200);
    expect((await delivery.runOnce()).sent).toBe(1);
    const sent = lastTemplate();
    expect(sent.template.name).toBe('clinic_confirmacao_agendamento');
    const buttons = sent.template.components.filter((c) => c.type === 'button');
    expect(buttons.map((b) => b.parameters[0]!.payload)).toEqual([
      `confirm:${appointment.id}`,
      `unconfirm:${appointment.id}`,
    ]);

    const reply = {
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                messages: [
                  {
                    from: '5511987654321',
                    id: 'wamid.IN1',
                    type: 'button',
                    button: { payload: `confirm:${appointment.id}`, text: 'Confirmar' },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    expect((await hook(reply, 'segredo-errado')).status).toBe(403);
    const unchanged = await ctx.store.collection(appointments).get(appointment.id);
    expect(unchanged!.patientConfirmation.confirmed).toBe(false);
    expect((await hook(reply)).status).toBe(200);
    const confirmed = await ctx.store.collection(appointments).get(appointment.id);
    expect(confirmed!.patientConfirmation).toMatchObject({ confirmed: true, channel: 'whatsapp' });
    // The professional's bell says so, with the appointment's time and no patient data.
    const bell = await ctx.store.collection(notifications).find({ selector: { user: professional } });
    expect(bell.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      [
        'appointment.confirmed',
        'Paciente confirmou a consulta',
        'Consulta de 24/11 às 10:00',
        { collection: 'appointments', id: appointment.id },
      ],
    ]);
  });

  it('never wrote the token or the app secret to a log line', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes(TOKEN) || l.includes(APP_SECRET))).toBe(false);
  });
});
