/**
 * Budget send and appointment confirmation by SMS (MSG-041, MSG-042), end to end on SQLite against a
 * local server implementing Zenvia's documented endpoint (test-zenvia.ts): the operation queues the
 * message for the patient's cell phone, the delivery worker sends one GSM-7 segment through Zenvia,
 * the status callback marks it delivered or failed, and a failed one is retried like a WhatsApp one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '#core/access/user.js';
import { createBudget } from '#core/budget/budget-ops.js';
import { notifications } from '#core/chat/notification-records.js';
import { fullBudgetBody, seedBudgetReferences } from '#core/budget/testing.js';
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
import { SMS_MAX_CHARS } from './sms-text.js';
import { startTestZenvia, zenviaStatusEvent, type TestZenvia } from './test-zenvia.js';

const TOKEN = 'zenvia-token-dominio-8888';
let server: TestServer;
let zenvia: TestZenvia;
let delivery: Delivery;
let tenant: string;
let key: string;
let ctx: OperationContext;
let callbackPath: string;
const { logger } = capturingLogger();
// GSM 03.38 basic set: a text of these characters goes as one 160-character segment.
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

const run = <I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, input: z.input<I>) =>
  invoke(op, ctx, input);
const smsSent = () =>
  zenvia.requests
    .filter((r) => r.path === '/v2/channels/sms/messages')
    .map((r) => JSON.parse(r.body) as { from: string; to: string; contents: { type: string; text: string }[] });
const outbox = (id: string) => server.database.forTenant(tenant).collection(outboxMessages).get(id);

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
  zenvia = await startTestZenvia(TOKEN);
  delivery = startServerDelivery(server, logger, { clock: server.clock, env: { MESSAGING_INTERVAL_MS: '3600000' } });
  const configured = await server.call('PUT', '/sms/credentials', {
    key,
    body: { apiToken: TOKEN, sender: 'clinica-sorriso', baseUrl: zenvia.baseUrl },
  });
  expect(configured.status).toBe(200);
  callbackPath = configured.body.callbackPath as string;
});

afterAll(async () => {
  await delivery.stop();
  await zenvia.close();
  await server.close();
});

describe('budget send by SMS', () => {
  it('sends a one-segment summary to the patient’s cell phone, without the PDF', async () => {
    const refs = await seedBudgetReferences(
      run,
      async (user) => void (await ctx.store.collection(users).insert(user)),
      tenant,
    );
    const budgetId = (await run(createBudget, fullBudgetBody(refs) as never)).budget.id;
    const res = await server.call('POST', `/budget/${budgetId}/send`, { key, body: { channel: 'sms' } });
    expect(res.status).toBe(200);
    expect(res.body.channel).toBe('sms');
    expect(res.body.to).toMatch(/^\+55\d{10,11}$/);
    expect((await delivery.runOnce()).sent).toBe(1);
    const sms = smsSent().at(-1)!;
    expect(sms.to).toBe((res.body.to as string).slice(1));
    const text = sms.contents[0]!.text;
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(text).toMatch(GSM7);
    expect(text).toMatch(/orcamento n\. \d+ ficou em R\$ [\d.,]+, valido até \d\d\/\d\d\/\d{4}\./);
    expect((await outbox(res.body.messageId as string))!.status).toBe('sent');
  });
});

describe('appointment confirmation by SMS', () => {
  let appointmentId: string;
  let clinicId: string;
  let professional: string;
  const reception = uuidV7Ids.next();

  beforeAll(async () => {
    const { clinic } = await run(createClinic, {
      name: 'Clínica Odontológica São João da Boa Vista — Unidade Centro Histórico',
      openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })),
    });
    clinicId = clinic.id;
    professional = uuidV7Ids.next();
    await ctx.store.collection(users).insert(professionalRecord(professional, tenant, 'Dra. Ana Lima'));
    await ctx.store.collection(users).insert({ ...professionalRecord(reception, tenant, 'Rita'), role: 'reception' });
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

  it('asks by SMS in one segment, even for a long clinic name, and takes Zenvia’s delivered status', async () => {
    const asked = await server.call('POST', `/appointment/${appointmentId}/notification/sms`, { key, body: {} });
    expect(asked).toMatchObject({ status: 200, body: { to: '+5511987654321' } });
    expect((await delivery.runOnce()).sent).toBe(1);
    const text = smsSent().at(-1)!.contents[0]!.text;
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(text).toMatch(GSM7);
    expect(text).toContain('terca-feira, 24/11/2026 às 10:00');
    expect(text).toContain('Responda SIM para confirmar ou NAO');
    const [message] = (await ctx.store.collection(outboxMessages).find({ selector: { channel: 'sms' } })).filter(
      (m) => m.template === 'appointment.confirmation',
    );
    const provider = (await server.call('GET', `/sms/message/${message!.id}/status`, { key })).body.items as {
      providerId: string;
    }[];
    await server.call('POST', callbackPath, { body: zenviaStatusEvent(provider[0]!.providerId, 'DELIVERED') });
    const status = await server.call('GET', `/sms/message/${message!.id}/status`, { key });
    expect(status.body.items).toEqual([expect.objectContaining({ status: 'DELIVERED' })]);
  });

  it('a message Zenvia could not deliver is failed with the reason, and a retry sends it again', async () => {
    await server.call('POST', `/appointment/${appointmentId}/notification/sms`, { key, body: {} });
    await delivery.runOnce();
    const all = await ctx.store.collection(outboxMessages).find({ selector: { channel: 'sms' } });
    const newest = all.sort((a, b) => a.id.localeCompare(b.id)).at(-1)!;
    const provider = (await server.call('GET', `/sms/message/${newest.id}/status`, { key })).body.items as {
      providerId: string;
    }[];
    await server.call('POST', callbackPath, { body: zenviaStatusEvent(provider[0]!.providerId, 'NOT_DELIVERED') });
    const failed = await outbox(newest.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.lastError).toMatch(/não entregou a mensagem \(NOT_DELIVERED UNREACHABLE/);
    const bell = await ctx.store.collection(notifications).find({ selector: { user: reception } });
    expect(bell.at(-1)).toMatchObject({
      kind: 'message.failed',
      title: 'Mensagem não enviada (SMS)',
      link: { collection: 'outbox_messages', id: newest.id },
    });
    const shown = await server.call('GET', `/message/${newest.id}`, { key });
    expect(shown.body).toMatchObject({ status: 'failed', channel: 'sms' });

    const before = smsSent().length;
    expect((await server.call('POST', `/message/${newest.id}/retry`, { key })).status).toBe(200);
    expect((await delivery.runOnce()).sent).toBe(1);
    expect(smsSent()).toHaveLength(before + 1);
    expect((await outbox(newest.id))!.status).toBe('sent');
  });

  it('refuses a patient without a cell phone as a field message', async () => {
    const { patient } = await run(createPatient, { name: 'Sem Celular' });
    const { appointment } = await run(createAppointment, {
      clinic: clinicId,
      professional,
      patient: patient.id,
      start: '2026-11-25T10:00:00-03:00',
      end: '2026-11-25T10:30:00-03:00',
    });
    const res = await server.call('POST', `/appointment/${appointment.id}/notification/sms`, { key, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { details: [{ path: 'patient.cellPhone' }] } });
  });
});
