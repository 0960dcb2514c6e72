/**
 * Estoque end to end (issue 26), in headless Chromium at 1366×768 against the real server (SQLite
 * file): a purchase of two lots received on the Estoque screen (the later-expiring one typed first);
 * an appointment whose procedure has a kit, checked in and finished from the reception agenda, takes
 * the first-expiring lot (FEFO); a count opened on the screen and closed with one lot short produces
 * one adjustment; the screen's "Exportar CSV" downloads the core's export, read as Excel in pt-BR
 * reads it (BOM, `;`, decimal comma). Product, procedure and its kit are seeded over REST: the desk
 * has no product or kit form yet. Screenshots go to test-results/stock/.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { ZONE } from './tomorrow.js';
import { until } from './until.js';

const EMAIL = 'admin@clinicaestoque.test';
const PASSWORD = 'senha-muito-segura-1';
/** The two lots of the purchase: the first to expire is received second. */
const EARLY = { lot: 'RES-2801', expiry: '31/01/2028', quantity: '10' };
const LATE = { lot: 'RES-2806', expiry: '30/06/2028', quantity: '5' };

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let clinicId: string;
let page: Page;
const problems: string[] = [];

const mainNav = () => page.getByRole('navigation', { name: 'Navegação principal' });
const notice = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const position = () => page.getByRole('table', { name: 'Posição por produto e lote' });
/** The position row of `lot` (its cells' text). */
const positionRow = (lot: string) => position().getByRole('row').filter({ hasText: lot });

async function rest(method: string, path: string, body: unknown = {}) {
  const res = await server.call(method, path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  server = env.server;
  const admin = await seedAdmin(server, 'Clinica Estoque');
  token = admin.token;
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '07:00', closes: '19:00' }));
  clinicId = (
    (await rest('POST', '/clinic/', { name: 'Clínica Estoque', openingHours: hours })).clinic as { id: string }
  ).id;
  const professional = await addMember(server, admin.tenantId, {
    email: 'ana@estoque.test',
    password: 'senha-muito-segura-2',
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  const event = ((await rest('POST', '/event/', { name: 'Restauração', type: 'procedure' })).event as { id: string })
    .id;
  const product = (
    await rest('POST', '/inventory/product/', {
      name: 'Resina A2',
      kind: 'material',
      purchaseUnit: 'caixa',
      consumptionUnit: 'seringa',
      unitsPerPurchase: 4,
    })
  ).id as string;
  await rest('POST', '/inventory/kit/', { name: 'Kit restauração', event, items: [{ product, quantity: 2 }] });
  const patient = ((await rest('POST', '/patient/', { name: 'Helena Prado' })).patient as { id: string }).id;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  await rest('POST', '/appointment/', {
    clinic: clinicId,
    patient,
    professional,
    events: [event],
    start: `${today}T08:00:00-03:00`,
    end: `${today}T08:30:00-03:00`,
  });
  page = await openDeskPage(env.browser, env.api.url, problems, { acceptDownloads: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndEnrol(page, env.site.url, server, { email: EMAIL, password: PASSWORD, adminToken: token });
}, 180_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `stock/failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`);
});

