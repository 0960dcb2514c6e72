import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { testActor } from '#core/common/testing.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { users } from '#core/access/user.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { createPatient, updatePatient } from '#core/patient/patient-ops.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { confirmAppointment, unconfirmAppointment } from '#core/schedule/confirmation-ops.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import { attemptDelivery } from './send-webhook.js';
import { startReceiver, type Received, type TestReceiver } from './test-receiver.js';
import { startWebhooks, WEBHOOK_RETRY_POLICY, type WebhookWorker } from './webhook-worker.js';

let server: TestServer;
let receiver: TestReceiver;
let worker: WebhookWorker;
let tenant: string;
let key: string;
let ctx: OperationContext;
let secret: string;
let endpointId: string;

const run = <I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, input: z.input<I>) =>
  invoke(op, ctx, input).catch((error: unknown) => {
    throw new Error(`${op.name}: ${JSON.stringify(error)}`);
  });

/** Verifies with the standardwebhooks library at the server clock's time (its tolerance is 5 minutes). */
function verify(r: Received): { type: string; data: Record<string, unknown> } {
  vi.setSystemTime(server.clock.now());
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };
}

/** Passes until nothing is due, moving the clock `stepMs` between them. */
async function drain(stepMs = 0, passes = 20): Promise<void> {
  for (let i = 0; i < passes; i++) {
    await worker.runOnce();
    server.clock.advance(stepMs);
  }
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  server = await startTestServer();
  tenant = await server.keys.createAccount('Clínica A');
  key = (await server.keys.createKey(tenant, { name: 'integra', permissions: ['*'] })).key;
  ctx = {
    store: server.database.forTenant(tenant),
    actor: testActor(['*'], tenant),
    clock: server.clock,
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
  receiver = await startReceiver();
  worker = startWebhooks({
    service: server.webhooks,
    clock: server.clock,
    ids: uuidV7Ids,
    logger: pino({ level: 'silent' }),
    intervalMs: 3_600_000,
  });
});

afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await server.close();
  vi.useRealTimers();
});

describe('webhook configuration', () => {
  it('refuses loopback, private and link-local addresses unless the account allows them', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
    ]) {
      const res = await server.call('POST', '/webhook/endpoint', { key, body: { url, events: ['patient.created'] } });
      expect(res.status, url).toBe(400);
    }
    const allowed = await server.call('PUT', '/webhook/', { key, body: { allowPrivateNetworks: true } });
    expect(allowed.body.allowPrivateNetworks).toBe(true);
  });

  it('creates an endpoint whose whsec_ secret is shown once and stored sealed', async () => {
    const res = await server.call('POST', '/webhook/endpoint', {
      key,
      body: {
        url: receiver.url,
        events: [
          'patient.created',
          'patient.updated',
          'appointment.created',
          'appointment.confirmed',
          'appointment.unconfirmed',
        ],
      },
    });
    expect(res.status).toBe(201);
    secret = res.body.secret as string;
    endpointId = (res.body.endpoint as { id: string }).id;
    expect(secret).toMatch(/^whsec_/);
    const config = await server.call('GET', '/webhook/', { key });
    expect(JSON.stringify(config.body)).not.toContain(secret);
    const authView = await server.call('GET', '/account/webhookConfig', { key });
    expect(authView.body).toEqual(config.body);
    const row = await server.webhooks.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', endpointId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret.slice(6));
    expect(server.webhooks.openSecret(row)).toBe(secret);
  });
});

