import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startFakeSyncServer, unusedLocalUrl } from './http.js';
import { shot } from './screenshot.js';
import { servedRenderer } from './served-renderer.js';

const NAV = [
  'Agenda',
  'Lista de espera',
  'Pacientes',
  'Orçamentos',
  'Estoque',
  'Caixa',
  'Contas',
  'Conflitos e recusas',
  'Configurações',
];
const ONLINE = 'Servidor: conectado';
const OFFLINE = 'Servidor: offline — trabalhando localmente';

const RECEPTIONIST = {
  mode: 'offline',
  user: { id: 'u1', tenantId: 't1', name: 'Beatriz Lima', email: 'beatriz@sorriso.com.br', role: 'reception' },
};

const served = servedRenderer();

/** What went wrong inside the page: uncaught errors and CSP violations (both only show in the console). */
interface PageProblems {
  errors: string[];
}

/**
 * Opens the shell in a fresh 1280x800 context (fresh localStorage), pointing it at `serverUrl`.
 * @param locale the browser language; the app derives its own language from it.
 */
async function openShell(serverUrl: string, locale = 'pt-BR'): Promise<{ page: Page; problems: PageProblems }> {
  const context = await served.browser().newContext({ viewport: { width: 1280, height: 800 }, locale });
  // A receptionist who signed in earlier in this window (the login itself is login.int.test.ts's).
  await context.addInitScript(
    ([key, session]) => {
      try {
        sessionStorage.setItem(key, session);
      } catch {
        // about:blank has no storage.
      }
    },
    ['clinic.session', JSON.stringify(RECEPTIONIST)] as const,
  );
  // Runs before the app's scripts on every document, like a user who saved the URL in settings earlier.
  await context.addInitScript(
    ([key, url]) => {
      try {
        localStorage.setItem(key, url);
      } catch {
        // about:blank has no storage; only the app page matters.
      }
    },
    ['clinic.serverUrl', serverUrl] as const,
  );
  const page = await context.newPage();
  const problems: PageProblems = { errors: [] };
  page.on('pageerror', (error) => problems.errors.push(error.message));
  page.on('console', (message) => {
    // A refused connection to a down server is expected noise; anything else (CSP, React) is a bug.
    if (message.type() === 'error' && !message.text().includes('net::ERR_CONNECTION_REFUSED')) {
      problems.errors.push(message.text());
    }
  });
  await page.goto(served.siteUrl());
  return { page, problems };
}

/** Waits until the status line shows `text` (the health check is asynchronous). */
async function statusShows(page: Page, text: string): Promise<string | null> {
  const status = page.getByRole('status');
  await status.filter({ hasText: text }).waitFor({ timeout: 10_000 });
  return status.textContent();
}

describe('application shell in Chromium', () => {
  it('shows the pt-BR shell: product name, navigation, current area', async () => {
    const { page, problems } = await openShell(await unusedLocalUrl());
    expect(await page.title()).toBe('Clinic');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Clinic');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    expect(await nav.getByRole('button').allTextContents()).toEqual(NAV);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Agenda');
    expect(await page.getByText('Versão web').count()).toBe(1);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('reaches every navigation button with Tab and switches area with Enter', async () => {
    const { page } = await openShell(await unusedLocalUrl());
    // Under load the first Tab can arrive before the page has rendered or holds focus.
    await page.getByRole('button', { name: NAV[0] }).waitFor();
    await page.bringToFront();
    const focused: string[] = [];
    // The header first (the side bar's toggle, signing out), then the side bar's sections in order.
    const header = ['BUTTON:Mostrar ou ocultar o menu', 'BUTTON:Sair'];
    for (let i = 0; i < header.length + NAV.length; i++) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate(
          () =>
            `${document.activeElement?.tagName}:${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent}`,
        ),
      );
    }
    expect(focused).toEqual([...header, ...NAV.map((label) => `BUTTON:${label}`)]);

    // Back past "Conflitos e recusas", "Contas", "Caixa" and "Estoque" to "Orçamentos".
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Orçamentos');
    expect(await page.getByRole('button', { name: 'Orçamentos' }).getAttribute('aria-current')).toBe('page');
    await page.context().close();
  });

  it('says offline, working locally, when no server answers', async () => {
    const { page, problems } = await openShell(await unusedLocalUrl());
    expect(await statusShows(page, OFFLINE)).toBe(OFFLINE);
    await shot(page, 'shell-offline.png');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('says connected when the configured server answers /health', async () => {
    const server = await startFakeSyncServer();
    try {
      const { page, problems } = await openShell(server.url);
      expect(await statusShows(page, ONLINE)).toBe(ONLINE);
      expect(server.requests).toContain('GET /health');
      // Focus a button so the screenshot also shows the keyboard focus ring.
      await page.keyboard.press('Tab');
      await shot(page, 'shell.png');
      expect(problems.errors).toEqual([]);
      await page.context().close();
    } finally {
      await server.close();
    }
  });

  it('stays offline when something answers /health without status ok', async () => {
    const server = await startFakeSyncServer({ status: 'starting' });
    try {
      const { page } = await openShell(server.url);
      expect(await statusShows(page, OFFLINE)).toBe(OFFLINE);
      await page.context().close();
    } finally {
      await server.close();
    }
  });

  it('speaks pt-BR to a browser set up in English (issue 20)', async () => {
    const { page } = await openShell(await unusedLocalUrl(), 'en-US');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await page.getByRole('navigation').getByRole('button').allTextContents()).toEqual([
      'Agenda',
      'Lista de espera',
      'Pacientes',
      'Orçamentos',
      'Estoque',
      'Caixa',
      'Contas',
      'Conflitos e recusas',
      'Configurações',
    ]);
    expect(await statusShows(page, OFFLINE)).toBe(OFFLINE);
    await page.context().close();
  });
});