describe('Estoque: purchase by lot, kit consumed at the attendance’s end, count, CSV', () => {
  it('receives a purchase of two lots on the Estoque screen', async () => {
    await mainNav().getByRole('button', { name: 'Estoque' }).click();
    const form = page.getByRole('form', { name: 'Registrar movimentação' });
    await form.getByLabel('Produto', { exact: true }).click();
    await page.getByRole('option', { name: 'Resina A2 (seringa)' }).click();
    for (const lot of [LATE, EARLY]) {
      await form.getByLabel('Quantidade', { exact: true }).fill(lot.quantity);
      await form.getByLabel('Lote', { exact: true }).fill(lot.lot);
      await form.getByLabel('Validade', { exact: true }).fill(lot.expiry);
      await form.getByRole('button', { name: 'Registrar' }).click();
      await expect.poll(() => positionRow(lot.lot).count(), { timeout: 20_000 }).toBe(1);
      expect(await notice('Movimentação registrada.').count()).toBe(1);
    }
    expect(await positionRow(EARLY.lot).textContent()).toContain('10 seringa');
    expect(await positionRow(LATE.lot).textContent()).toContain('5 seringa');
  }, 120_000);

  it('checks in and finishes the attendance from the agenda, and the kit takes the first-expiring lot', async () => {
    await mainNav().getByRole('button', { name: 'Agenda' }).click();
    await page.locator('[data-cell][aria-label*="Dra. Ana Lima: Helena Prado"]').click();
    const panel = page.getByTestId('appointment-panel');
    await panel.waitFor();
    for (const [move, status] of [
      [/^Chegou/, 'Aguardando'],
      [/^Iniciar atendimento/, 'Em atendimento'],
      [/^Finalizar/, 'Atendido'],
    ] as const) {
      await panel.getByRole('button', { name: move }).click();
      await panel.getByTestId('panel-status').filter({ hasText: status }).waitFor();
    }
    await page.keyboard.press('Escape');
    await mainNav().getByRole('button', { name: 'Estoque' }).click();
    await expect.poll(() => positionRow(EARLY.lot).textContent()).toContain('8 seringa');
    expect(await positionRow(LATE.lot).textContent()).toContain('5 seringa');
    await shot(page, 'stock/position.png');
  }, 120_000);

  it('opens a count, takes the counted quantities and closes it with one adjustment', async () => {
    const count = page.getByRole('region', { name: 'Contagem de estoque' });
    await count.getByRole('button', { name: 'Abrir contagem' }).click();
    const early = count.getByLabel(`Contado: Resina A2 · ${EARLY.lot}`);
    await early.waitFor();
    // Keyboard only: the counted quantities are typed field after field.
    await early.focus();
    await page.keyboard.type('7');
    await page.keyboard.press('Tab');
    expect(
      await count.getByLabel(`Contado: Resina A2 · ${LATE.lot}`).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.type('5');
    await shot(page, 'stock/count.png');
    // At 1024×768 too, with nothing wider than the window.
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'stock/count-1024.png');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.setViewportSize({ width: 1366, height: 768 });
    await early.waitFor();
    await page.keyboard.press('Enter');
    await notice('Contagem fechada: 1 ajuste lançado.').waitFor();
    await count.getByRole('button', { name: 'Abrir contagem' }).waitFor();
    await expect.poll(() => positionRow(EARLY.lot).textContent()).toContain('7 seringa');

    // The desk's movements reach the server: its stock agrees lot by lot.
    const lines = await until(
      async () =>
        (await server.call('GET', `/inventory/clinic/${clinicId}/stock`, { token })).body['lines'] as {
          lot: string;
          quantity: number;
        }[],
      (items) => items.find((l) => l.lot === EARLY.lot)?.quantity === 7,
    );
    expect(lines.map((l) => [l.lot, l.quantity])).toEqual([
      [EARLY.lot, 7],
      [LATE.lot, 5],
    ]);
  }, 120_000);

  it('exports the CSV as a download that Excel in pt-BR reads: BOM, semicolons, decimal comma', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^estoque-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // What Excel pt-BR does: drop the BOM, split on `;`, read "7" or "1,5" with a decimal comma.
    const rows = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' });
    const header = rows[0]!;
    expect(header).toEqual([
      'produto',
      'categoria',
      'lote',
      'validade',
      'quantidade',
      'unidade',
      'estoque_minimo',
      'situacao',
    ]);
    const number = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));
    const byLot = Object.fromEntries(
      rows
        .slice(1)
        .map((row): [string, unknown] => [row[2]!, { expiry: row[3], quantity: number(row[4]!), unit: row[5] }]),
    );
    expect(byLot).toEqual({
      [EARLY.lot]: { expiry: EARLY.expiry, quantity: 7, unit: 'seringa' },
      [LATE.lot]: { expiry: LATE.expiry, quantity: 5, unit: 'seringa' },
    });
    expect(problems).toEqual([]);
  }, 120_000);
});
