/**
 * The local-only demonstration clinic in headless Chromium: entered from the sign-in screen with no
 * server at all, seeded through the operations, with the keyboard shortcuts' help. Screenshots go to
 * test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';
import { serveDirectory, unusedLocalUrl, type LocalServer } from './http.js';
import { ensureRendererBuilt, REPO_ROOT } from './renderer-build.js';

const SCREENSHOTS = path.join(REPO_ROOT, 'test-results');
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

describe('the demonstration clinic, with no server', () => {
  it('opens a seeded day from the sign-in screen, lists the shortcuts, approves a budget, keeps the data after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    await context.addInitScript((url) => localStorage.setItem('clinic.serverUrl', url), await unusedLocalUrl());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);

    await page.getByRole('button', { name: 'Experimente a clínica de demonstração' }).click();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('sync-indicator').filter({ hasText: 'Demonstração' }).waitFor();
    // Five appointments of today: two confirmed and one already waiting, as seeded.
    await page.getByText('5 agendamentos · 3 confirmados · 1 aguardando').waitFor({ timeout: 15_000 });
    expect(await page.locator('.appt').count()).toBe(5);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'reception-demo.png') });

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Atalhos de teclado' });
    await help.waitFor();
    expect(await help.getByRole('row').count()).toBeGreaterThanOrEqual(16);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'reception-shortcuts.png') });
    await page.keyboard.press('Escape');

    // Budgets: the one awaiting the patient's answer is approved from the list.
    await page.getByRole('button', { name: 'Orçamentos', exact: true }).click();
    const budgets = page.getByRole('table', { name: 'Orçamentos' });
    const first = budgets.getByRole('row').filter({ hasText: 'Maria Aparecida da Silva' });
    await first.getByText('Aguardando aprovação').waitFor();
    expect(await first.getByText('R$ 510,00').count()).toBe(1);
    await first.getByRole('button', { name: 'Aprovar' }).click();
    await first.getByText('Aprovado', { exact: true }).waitFor();
    expect(await first.getByRole('button', { name: 'Aprovar' }).count()).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'reception-budgets.png') });
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();

    // IndexedDB keeps the demo: a reload shows the same day, seeded once.
    await page.reload();
    await page.getByText('5 agendamentos · 3 confirmados · 1 aguardando').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
