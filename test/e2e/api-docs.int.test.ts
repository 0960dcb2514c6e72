import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../sync-server/config.js';
import { buildServer, type BuiltServer } from '../../sync-server/server.js';
import { launchChromium } from './browser.js';
import { listenLocal, serveDirectory, type LocalServer } from './http.js';
import { ensureRendererBuilt, REPO_ROOT } from './renderer-build.js';

let browser: Browser;
let built: BuiltServer;
let api: LocalServer;
let site: LocalServer;
const dir = fs.mkdtempSync(path.join(tmpdir(), 'clinic-e2e-api-'));

beforeAll(async () => {
  built = await buildServer(readConfig({ DATABASE_URL: path.join(dir, 'clinic.db') }), pino({ level: 'silent' }));
  const listener = getRequestListener(built.app.fetch);
  api = await listenLocal((req, res) => void listener(req, res));
  site = await serveDirectory(await ensureRendererBuilt());
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.close(), site?.close()]);
  await built?.database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the real sync server seen from Chromium', () => {
  it('renders the API reference at /docs from the bundled Swagger UI', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${api.url}/docs`);
    await page.getByText('Clinic API').first().waitFor({ timeout: 45_000 });
    expect(await page.getByText('auth-bearer').count()).toBeGreaterThan(0);
    fs.mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'api-docs.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('lets the desktop shell on another origin see the server as connected', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    await context.addInitScript((url) => localStorage.setItem('clinic.serverUrl', url), api.url);
    const page = await context.newPage();
    await page.goto(site.url);
    await page.getByRole('status').filter({ hasText: 'Servidor: conectado' }).waitFor({ timeout: 10_000 });
    await context.close();
  });
});
