/**
 * Sending a budget to the patient from an enrolled desk in headless Chromium, against the real
 * server (SQLite file) with its delivery worker and a recording WhatsApp provider: the desk's
 * `budget.send` queues the message in its own outbox, sync pushes it, the worker sends it (the PDF
 * attached) and its status comes back to the desk. A first send fails for good and shows why; sent
 * again while the desk is offline it waits ("Na fila; será enviado quando houver conexão") and goes
 * once the server is back. Then the PDF dialog shows the desk's preview and prints it. Screenshots
 * go to test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock.js';
import { startDelivery, type Delivery } from '../../sync-server/messaging/delivery.js';
import { SendFailure } from '../../sync-server/messaging/providers.js';
import { recordingWhatsApp, type RecordingWhatsApp } from '../../sync-server/messaging/whatsapp-recording.js';
import { seedAdmin, startSyncServer, type SyncTestServer } from '../sync/sync-fixture.js';
import { switchableApi, type SwitchableApi } from './api-listener.js';
import { launchChromium } from './browser.js';
import { serveDirectory, type LocalServer } from './http.js';
import { ensureRendererBuilt, REPO_ROOT } from './renderer-build.js';

const SCREENSHOTS = path.join(REPO_ROOT, 'test-results');
const EMAIL = 'admin@clinicaaurora.test';
const PASSWORD = 'senha-muito-segura-1';

let browser: Browser;
let site: LocalServer;
let server: SyncTestServer;
let api: SwitchableApi;
let delivery: Delivery;
let whatsapp: RecordingWhatsApp;
let token: string;
let budgetNumber: number;
let page: Page;
const problems: string[] = [];

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(400);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, name) });
}

beforeAll(async () => {
  site = await serveDirectory(await ensureRendererBuilt());
  browser = await launchChromium();
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clinica Aurora');
  token = admin.token;
  const clinic = await server.call('POST', '/clinic/', { token, body: { name: 'Clínica Aurora' } });
  expect(clinic.status).toBe(201);
  const patient = await server.call('POST', '/patient/', {
    token,
    body: {
      name: 'Maria Aparecida da Silva',
      cpf: '52998224725',
      cellPhone: '(11) 98765-4321',
      email: 'maria@exemplo.com.br',
      insurances: [],
    },
  });
  expect(patient.status).toBe(201);
  const event = await server.call('POST', '/event/', {
    token,
    body: { name: 'Restauração em resina', type: 'procedure' },
  });
  expect(event.status).toBe(201);
  const eventId = (event.body['event'] as { id: string }).id;
  const budget = await server.call('POST', '/budget/', {
    token,
    body: {
      patient: (patient.body['patient'] as { id: string }).id,
      clinic: (clinic.body['clinic'] as { id: string }).id,
      items: [
        {
          typeModel: 'Event',
          event: eventId,
          item: eventId,
          type: 'procedure',
          quantity: 1,
          valueUnity: 233.33,
          totalValue: 233.33,
          tooth: '36',
          toothFace: ['O'],
        },
      ],
      paymentInformation: { quantity: 2, method: 'pix' },
    },
  });
  expect(budget.status).toBe(201);
  budgetNumber = (budget.body['budget'] as { budgetNumber: number }).budgetNumber;

  whatsapp = recordingWhatsApp();
  // The server's own worker, as `npm run server` starts it, with the WhatsApp double as provider.
  delivery = startDelivery({
    database: server.database,
    tenants: () => Promise.resolve([admin.tenantId]),
    providers: { whatsapp },
    clock: systemClock,
    logger: pino({ level: 'silent' }),
    intervalMs: 300,
  });
  api = await switchableApi(server.app);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  await context.addInitScript((url) => {
    if (!localStorage.getItem('clinic.serverUrl')) localStorage.setItem('clinic.serverUrl', url);
  }, api.url);
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await delivery?.stop();
  await api?.stop();
  await server?.close();
});

describe('sending a budget to the patient from an enrolled desk', () => {
  it('shows a failed send with its reason, queues the next offline, sends it once online, and previews and prints the budget', async () => {
    await page.goto(site.url);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
    const code = await server.call('POST', '/installation/enrolmentCode', {
      token,
      body: { name: 'Recepção 1', kind: 'desk' },
    });
    expect(code.status).toBe(201);
    await page.getByLabel('Código de instalação').fill(String(code.body['code']));
    await page.getByRole('button', { name: 'Conectar estação' }).click();
    await page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Orçamentos', exact: true }).click();
    const row = page.getByRole('table', { name: 'Orçamentos' }).getByRole('row').filter({ hasText: 'Maria Aparecida' });
    await row.waitFor({ timeout: 30_000 });

    // First send: the number has no WhatsApp, the provider refuses for good; the desk shows why.
    whatsapp.failWith(new SendFailure('Número sem WhatsApp', true, 'not_on_whatsapp'), 1);
    await row.getByRole('button', { name: 'Enviar ao paciente' }).click();
    const dialog = page.getByRole('dialog', { name: `Enviar o orçamento nº ${budgetNumber} ao paciente` });
    await dialog.getByText('WhatsApp', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'WhatsApp' }).isChecked()).toBe(true);
    const to = dialog.getByLabel('Celular (WhatsApp)');
    // As the desk reads it, not E.164 (issue 20); sent as E.164.
    expect(await to.inputValue()).toBe('(11) 98765-4321');
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await dialog.getByText('Não foi enviado: Número sem WhatsApp').waitFor({ timeout: 30_000 });
    await row.getByTestId('budget-send-state').filter({ hasText: 'Envio falhou' }).waitFor();
    await shot('budget-send-failed.png');

    // Offline, sent again to a corrected number as people type it: queued on the desk.
    await api.stop();
    await page.getByTestId('sync-indicator').filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });
    await to.fill('(11) 91234-5678');
    await dialog.getByRole('button', { name: 'Enviar de novo' }).click();
    await dialog.getByText('Na fila; será enviado quando houver conexão.').waitFor({ timeout: 30_000 });
    await row.getByTestId('budget-send-state').filter({ hasText: 'Na fila' }).waitFor();
    await shot('budget-send-queued-offline.png');
    expect(whatsapp.sent).toHaveLength(0);

    // Back online: sync pushes it, the worker sends it with the PDF, and the status syncs back.
    await api.start();
    await dialog.getByText(/^Enviado em /).waitFor({ timeout: 60_000 });
    await row.getByTestId('budget-send-state').filter({ hasText: 'Enviado' }).waitFor();
    await shot('budget-send-sent.png');
    expect(whatsapp.sent).toHaveLength(1);
    expect(whatsapp.sent[0]).toMatchObject({ to: '+5511912345678' });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await shot('budget-send-list.png');

    // The PDF dialog: the server's file to download, and the desk's preview to print.
    await row.getByRole('button', { name: 'PDF' }).click();
    const pdf = page.getByRole('dialog', { name: `Orçamento nº ${budgetNumber} em PDF` });
    await pdf.getByTestId('budget-pdf-name').waitFor({ timeout: 30_000 });
    const frame = pdf.locator(`iframe[title="Pré-visualização do orçamento nº ${budgetNumber}"]`);
    const preview = frame.contentFrame();
    await preview.getByText(`ORÇAMENTO Nº ${budgetNumber}`).waitFor();
    await preview.getByText('Restauração em resina').waitFor();
    await preview.getByText('Dente 36').waitFor();
    // The browser's print of the frame is a system dialog: the test counts the call instead.
    await frame.evaluate((element: HTMLIFrameElement) => {
      const target = element.contentWindow as unknown as { print: () => void; printed?: number } | null;
      if (!target) return;
      target.print = () => {
        target.printed = (target.printed ?? 0) + 1;
      };
    });
    await pdf.getByRole('button', { name: 'Imprimir' }).click();
    const printed = await frame.evaluate(
      (element: HTMLIFrameElement) => (element.contentWindow as unknown as { printed?: number }).printed,
    );
    expect(printed).toBe(1);
    await shot('budget-preview.png');
    expect(problems).toEqual([]);
  }, 240_000);

  it('in the desktop app prints the preview through the bridge, and on the demonstration says the queue goes nowhere', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    // The Electron preload's bridge, as the renderer sees it: print(html) records what it was given.
    await context.addInitScript(() => {
      const printed: string[] = [];
      Object.assign(window, {
        printedHtml: printed,
        clinic: {
          version: '9.9.9',
          print: (html?: string) => {
            printed.push(html ?? '');
            return Promise.resolve({ ok: true });
          },
          printer: () => Promise.resolve('Balcão'),
          kiosk: { isKiosk: () => Promise.resolve(false), exit: () => Promise.resolve({ ok: false, reason: 'unset' }) },
        },
      });
    });
    const desk = await context.newPage();
    desk.on('pageerror', (error) => problems.push(error.message));
    await desk.goto(site.url);
    await desk.getByRole('button', { name: 'Experimente a clínica de demonstração' }).click();
    await desk.getByRole('button', { name: 'Orçamentos', exact: true }).click({ timeout: 30_000 });
    const row = desk.getByRole('table', { name: 'Orçamentos' }).getByRole('row').filter({ hasText: 'Maria Aparecida' });
    await row.first().waitFor({ timeout: 30_000 });

    await row.first().getByRole('button', { name: 'PDF' }).click();
    const pdf = desk.getByRole('dialog', { name: /em PDF$/ });
    await pdf.getByText('Imprime em: Balcão').waitFor();
    await pdf.getByRole('button', { name: 'Imprimir' }).click();
    await desk.waitForFunction(() => (window as unknown as { printedHtml: string[] }).printedHtml.length === 1);
    const html = await desk.evaluate(() => (window as unknown as { printedHtml: string[] }).printedHtml[0]);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('ORÇAMENTO Nº');
    expect(html).toContain('Maria Aparecida da Silva');
    await desk.keyboard.press('Escape');

    await row.first().getByRole('button', { name: 'Enviar ao paciente' }).click();
    const send = desk.getByRole('dialog', { name: /ao paciente$/ });
    // The demo's patients have no e-mail: the core says so under the field; WhatsApp has their mobile.
    await send.getByRole('button', { name: 'Enviar', exact: true }).click();
    await send.getByText('paciente sem e-mail: informe to').waitFor();
    await send.getByText('WhatsApp', { exact: true }).click();
    expect(await send.getByLabel('Celular (WhatsApp)').inputValue()).toMatch(/^\(11\) 9\d{4}-\d{4}$/);
    await send.getByRole('button', { name: 'Enviar', exact: true }).click();
    await send.getByText('Na fila desta demonstração: sem servidor, nada sai daqui.').waitFor();
    await row.first().getByTestId('budget-send-state').filter({ hasText: 'Na fila' }).waitFor();
    page = desk;
    await shot('budget-send-demo.png');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
