/**
 * Online payments end to end on SQLite and PostgreSQL, against a local HTTP server implementing the
 * documented Asaas API v3 endpoints (test-asaas.ts), not against Asaas: credentials sealed, a dynamic
 * PIX charge of a bill to receive, the provider's webhook (over HTTP) paying the bill once however
 * often it comes, a forged webhook refused, a stale charge left for review, the refund, and the
 * digital account's extract.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { payments as paymentRecords } from '#core/finance/payment-record.js';
import { openBudgetFixture, type BudgetFixture } from '../../test/budget/budget-fixture.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';
import { startTestAsaas, type TestAsaas } from './test-asaas.js';

type Json = Record<string, unknown>;
const API_KEY = '$aact_chaveDeTesteMuitoSecreta_4321';
const WEBHOOK_TOKEN = 'token-do-webhook-de-teste-0001';

const pgSkip = skipWithoutPostgres(await postgresUnreachable(), 'PostgreSQL online payment tests');
const engines = pgSkip ? (['sqlite'] as const) : (['sqlite', 'postgresql'] as const);

describe.each(engines)('online payments through the Asaas adapter on %s', (engine) => {
  let f: BudgetFixture;
  let asaas: TestAsaas;
  let http: ServerType;
  let webhookUrl: string;
  let patient: string;
  let digital: string;
  const schema = `test_payments_${randomBytes(4).toString('hex')}`;

  const ok = async (method: string, path: string, body?: unknown, status = 200) => {
    const res = await f.call(method, path, body);
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Json;
  };
  const newBill = async (value: number) =>
    (
      (await ok(
        'POST',
        '/finance/bill',
        { type: 'receivable', value, description: 'Consulta de avaliação', patient, dueDate: '2026-11-30' },
        201,
      )) as { finance: { id: string } }
    ).finance.id;

  beforeAll(async () => {
    const database =
      engine === 'postgresql'
        ? await openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations })
        : undefined;
    f = await openBudgetFixture({ apiKeyRatePerMinute: 10_000 }, database);
    asaas = await startTestAsaas(API_KEY);
    http = serve({ fetch: f.server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => http.once('listening', resolve));
    webhookUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/finance/provider/asaas/webhook/${f.tenantId}`;
    patient = (
      (await ok(
        'POST',
        '/patient/',
        { name: 'João Pereira', cpf: '529.982.247-25', cellPhone: '(11) 98765-4321' },
        201,
      )) as { patient: { id: string } }
    ).patient.id;
    digital = (
      (await ok('POST', '/finance/account', { name: 'Conta digital Asaas', kind: 'digital' }, 201)) as {
        account: { id: string };
      }
    ).account.id;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await asaas?.close();
    await f?.server.close();
    if (engine === 'postgresql') await dropSchema(schema);
  });

  it('refuses online payment until the provider is configured, then keeps its secrets sealed', async () => {
    expect(await ok('GET', '/finance/provider/status')).toEqual({ configured: false });
    const bill = await newBill(10);
    const early = await f.call('POST', `/finance/bill/${bill}/onlinePayment`, { method: 'pix' });
    expect(early.status).toBe(409);
    const saved = await ok('PUT', '/finance/provider/credentials', {
      apiKey: API_KEY,
      webhookToken: WEBHOOK_TOKEN,
      baseUrl: asaas.baseUrl,
      account: digital,
    });
    expect(saved).toMatchObject({ configured: true, apiKeyHint: '…4321', account: digital });
    const status = await ok('GET', '/finance/provider/status');
    expect(JSON.stringify(status)).not.toContain(API_KEY);
    expect(JSON.stringify(status)).not.toContain(WEBHOOK_TOKEN);
    const row = await f.server.payments.db.selectFrom('payment_credentials').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(API_KEY);
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_TOKEN);
  });

  it('a dynamic PIX charge is paid by the webhook exactly once', async () => {
    const bill = await newBill(180.5);
    const made = (await ok('POST', `/finance/bill/${bill}/onlinePayment`, { method: 'pix' }, 201)) as {
      charge: { id: string; value: number; status: string };
      pix: { payload: string; encodedImage: string };
      invoiceUrl: string;
    };
    expect(made.charge).toMatchObject({ value: 180.5, status: 'pending' });
    expect(made.pix.payload).toMatch(/^000201/);
    const sent = asaas.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments').at(-1)!;
    expect(JSON.parse(sent.body)).toMatchObject({ billingType: 'PIX', value: 180.5, externalReference: bill });
    expect(sent.headers.access_token).toBe(API_KEY);
    const customer = JSON.parse(asaas.requests.find((r) => r.path === '/v3/customers')!.body) as Json;
    expect(customer).toMatchObject({ cpfCnpj: '52998224725', externalReference: patient });

    expect(await asaas.pay(made.charge.id, webhookUrl, 'token-errado-de-alguem-0000')).toBe(403);
    expect(((await ok('GET', `/finance/bill/${bill}`)) as { status: string }).status).toBe('open');

    const twice = await Promise.all([
      asaas.pay(made.charge.id, webhookUrl, WEBHOOK_TOKEN),
      asaas.pay(made.charge.id, webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_CONFIRMED'),
    ]);
    expect(twice).toEqual([200, 200]);
    expect(await asaas.pay(made.charge.id, webhookUrl, WEBHOOK_TOKEN)).toBe(200);
    expect(await ok('GET', `/finance/bill/${bill}`)).toMatchObject({ status: 'paid', open: 0, paid: 180.5 });
    const stored = await f.server.database
      .forTenant(f.tenantId)
      .collection(paymentRecords)
      .find({ selector: { bill } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ method: 'pix', receivedCentavos: 18050, account: digital });
    const charges = (await ok('GET', `/finance/bill/${bill}/onlinePayment`)) as { items: Json[] };
    expect(charges.items).toEqual([expect.objectContaining({ status: 'received', payment: stored[0]!.id })]);
  });

  it('a paid charge that no longer fits its bill is left for a person, never paid twice', async () => {
    const bill = await newBill(90);
    const made = (await ok('POST', `/finance/bill/${bill}/onlinePayment`, { method: 'creditCard' }, 201)) as {
      charge: { id: string };
      invoiceUrl: string;
    };
    expect(made.invoiceUrl).toMatch(/^https:\/\//);
    // Meanwhile the reception took it in cash.
    await ok('POST', `/finance/bill/${bill}/payment`, { method: 'cash' }, 201);
    expect(await asaas.pay(made.charge.id, webhookUrl, WEBHOOK_TOKEN)).toBe(200);
    const charges = (await ok('GET', `/finance/bill/${bill}/onlinePayment`)) as { items: Json[] };
    expect(charges.items[0]).toMatchObject({ status: 'review' });
    expect(charges.items[0]!.problem).toContain('quitada');
    expect(await ok('GET', `/finance/bill/${bill}`)).toMatchObject({ paid: 90 });
  });

  it('refunds a received charge at the provider and reverses its payment; the extract shows both', async () => {
    const bill = await newBill(75);
    const made = (await ok('POST', `/finance/bill/${bill}/onlinePayment`, { method: 'pix' }, 201)) as {
      charge: { id: string };
    };
    const pending = await f.call('POST', `/finance/bill/${bill}/refund`, { charge: made.charge.id, reason: 'teste' });
    expect(pending.status).toBe(409);
    await asaas.pay(made.charge.id, webhookUrl, WEBHOOK_TOKEN);
    const refunded = await ok('POST', `/finance/bill/${bill}/refund`, {
      charge: made.charge.id,
      reason: 'Consulta desmarcada pela clínica',
    });
    expect(refunded).toMatchObject({ charge: { status: 'refunded', providerStatus: 'REFUNDED' } });
    expect(await ok('GET', `/finance/bill/${bill}`)).toMatchObject({ status: 'open', open: 75 });
    const extract = (await ok('GET', '/finance/digitalAccount/extract?from=2026-11-01&to=2026-11-30&limit=100')) as {
      items: { value: number; type: string; charge?: string }[];
    };
    expect(extract.items.filter((t) => t.charge === made.charge.id).map((t) => [t.type, t.value])).toEqual([
      ['PAYMENT_RECEIVED', 75],
      ['PAYMENT_REVERSAL', -75],
    ]);
  });

  it('refunds part of a received charge at the provider, reopening the bill by it; the rest later', async () => {
    const bill = await newBill(120);
    const made = (await ok('POST', `/finance/bill/${bill}/onlinePayment`, { method: 'pix' }, 201)) as {
      charge: { id: string };
    };
    await asaas.pay(made.charge.id, webhookUrl, WEBHOOK_TOKEN);
    const tooMuch = await f.call('POST', `/finance/bill/${bill}/refund`, {
      charge: made.charge.id,
      value: 120.01,
      reason: 'demais',
    });
    expect(tooMuch.status).toBe(400);
    const partial = await ok('POST', `/finance/bill/${bill}/refund`, {
      charge: made.charge.id,
      value: 45.5,
      reason: 'Um dos procedimentos não foi feito',
    });
    expect(partial).toMatchObject({ charge: { status: 'received' } });
    expect(await ok('GET', `/finance/bill/${bill}`)).toMatchObject({ status: 'partial', paid: 74.5, open: 45.5 });
    const rest = await ok('POST', `/finance/bill/${bill}/refund`, { charge: made.charge.id, reason: 'Desistência' });
    expect(rest).toMatchObject({ charge: { status: 'refunded', providerStatus: 'REFUNDED' } });
    expect(await ok('GET', `/finance/bill/${bill}`)).toMatchObject({ status: 'open', paid: 0, open: 120 });
    const extract = (await ok('GET', '/finance/digitalAccount/extract?from=2026-11-01&to=2026-11-30&limit=100')) as {
      items: { value: number; type: string; charge?: string }[];
    };
    expect(extract.items.filter((t) => t.charge === made.charge.id).map((t) => [t.type, t.value])).toEqual([
      ['PAYMENT_RECEIVED', 120],
      ['PAYMENT_REVERSAL', -45.5],
      ['PAYMENT_REVERSAL', -74.5],
    ]);
    const sent = asaas.requests
      .filter((r) => r.path === `/v3/payments/${made.charge.id}/refund`)
      .map((r) => JSON.parse(r.body) as unknown);
    expect(sent).toEqual([
      { value: 45.5, description: 'Um dos procedimentos não foi feito' },
      { value: 74.5, description: 'Desistência' },
    ]);
  });

  it('answers the provider’s refusal with its reason and no secret; a payer without CPF is refused here', async () => {
    const res = await f.call('POST', `/finance/bill/${await newBill(3)}/onlinePayment`, { method: 'bankSlip' });
    expect(res.status).toBe(400);
    expect((res.body.error as { message: string }).message).toContain('R$ 5,00');
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);
    const noCpf = await ok(
      'POST',
      '/finance/bill',
      { type: 'receivable', value: 20, description: 'Consulta', patient: f.refs.patient, dueDate: '2026-11-30' },
      201,
    );
    const refused = await f.call('POST', `/finance/bill/${(noCpf.finance as { id: string }).id}/onlinePayment`, {
      method: 'pix',
    });
    expect(refused.status).toBe(400);
    expect((refused.body.error as { details: unknown[] }).details).toEqual([
      { path: 'patient', message: 'paciente sem CPF' },
    ]);
  });
});
