/**
 * The messaging integrations' REST operations on SQLite and on PostgreSQL (skipped locally without a
 * server, required in CI): third-party workflow credentials, SMS through Zenvia with its callback, the
 * ChatBot / Communication Center instance, and a WhatsApp template by name. Providers are local HTTP
 * servers implementing their documented endpoints (test-zenvia.ts, test-evolution.ts, test-graph.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { uuidV7Ids } from '#core/ids.js';
import { outboxMessages } from '#core/messaging/message.js';
import { storeOutbox } from '#core/messaging/store-outbox.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import { startServerDelivery, serverMigrations } from '../server.js';
import { startTestZenvia, zenviaStatusEvent, type TestZenvia } from '../sms/test-zenvia.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';
import { startTestEvolution, type TestEvolution } from '../whatsapp-instance/test-evolution.js';
import { startTestGraph, type TestGraph } from '../whatsapp/test-graph.js';
import type { Delivery } from './delivery.js';
import { capturingLogger } from './test-support.js';

const reason = await postgresUnreachable();
const skipPg = skipWithoutPostgres(reason, 'PostgreSQL messaging-integration tests');
const ZENVIA_TOKEN = 'zenvia-token-secreto-4321';
const WORKFLOW_SECRET = 'n8n_api_segredo_9999';
const GRAPH_TOKEN = 'EAAGtokenGraphDeTeste5555';

describe.each([
  { dialect: 'sqlite', skip: false },
  { dialect: 'postgresql', skip: skipPg },
])('messaging integrations over REST on $dialect', ({ dialect, skip }) => {
  const schema = `test_msgint_${randomBytes(4).toString('hex')}`;
  let server: TestServer;
  let zenvia: TestZenvia;
  let evolution: TestEvolution;
  let graph: TestGraph;
  let delivery: Delivery;
  let tenant: string;
  let key: string;
  let otherKey: string;
  const { logger, lines } = capturingLogger();

  beforeAll(async () => {
    if (skip) return;
    const database =
      dialect === 'postgresql'
        ? await openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations })
        : undefined;
    server = await startTestServer({ durableOutbox: true, ...(database ? { database } : {}) });
    tenant = await server.keys.createAccount('Clínica Sorriso');
    key = (await server.keys.createKey(tenant, { name: 'integra', permissions: ['*'] })).key;
    const other = await server.keys.createAccount('Outra Clínica');
    otherKey = (await server.keys.createKey(other, { name: 'outra', permissions: ['*'] })).key;
    zenvia = await startTestZenvia(ZENVIA_TOKEN);
    evolution = await startTestEvolution('chave-global-1234');
    graph = await startTestGraph(GRAPH_TOKEN, [
      {
        name: 'clinic_orcamento',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Olá {{1}}, segue o orçamento {{2}}.' }],
      },
    ]);
    delivery = startServerDelivery(server, logger, { clock: server.clock, env: { MESSAGING_INTERVAL_MS: '3600000' } });
  });

  afterAll(async () => {
    if (skip) return;
    await delivery?.stop();
    await Promise.all([zenvia?.close(), evolution?.close(), graph?.close()]);
    await server?.close();
    if (dialect === 'postgresql') await dropSchema(schema);
  });

  it.skipIf(skip)('registers workflow credentials sealed, answers them masked, deletes them', async () => {
    const body = {
      provider: 'n8n',
      label: 'Automação da recepção',
      baseUrl: 'https://n8n.clinica.com.br',
      secret: WORKFLOW_SECRET,
    };
    const created = await server.call('POST', '/workflowIntegration/credentials', { key, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ provider: 'n8n', label: 'Automação da recepção', secretHint: '…9999' });
    expect(JSON.stringify(created.body)).not.toContain(WORKFLOW_SECRET);
    const row = await server.database.kysely
      .withTables<{ workflow_credentials: { tenant_id: string; secret_sealed: string } }>()
      .selectFrom('workflow_credentials')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(WORKFLOW_SECRET);
    expect((await server.call('GET', '/workflowIntegration/credentials', { key })).body).toEqual(created.body);
    // Another account sees none of it.
    expect((await server.call('GET', '/workflowIntegration/credentials', { key: otherKey })).status).toBe(404);
    const bad = await server.call('POST', '/workflowIntegration/credentials', {
      key,
      body: { ...body, provider: 'ifttt', secret: 'curta' },
    });
    expect(bad.status).toBe(400);
    expect((bad.body.error as { details: { path: string }[] }).details.map((d) => d.path).sort()).toEqual([
      'provider',
      'secret',
    ]);
    expect((await server.call('DELETE', '/workflowIntegration/credentials', { key })).status).toBe(200);
    expect((await server.call('GET', '/workflowIntegration/credentials', { key })).status).toBe(404);
    expect((await server.call('DELETE', '/workflowIntegration/credentials', { key })).status).toBe(404);
  });

  it.skipIf(skip)('sends an SMS through Zenvia and takes its delivery status from the SMS callback', async () => {
    const configured = await server.call('PUT', '/sms/credentials', {
      key,
      body: { apiToken: ZENVIA_TOKEN, sender: 'clinica-sorriso', baseUrl: zenvia.baseUrl },
    });
    expect(configured.status).toBe(200);
    expect(configured.body.credentials).toMatchObject({
      provider: 'zenvia',
      sender: 'clinica-sorriso',
      tokenHint: '…4321',
    });
    expect(JSON.stringify(configured.body)).not.toContain(ZENVIA_TOKEN);
    const callbackPath = configured.body.callbackPath as string;
    expect(callbackPath).toMatch(new RegExp(`^/sms/callback/${tenant}/[\\w-]{32}$`));
    expect((await server.call('GET', '/sms/credentials', { key })).body).toEqual(configured.body.credentials);

    const store = server.database.forTenant(tenant);
    const outbox = storeOutbox(store, server.clock, uuidV7Ids);
    const data = {
      patientName: 'Carla Souza',
      clinicName: 'Clínica Central',
      professionalName: 'Dra. Ana Lima',
      when: 'terça-feira, 24/11/2026 às 10:00',
    };
    await outbox.enqueue({ channel: 'sms', to: '+5511987654321', template: 'appointment.confirmation', data });
    await outbox.enqueue({ channel: 'sms', to: '+5511900000000', template: 'appointment.confirmation', data });
    expect((await delivery.runOnce()).sent).toBe(2);
    const sent = zenvia.requests.filter((r) => r.path === '/v2/channels/sms/messages');
    expect(sent).toHaveLength(2);
    expect(sent.every((r) => r.headers['x-api-token'] === ZENVIA_TOKEN)).toBe(true);
    const bodies = sent.map(
      (r) => JSON.parse(r.body) as { from: string; to: string; contents: { type: string; text: string }[] },
    );
    const first = bodies.find((b) => b.to === '5511987654321')!;
    expect(first.from).toBe('clinica-sorriso');
    expect(first.contents).toHaveLength(1);
    expect(first.contents[0]!.type).toBe('text');
    expect(first.contents[0]!.text).toContain('Clinica Central'); // GSM-7: one segment (MSG-041)
    const messages = await store.collection(outboxMessages).find({ selector: { channel: 'sms' } });
    const byPhone = new Map(messages.map((m) => [m.to, m]));
    const delivered = byPhone.get('+5511987654321')!;
    const lost = byPhone.get('+5511900000000')!;
    const providerOf = async (id: string) =>
      ((await server.call('GET', `/sms/message/${id}/status`, { key })).body.items as { providerId: string }[])[0]!
        .providerId;

    // A wrong token is refused and changes nothing.
    const forged = await server.call('POST', `/sms/callback/${tenant}/token-errado`, {
      body: zenviaStatusEvent(await providerOf(delivered.id), 'DELIVERED'),
    });
    expect(forged.status).toBe(404);
    const ok = await server.call('POST', callbackPath, {
      body: zenviaStatusEvent(await providerOf(delivered.id), 'DELIVERED', 'Entregue'),
    });
    expect(ok).toMatchObject({ status: 200, body: { received: true } });
    const status = await server.call('GET', `/sms/message/${delivered.id}/status`, { key });
    expect(status.body.items).toEqual([expect.objectContaining({ status: 'DELIVERED', error: null })]);

    await server.call('POST', callbackPath, { body: zenviaStatusEvent(await providerOf(lost.id), 'NOT_DELIVERED') });
    const failed = await store.collection(outboxMessages).get(lost.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.lastError).toContain('NOT_DELIVERED UNREACHABLE');
    expect((await store.collection(outboxMessages).get(delivered.id))!.status).toBe('sent');
    expect(lines.some((l) => l.includes(ZENVIA_TOKEN))).toBe(false);

    expect((await server.call('DELETE', '/sms/credentials', { key })).status).toBe(200);
    expect((await server.call('GET', '/sms/credentials', { key })).status).toBe(404);
    // The old callback path no longer proves anything.
    expect((await server.call('POST', callbackPath, { body: zenviaStatusEvent('x', 'DELIVERED') })).status).toBe(404);
  });

  it.skipIf(skip)(
    'configures, connects and deletes a self-hosted instance (ChatBot, Communication Center)',
    async () => {
      await server.webhooks.setAllowPrivate(tenant, true);
      const created = await server.call('POST', '/chatbot/configuration', {
        key,
        body: { baseUrl: evolution.baseUrl, apiKey: 'chave-global-1234', instanceName: `clinica-${dialect}` },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ state: 'created', webhookUrl: null, apiKeyHint: '…1234' });
      expect((await server.call('GET', '/chatbot/configuration', { key: otherKey })).status).toBe(404);
      const qr = await server.call('GET', '/communicationCenter/instance/qrcode', { key });
      expect(qr.body.qrCode).toMatch(/^data:image\/png;base64,/);
      expect((await server.call('GET', '/communicationCenter/instance', { key })).body.state).toBe('connecting');
      expect((await server.call('DELETE', '/communicationCenter/instance', { key })).status).toBe(200);
      expect((await server.call('DELETE', '/communicationCenter/instance', { key })).status).toBe(404);
    },
  );

  it.skipIf(skip)('reads a WhatsApp template by name from the provider', async () => {
    expect((await server.call('GET', '/whatsapp/template/clinic_orcamento', { key })).status).toBe(404);
    await server.call('PUT', '/whatsapp/credentials', {
      key,
      body: {
        phoneNumberId: '106540352242922',
        businessAccountId: '102290129340398',
        accessToken: GRAPH_TOKEN,
        appSecret: 'segredo-do-app-de-teste',
        verifyToken: 'verifica-1234',
        baseUrl: graph.baseUrl,
      },
    });
    const res = await server.call('GET', '/whatsapp/template/clinic_orcamento', { key });
    expect(res.body).toEqual({
      name: 'clinic_orcamento',
      status: 'APPROVED',
      language: 'pt_BR',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Olá {{1}}, segue o orçamento {{2}}.' }],
    });
    expect((await server.call('GET', '/whatsapp/template/nao_existe', { key })).status).toBe(404);
    expect((await server.call('GET', '/whatsapp/template/Nome-Invalido', { key })).status).toBe(400);
  });
});