describe('delivery', () => {
  it('signs every delivery so that standardwebhooks verifies it', async () => {
    receiver.verifyWith((r) => void verify(r));
    await run(createPatient, { name: 'Maria da Silva' });
    await drain();
    expect(receiver.accepted).toHaveLength(1);
    expect(verify(receiver.accepted[0]!)).toMatchObject({ type: 'patient.created' });
    // A tampered body does not verify.
    expect(() =>
      verify({ ...receiver.accepted[0]!, body: receiver.accepted[0]!.body.replace('patient', 'budget') }),
    ).toThrow();
  });

  it('gives a receiver that was down every event afterwards, once each, in order per record', async () => {
    receiver.answer(503);
    const before = receiver.accepted.length;
    const { clinic } = await run(createClinic, {
      name: 'Clínica Central',
      openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })),
    });
    const professional = uuidV7Ids.next();
    await ctx.store.collection(users).insert(professionalRecord(professional, tenant, 'Dra. Ana Lima'));
    // A pass of the worker between the changes, as the seconds between a person's clicks give it.
    const tick = () => drain(1000, 1);
    const { patient } = await run(createPatient, { name: 'Carla Souza' });
    await tick();
    await run(updatePatient, { id: patient.id, name: 'Carla Souza Lima' });
    await tick();
    const { appointment } = await run(createAppointment, {
      clinic: clinic.id,
      professional,
      patient: patient.id,
      start: '2026-11-24T10:00:00-03:00',
      end: '2026-11-24T10:30:00-03:00',
    });
    await tick();
    await run(confirmAppointment, { id: appointment.id });
    await tick();
    await run(unconfirmAppointment, { id: appointment.id });
    await tick();
    await run(confirmAppointment, { id: appointment.id });
    await tick();
    await run(updatePatient, { id: patient.id, name: 'Carla S. Lima' });
    // Down for eight hours of retries.
    await drain(3_600_000, 8);
    expect(receiver.accepted.length).toBe(before);
    expect(receiver.all.length).toBeGreaterThan(before);
    receiver.answer(200);
    await drain(10 * 3_600_000, 6);

    // Each was verified on arrival (verifyWith): a request that does not verify is answered 400.
    const got = receiver.accepted.slice(before).map((r) => ({
      id: r.headers['webhook-id'] as string,
      ...(JSON.parse(r.body) as { type: string; data: { id: string } }),
    }));
    expect(new Set(got.map((g) => g.id)).size).toBe(got.length);
    const ofPatient = got.filter((g) => g.data.id === patient.id).map((g) => g.type);
    expect(ofPatient).toEqual(['patient.created', 'patient.updated', 'patient.updated']);
    const ofAppointment = got.filter((g) => g.data.id === appointment.id).map((g) => g.type);
    expect(ofAppointment).toEqual([
      'appointment.created',
      'appointment.confirmed',
      'appointment.unconfirmed',
      'appointment.confirmed',
    ]);
    // Nothing left to send, and a later pass sends nothing twice.
    const count = receiver.all.length;
    await drain(3_600_000, 3);
    expect(receiver.all.length).toBe(count);
  });

  it('keeps a delivery log per endpoint and replays a delivery with the same webhook-id', async () => {
    const log = await server.call('GET', `/webhook/endpoint/${endpointId}/delivery?limit=5`, { key });
    expect(log.status).toBe(200);
    const items = log.body.items as {
      id: string;
      eventId: string;
      status: string;
      log: { statusCode: number | null }[];
    }[];
    expect(items.length).toBe(5);
    expect(items.every((d) => d.status === 'delivered')).toBe(true);
    const retried = items.find((d) => d.log.some((a) => a.statusCode === 503))!;
    expect(retried.log.at(-1)!.statusCode).toBe(200);
    const count = receiver.accepted.length;
    const res = await server.call('POST', `/webhook/endpoint/${endpointId}/delivery/${retried.id}/replay`, { key });
    expect(res.status).toBe(200);
    await drain();
    expect(receiver.accepted.length).toBe(count + 1);
    expect(receiver.accepted.at(-1)!.headers['webhook-id']).toBe(retried.eventId);
  });

  it('disables an endpoint that answers 410 Gone, and sends it nothing more', async () => {
    receiver.answer(410);
    await run(createPatient, { name: 'João Pereira' });
    await drain();
    const config = await server.call('GET', '/webhook/', { key });
    const endpoint = (config.body.endpoints as { id: string; enabled: boolean; disabledReason: string | null }[]).find(
      (e) => e.id === endpointId,
    )!;
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledReason).toContain('410');
    const count = receiver.all.length;
    receiver.answer(200);
    await run(createPatient, { name: 'Ana Costa' });
    await drain(3_600_000, 3);
    expect(receiver.all.length).toBe(count);
    // Enabled again, the waiting deliveries go out.
    await server.call('PUT', `/webhook/endpoint/${endpointId}`, { key, body: { enabled: true } });
    await drain();
    expect(receiver.all.length).toBe(count + 1);
  });
});

describe('SSRF guard at delivery time', () => {
  const attempt = (url: string, allowPrivate: boolean) =>
    attemptDelivery({
      url,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      id: 'msg_1',
      body: '{}',
      at: new Date(),
      allowPrivate,
      timeoutMs: 2000,
    });

  it('refuses 127.0.0.1, 10.x and 169.254.x, and names resolving to loopback, unless allowed', async () => {
    for (const url of ['http://127.0.0.1:1/', 'http://10.0.0.1/', 'http://169.254.169.254/', 'http://localhost:1/']) {
      expect(await attempt(url, false), url).toEqual({ statusCode: null, error: 'ssrf_blocked' });
    }
    const local = await startReceiver();
    try {
      expect(await attempt(local.url, true)).toEqual({ statusCode: 200, error: null });
      expect(await attempt(local.url.replace('127.0.0.1', 'localhost'), true)).toEqual({
        statusCode: 200,
        error: null,
      });
    } finally {
      await local.close();
    }
  });

  it('retries on the growing schedule', () => {
    const delays = WEBHOOK_RETRY_POLICY.delaysMs;
    expect(delays.every((d, i) => i === 0 || d >= delays[i - 1]!)).toBe(true);
  });
});

describe('webhook worker timing', () => {
  it('wakes on a commit that writes an event collection: the event goes out without waiting for the interval', async () => {
    receiver.answer(200);
    const { patient } = await run(createPatient, { name: 'Beatriz Nunes' });
    // No runOnce here: the worker's interval is an hour, so only the change feed can have woken it.
    const deadline = performance.now() + 4_000; // Date is faked in this file
    const arrived = () =>
      receiver.accepted.some((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === patient.id);
    while (!arrived() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(arrived()).toBe(true);
  });
});
