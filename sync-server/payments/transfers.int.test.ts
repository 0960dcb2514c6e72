/**
 * Transfers out of the digital account with the e-mailed token, against the local double of the
 * documented Asaas API (test-asaas.ts), not Asaas: nothing reaches the provider before the token, the
 * token never replicates (server outbox), a wrong token counts, a resent token voids the old one, and
 * a confirmed transfer is sent once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#core/messaging/message.js';
import { openBudgetFixture, type BudgetFixture } from '../../test/budget/budget-fixture.js';
import { addMember, login } from '../auth/test-server.js';
import { SERVER_TENANT } from '../operation-context.js';
import { startTestAsaas, type TestAsaas } from './test-asaas.js';
import { TRANSFER_TOKEN_TEMPLATE } from './digital-transfers.js';

const API_KEY = '$aact_chaveDeTesteMuitoSecreta_4321';
let f: BudgetFixture;
let asaas: TestAsaas;
let token: string;

const as = (method: string, path: string, body?: unknown) =>
  f.server.call(method, path, { token, ...(body === undefined ? {} : { body }) });
const lastCode = async () => {
  const sent = await f.server.database.forTenant(SERVER_TENANT).collection(outboxMessages).find({ selector: {} });
  const last = sent
    .filter((m) => m.template === TRANSFER_TOKEN_TEMPLATE)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .at(-1)!;
  expect(last.to).toBe('financeiro@clinicasorriso.com.br');
  return String(last.data.token);
};
const transfersSent = () => asaas.requests.filter((r) => r.path === '/v3/transfers');

beforeAll(async () => {
  f = await openBudgetFixture({ apiKeyRatePerMinute: 10_000 });
  asaas = await startTestAsaas(API_KEY);
  await f.call('PUT', '/finance/provider/credentials', {
    apiKey: API_KEY,
    webhookToken: 'token-do-webhook-de-teste-0001',
    baseUrl: asaas.baseUrl,
  });
  await addMember(f.server, f.tenantId, {
    email: 'financeiro@clinicasorriso.com.br',
    password: 'senha-forte-do-financeiro',
    role: 'finance',
    name: 'Beatriz',
  });
  token = (await login(f.server, 'financeiro@clinicasorriso.com.br', 'senha-forte-do-financeiro')).accessToken;
}, 60_000);
afterAll(async () => {
  await asaas?.close();
  await f?.server.close();
});

describe('a transfer out of the digital account', () => {
  it('is refused to an API key: the token needs a person’s inbox', async () => {
    const res = await f.call('POST', '/finance/digitalAccount/transfer', {
      value: 10,
      pixKey: 'ana@exemplo.com.br',
      pixKeyType: 'EMAIL',
      description: 'Repasse',
    });
    expect(res.status).toBe(403);
  });

  it('leaves only with the e-mailed token, once', async () => {
    const asked = await as('POST', '/finance/digitalAccount/transfer', {
      value: 1500,
      pixKey: 'ana@exemplo.com.br',
      pixKeyType: 'EMAIL',
      description: 'Repasse Dra. Ana',
    });
    expect(asked.status).toBe(201);
    const { id } = asked.body.transfer as { id: string };
    const first = await lastCode();
    expect(transfersSent()).toHaveLength(0);
    expect(JSON.stringify(asked.body)).not.toContain(first);

    const wrong = first === '000000' ? '000001' : '000000';
    const bad = await as('POST', `/finance/digitalAccount/transfer/${id}/confirmation`, { token: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ details: [{ path: 'token', message: '4 tentativa(s) restante(s)' }] });

    expect((await as('POST', `/finance/digitalAccount/transfer/${id}/token`)).status).toBe(200);
    const second = await lastCode();
    if (second !== first) {
      const stale = await as('POST', `/finance/digitalAccount/transfer/${id}/confirmation`, { token: first });
      expect(stale.status).toBe(400);
    }
    const done = await as('POST', `/finance/digitalAccount/transfer/${id}/confirmation`, { token: second });
    expect(done.status).toBe(200);
    expect(done.body.transfer).toMatchObject({ status: 'sent', value: 1500, providerStatus: 'PENDING' });
    expect(transfersSent()).toHaveLength(1);
    expect(JSON.parse(transfersSent()[0]!.body)).toMatchObject({
      value: 1500,
      operationType: 'PIX',
      pixAddressKey: 'ana@exemplo.com.br',
      pixAddressKeyType: 'EMAIL',
      externalReference: id,
    });
    const again = await as('POST', `/finance/digitalAccount/transfer/${id}/confirmation`, { token: second });
    expect(again.status).toBe(409);
    expect(transfersSent()).toHaveLength(1);
  });

  it('stops taking tries after the token lapses', async () => {
    const asked = await as('POST', '/finance/digitalAccount/transfer', {
      value: 20,
      pixKey: '52998224725',
      pixKeyType: 'CPF',
      description: 'Reembolso',
    });
    const { id } = asked.body.transfer as { id: string };
    const code = await lastCode();
    f.server.clock.advance(11 * 60_000);
    // The access token lapsed too: log in again, as the person would.
    token = (await login(f.server, 'financeiro@clinicasorriso.com.br', 'senha-forte-do-financeiro')).accessToken;
    const late = await as('POST', `/finance/digitalAccount/transfer/${id}/confirmation`, { token: code });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ details: [{ path: 'token', message: 'código vencido: peça outro' }] });
  });
});
