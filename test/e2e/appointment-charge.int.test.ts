/**
 * Copart and payment method from the appointment panel, on the demo clinic in headless Chromium: a
 * bad amount is refused inline and saves nothing; a good one and PIX are kept across a reload.
 * Screenshot in test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';
import { serveDirectory, unusedLocalUrl, type LocalServer } from './http.js';
import { ensureRendererBuilt, REPO_ROOT } from './renderer-build.js';

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

async function openFirstAppointment(page: Page) {
  await page.locator('.appt').first().click();
  const panel = page.getByTestId('appointment-panel');
  await panel.waitFor();
  return panel.getByTestId('appointment-charge');
}

describe('copart and payment method of an appointment', () => {
  it('refuses a bad amount inline, then keeps R$ 35,50 by PIX across a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    await context.addInitScript((url) => localStorage.setItem('clinic.serverUrl', url), await unusedLocalUrl());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Experimente a clínica de demonstração' }).click();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });

    let charge = await openFirstAppointment(page);
    const copart = charge.getByLabel('Coparticipação');
    await copart.fill('35,5x');
    await charge.getByRole('button', { name: 'Salvar valores' }).click();
    await charge.getByText('Valor inválido: use por exemplo 35,50').waitFor();

    await copart.fill('35,50');
    await charge.getByLabel('Forma de pagamento').click();
    await page.getByRole('option', { name: 'PIX' }).click();
    await charge.getByRole('button', { name: 'Salvar valores' }).click();
    await charge.getByRole('button', { name: 'Salvo' }).waitFor();
    fs.mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'appointment-charge.png') });

    await page.reload();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    charge = await openFirstAppointment(page);
    expect(await charge.getByLabel('Coparticipação').inputValue()).toBe('35,50');
    expect(await charge.getByLabel('Forma de pagamento').inputValue()).toBe('PIX');
    expect(await charge.getByRole('button', { name: 'Salvar valores' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
