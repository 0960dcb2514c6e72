/**
 * The appointment panel's "Autorização do convênio" (issue 25, TISS-026..032, UI-094..096), in
 * headless Chromium against the real server (SQLite file) and the local insurer answering the ANS TISS
 * web services (sync-server/billing/test-insurer.ts): the reception requests a procedure (em análise),
 * asks its status (autorizado, with the password and its validity) and sends the token to the patient;
 * a second request while the insurer is down says so and is authorized by hand (contingência). Every
 * message the insurer received passed the ANS schema with its item 115 hash. Screenshots at 1366×768
 * and 1024×768 go to test-results/procedure-request/.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMember, login, seedAccount } from '../../sync-server/auth/test-server.js';
import { DEFAULT_ANSWERS, startTestInsurer, type TestInsurer } from '../../sync-server/billing/test-insurer.js';
import type { SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';

const RECEPTION = { email: 'recepcao@clinicaaurora.test', password: 'senha-muito-segura-2' };
const HEMOGRAMA = '40304361';

const env = deskEnvironment();
let page: Page;
let insurer: TestInsurer;
const problems: string[] = [];

/** A clinic, an insurer with its TISS connection, a professional with council and CBO, a patient with the card, and today's appointment at 08:00. */
async function seed(server: SyncTestServer, token: string, tenantId: string, insurerUrl: string) {
  const created = async (method: string, path: string, body: unknown) => {
    const res = await server.call(method, path, { token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body as Record<string, { id: string }>;
  };
  const clinic = (
    await created('POST', '/clinic/', { name: 'Clínica Aurora', cnpj: '11.222.333/0001-81', cnes: '1234567' })
  ).clinic!.id;
  const event = (
    await created('POST', '/event/', {
      name: 'Consulta em consultório',
      code: '10101012',
      tissTable: '22',
      type: 'consultation',
    })
  ).event!.id;
  const insurance = (await created('POST', '/insurance/', { name: 'Saúde Exemplo', ansRegistry: '123456', plans: [] }))
    .insurance!.id;
  await created('PUT', `/insurance/${insurance}/tiss/integration`, {
    baseUrl: insurerUrl,
    login: 'clinica.aurora',
    password: 'segredo',
  });
  await created('POST', '/materialOrExam/import', {
    items: [{ tussTable: '22', code: HEMOGRAMA, name: 'Hemograma com contagem de plaquetas', unit: 'UN' }],
  });
  const specialty = (await created('POST', '/specialty/', { name: 'Clínica médica', cbo: '225125' })).specialty!.id;
  const professional = await addMember(server, tenantId, {
    email: 'ana@clinicaaurora.test',
    password: 'senha-muito-segura-3',
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  await created('PUT', `/user/${professional}`, {
    name: 'Dra. Ana Lima',
    council: 'CRM',
    councilNumber: '123456',
    councilState: 'SP',
    specialties: [specialty],
  });
  const patient = (
    await created('POST', '/patient/', {
      name: 'Helena Prado',
      cellPhone: '+5511987654321',
      insurances: [{ insurance, identificationOnInsurance: '0012345678901' }],
    })
  ).patient!.id;
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  await created('POST', '/appointment/', {
    clinic,
    patient,
    professional,
    events: [event],
    insurance,
    start: `${today}T08:00:00-03:00`,
    end: `${today}T08:30:00-03:00`,
  });
}

beforeAll(async () => {
  const server = env.server;
  const admin = { email: 'admin@clinicaaurora.test', password: 'senha-muito-segura-1' };
  const { tenantId } = await seedAccount(server, 'Clinica Aurora', admin);
  const adminToken = (await login(server, admin.email, admin.password)).accessToken;
  await addMember(server, tenantId, { ...RECEPTION, role: 'reception', name: 'Rita da Recepção' });
  insurer = await startTestInsurer();
  await seed(server, adminToken, tenantId, insurer.url);
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndEnrol(page, env.site.url, server, { ...RECEPTION, adminToken });
}, 180_000);

afterAll(() => insurer?.close());

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    console.log('page problems', problems);
    await shot(page, 'procedure-request/failed.png');
  }
});

const panel = () => page.getByRole('region', { name: 'Autorização do convênio' });

async function both(name: string) {
  await shot(page, `procedure-request/${name}.png`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, `procedure-request/${name}-1024.png`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function request(code: string, description: string, indication: string, picture?: string) {
  await panel().getByRole('button', { name: 'Solicitar procedimentos' }).click();
  const form = panel().getByTestId('request-form');
  await form.getByLabel('Código TUSS').fill(code);
  if (description) await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Indicação clínica').fill(indication);
  if (picture) await both(picture);
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
}

describe('Autorização do convênio in the appointment panel', () => {
  it('requests a procedure, asks its status and sends the token to the patient', async () => {
    await page.getByRole('button', { name: /^08:00, Dra\. Ana Lima: Helena Prado/ }).click({ timeout: 30_000 });
    await page.getByTestId('appointment-panel').waitFor();
    await panel().getByText('Nenhuma solicitação de autorização neste atendimento.').waitFor({ timeout: 30_000 });

    await request(HEMOGRAMA, '', 'Investigação de anemia', 'request-form');
    const guide = panel()
      .getByRole('group', { name: /^Guia \d+$/ })
      .first();
    await guide.getByTestId('request-status').filter({ hasText: 'em análise' }).waitFor({ timeout: 30_000 });
    expect(await guide.textContent()).toContain(`${HEMOGRAMA} · Hemograma com contagem de plaquetas × 1`);
    expect(insurer.requests.at(-1)).toMatchObject({ root: 'solicitacaoProcedimentoWS', problems: [], hashOk: true });

    await guide.getByRole('button', { name: 'Consultar status' }).click();
    await guide.getByTestId('request-status').filter({ hasText: 'autorizado' }).waitFor({ timeout: 30_000 });
    expect(await guide.getByTestId('request-password').textContent()).toBe('Senha SENHA4142 · válida até 27/12/2026');
    expect(insurer.requests.at(-1)).toMatchObject({ problems: [], hashOk: true });

    await panel().getByLabel('Canal').selectOption('sms');
    await panel().getByRole('button', { name: 'Enviar token ao paciente' }).click();
    await panel().getByText('Token na fila de envio para (11) 98765-4321.').waitFor({ timeout: 30_000 });
    const list = panel().getByRole('list', { name: 'Interações com o convênio' });
    await list.getByText('Token do convênio enviado ao paciente por SMS').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3);
    await panel().getByRole('button', { name: 'Consultar status' }).scrollIntoViewIfNeeded();
    await both('authorized');
  }, 120_000);

  it('says the insurer is down on a second request and takes the password by hand', async () => {
    delete insurer.answers.solicitacaoProcedimentoWS;
    try {
      await request('31009069', 'Colecistectomia com colangiografia', 'Colelitíase sintomática');
      await panel()
        .getByText(/A operadora não foi alcançada: a solicitação \d+ ficou salva/)
        .waitFor({ timeout: 30_000 });
    } finally {
      insurer.answers.solicitacaoProcedimentoWS = DEFAULT_ANSWERS.solicitacaoProcedimentoWS!;
    }
    const guide = panel()
      .getByRole('group', { name: /^Guia \d+$/ })
      .filter({ hasText: 'Colecistectomia' });
    await guide.getByTestId('request-status').filter({ hasText: 'não enviada' }).waitFor({ timeout: 30_000 });
    const form = guide.getByRole('form', { name: 'Autorizar manualmente (contingência)' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Registrar autorização' }).click();
    await form.getByText('informe o motivo da contingência').waitFor();
    await form.scrollIntoViewIfNeeded();
    await both('contingency');

    await form.getByLabel('Senha de autorização').fill('TEL998877');
    await form.getByLabel('Nº da guia na operadora').fill('OP77');
    await form.getByLabel('Motivo da contingência').fill('Web service fora do ar; senha dada por telefone');
    await form.getByRole('button', { name: 'Registrar autorização' }).click();
    await guide.getByTestId('request-status').filter({ hasText: 'autorizado' }).waitFor({ timeout: 30_000 });
    expect(await guide.getByTestId('request-password').textContent()).toBe('Senha TEL998877 · manual (contingência)');
    const list = panel().getByRole('list', { name: 'Interações com o convênio' });
    await list.getByText(/Autorização manual em contingência \(senha TEL998877\)/).waitFor();
    // Never sent, so nothing to ask the insurer; the newest request comes first.
    expect(await guide.getByRole('button', { name: 'Consultar status' }).count()).toBe(0);
    expect(
      await panel()
        .getByRole('group', { name: /^Guia \d+$/ })
        .first()
        .textContent(),
    ).toContain('Colecistectomia');
    expect(await list.getByText('(falhou)', { exact: false }).count()).toBe(1);
    await guide.scrollIntoViewIfNeeded();
    await both('manual');
  }, 120_000);

  it('says the authorizations need the server while it is away, and shows them again when it is back', async () => {
    await env.api.stop();
    try {
      await page.getByTestId('header-offline').waitFor({ timeout: 60_000 });
      await page
        .getByTestId('insurance-authorization')
        .getByText(/As autorizações do convênio passam pelo servidor/)
        .waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: 'Solicitar procedimentos' }).count()).toBe(0);
      await page.getByTestId('insurance-authorization').scrollIntoViewIfNeeded();
      await shot(page, 'procedure-request/offline.png');
    } finally {
      await env.api.start();
    }
    await panel()
      .getByRole('group', { name: /^Guia \d+$/ })
      .first()
      .waitFor({ timeout: 60_000 });
    expect(
      await panel()
        .getByRole('group', { name: /^Guia \d+$/ })
        .count(),
    ).toBe(2);
    expect(problems.filter((p) => !/Failed to fetch|ERR_CONNECTION_REFUSED|net::/.test(p))).toEqual([]);
  }, 180_000);
});
