/**
 * Webhooks on PostgreSQL: the same tables, feed cursor, ordering query and claims as on SQLite
 * (bigint positions come back as text there). Skipped locally without a server, required in CI.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { testActor } from '#core/common/testing.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { createPatient, updatePatient } from '#core/patient/patient-ops.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';
import { startReceiver, type TestReceiver } from './test-receiver.js';
import { startWebhooks, type WebhookWorker } from './webhook-worker.js';

const schema = `test_webhooks_${randomBytes(4).toString('hex')}`;
const reason = await postgresUnreachable();
const skip = skipWithoutPostgres(reason, 'PostgreSQL webhook tests');

describe.skipIf(skip)('webhooks on postgresql', () => {
  let server: TestServer;
  let receiver: TestReceiver;
  let worker: WebhookWorker;

  beforeAll(async () => {
    expect(reason, 'PostgreSQL must be reachable in CI (TEST_DATABASE_URL)').toBeUndefined();
    const database = await openSqlDatabase({
      url: postgresUrl,
      schema,
      collections: allCollections,
      migrations: serverMigrations,
    });
    server = await startTestServer({ database });
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
    await worker?.stop();
    await receiver?.close();
    await server?.close();
    if (reason === undefined) await dropSchema(schema);
  });

  it('delivers a record’s events in order, once, after the receiver comes back', async () => {
    const tenant = await server.keys.createAccount('Clínica PG');
    await server.webhooks.setAllowPrivate(tenant, true);
    const { secret } = await server.webhooks.createEndpoint(tenant, {
      url: receiver.url,
      events: ['patient.created', 'patient.updated'],
    });
    const ctx = {
      store: server.database.forTenant(tenant),
      actor: testActor(['*'], tenant),
      clock: server.clock,
      ids: uuidV7Ids,
      outbox: memoryOutbox(),
      numbers: memoryNumberSource(),
    };
    receiver.answer(503);
    const { patient } = await invoke(createPatient, ctx, { name: 'Maria da Silva' });
    await worker.runOnce();
    await invoke(updatePatient, ctx, { id: patient.id, name: 'Maria da Silva Santos' });
    await worker.runOnce();
    receiver.answer(200);
    for (let i = 0; i < 4; i++) {
      server.clock.advance(3_600_000);
      await worker.runOnce();
    }
    const types = receiver.accepted.map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types).toEqual(['patient.created', 'patient.updated']);
    const ids = receiver.accepted.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(2);
    const last = receiver.accepted.at(-1)!;
    // The signature verifies at the attempt's own timestamp (the library checks a 5-minute window).
    const at = Number(last.headers['webhook-timestamp']) * 1000;
    const realNow = Date.now;
    Date.now = () => at;
    try {
      expect(() => new Webhook(secret).verify(last.body, last.headers as Record<string, string>)).not.toThrow();
    } finally {
      Date.now = realNow;
    }
  });
});
