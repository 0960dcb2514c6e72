/**
 * One window per local database: a second tab of the web build waits while the first holds the
 * station's IndexedDB, says so, and opens the day by itself once the first tab closes.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';
import { serveDirectory, unusedLocalUrl, type LocalServer } from './http.js';
import { ensureRendererBuilt } from './renderer-build.js';

let browser: Browser;
let site: LocalServer;

beforeAll(async () => {
  site = await serveDirectory(await ensureRendererBuilt());
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('two windows of the same station', () => {
  it('keeps the second window waiting with a message until the first closes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    await context.addInitScript((url) => localStorage.setItem('clinic.serverUrl', url), await unusedLocalUrl());
    const first = await context.newPage();
    await first.goto(site.url);
    await first.getByRole('button', { name: 'Experimente a clínica de demonstração' }).click();
    await first.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });

    const second = await context.newPage();
    await second.goto(site.url);
    // A session lives in its tab: the second tab signs in (here, enters the demo) on its own.
    await second.getByRole('button', { name: 'Experimente a clínica de demonstração' }).click();
    await second.getByRole('alert').filter({ hasText: 'Aberta em outra janela' }).waitFor({ timeout: 15_000 });
    expect(await second.getByRole('columnheader', { name: 'Dra. Helena Martins' }).count()).toBe(0);

    await first.close();
    await second.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    expect(await second.getByRole('alert').filter({ hasText: 'Aberta em outra janela' }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
