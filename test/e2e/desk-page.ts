/**
 * Test-only: the web build as an enrolled reception desk in Chromium against a real sync server, the
 * set-up the desk e2e files share: a page that records what went wrong inside it, then sign-in and
 * station enrolment with a code the admin created over REST.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SyncTestServer } from '../sync/sync-fixture.js';

/** How {@link openDeskPage} watches the page. */
export interface DeskPageOptions {
  /**
   * Also count console errors as problems (default true), except failed loads and refused
   * connections: while the server is down those are the scenario, not a bug.
   */
  consoleErrors?: boolean;
  /** Let the page download files (a budget's PDF). */
  acceptDownloads?: boolean;
}

/**
 * Opens a fresh 1440×900 pt-BR context whose desk points at `serverUrl` (unless it saved another
 * one), and a page in it. Uncaught page errors, and console errors per `options`, go to `problems`;
 * the test asserts it empty at the end.
 */
export async function openDeskPage(
  browser: Browser,
  serverUrl: string,
  problems: string[],
  options: DeskPageOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
  });
  await context.addInitScript((url) => {
    if (!localStorage.getItem('clinic.serverUrl')) localStorage.setItem('clinic.serverUrl', url);
  }, serverUrl);
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  if (options.consoleErrors ?? true)
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !text.startsWith('Failed to load resource') && !text.includes('ERR_CONNECTION'))
        problems.push(text);
    });
  return page;
}

/** The admin who signs in on the desk, and the access token the test already holds for them. */
export interface DeskAdmin {
  email: string;
  password: string;
  adminToken: string;
}

/**
 * Signs in at `siteUrl` online, then connects the station as the desk "Recepção 1" with an enrolment
 * code the admin creates over REST (`POST /installation/enrolmentCode`), and waits until the sync
 * indicator says "Sincronizado". `beforeCode` runs on the station set-up screen, before the code
 * exists (a screenshot of it, say).
 */
export async function signInAndEnrol(
  page: Page,
  siteUrl: string,
  server: SyncTestServer,
  admin: DeskAdmin,
  beforeCode?: () => Promise<void>,
): Promise<void> {
  await page.goto(siteUrl);
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Senha').fill(admin.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
  await beforeCode?.();
  const code = await server.call('POST', '/installation/enrolmentCode', {
    token: admin.adminToken,
    body: { name: 'Recepção 1', kind: 'desk' },
  });
  expect(code.status).toBe(201);
  await page.getByLabel('Código de instalação').fill(String(code.body['code']));
  await page.getByRole('button', { name: 'Conectar estação' }).click();
  await page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
}
