import fs from 'node:fs';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { launchChromium } from './browser.js';
import { listenLocal, serveDirectory, type LocalServer } from './http.js';
import { ensureRendererBuilt, REPO_ROOT } from './renderer-build.js';

const SCREENSHOTS = path.join(REPO_ROOT, 'test-results');
const EMAIL = 'ana.souza@sorriso.com.br';
const PASSWORD = 'senha comprida da recepção';
const WHO = 'Admin Clínica Sorriso · Administrador(a)';

let browser: Browser;
let site: LocalServer;
let server: TestServer;
let api: LocalServer;

beforeAll(async () => {
  site = await serveDirectory(await ensureRendererBuilt());
  browser = await launchChromium();
  server = await startTestServer();
  await seedAccount(server, 'Clínica Sorriso', { email: EMAIL, password: PASSWORD });
  const listener = getRequestListener(server.app.fetch);
  api = await listenLocal((request, response) => void listener(request, response));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close().catch(() => undefined);
  await server?.close();
});

async function screenshot(page: Page, name: string): Promise<void> {
  // Let the submit button's loader fade out (Mantine animates it) so the picture shows the settled form.
  await page.locator('button[type=submit][data-loading]').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, name) });
}

/** Types the credentials with the keyboard only and presses Enter. */
async function typeLogin(page: Page, email: string, password: string): Promise<void> {
  const emailField = page.getByLabel('E-mail');
  await emailField.waitFor();
  await emailField.fill('');
  await emailField.focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

describe('signing in at the desk, in Chromium against the real server', () => {
  it('refuses a wrong password, signs in online, then offline with the server down', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    await context.addInitScript((url) => localStorage.setItem('clinic.serverUrl', url), api.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // Refused connections and 4xx answers are the scenario; CSP violations and React errors are bugs.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    await page.goto(site.url);

    // Nothing but the form before signing in: no navigation to patient data.
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Servidor: conectado' }).waitFor({ timeout: 10_000 });

    await typeLogin(page, 'ana.souza', PASSWORD);
    await page.getByText('Informe um e-mail válido').waitFor();

    await typeLogin(page, EMAIL, 'senha errada');
    await page.getByRole('alert').filter({ hasText: 'E-mail ou senha inválidos' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'login-refused.png');

    await typeLogin(page, EMAIL, PASSWORD);
    await page.getByText(WHO).waitFor({ timeout: 20_000 });
    // An administrator sees eleven sections, Estoque, Caixa, Contas, Faturamento and Administração included (side bar, grouped).
    expect(await page.getByRole('navigation').getByRole('button').count()).toBe(11);
    await screenshot(page, 'login-online.png');

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByLabel('E-mail').waitFor();

    // The internet goes down: the desk still lets the same person in with the same password.
    await api.close();
    await page.getByRole('status').filter({ hasText: 'Servidor: offline' }).waitFor({ timeout: 30_000 });
    await typeLogin(page, EMAIL, 'senha errada');
    await page.getByRole('alert').filter({ hasText: 'E-mail ou senha inválidos' }).waitFor({ timeout: 20_000 });
    await typeLogin(page, EMAIL, PASSWORD);
    await page.getByText(WHO).waitFor({ timeout: 20_000 });
    await page.getByTestId('header-offline').filter({ hasText: 'Offline' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'login-offline.png');

    // A reload keeps the person signed in (same window).
    await page.reload();
    await page.getByText(WHO).waitFor({ timeout: 10_000 });
    await page.getByTestId('header-offline').waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a desk that never met this person to connect for the first sign-in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    await context.addInitScript(() => localStorage.setItem('clinic.serverUrl', 'http://127.0.0.1:9'));
    const page = await context.newPage();
    await page.goto(site.url);
    await typeLogin(page, EMAIL, PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'Conecte-se para o primeiro acesso' }).waitFor({ timeout: 15_000 });
    await context.close();
  });
});
