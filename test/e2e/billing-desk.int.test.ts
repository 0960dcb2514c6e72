/**
 * Faturamento in the desk (issue 25), in headless Chromium against the real server (SQLite file): a
 * billing clerk (role finance) sees today's attended appointments of the insurer, builds a batch of
 * the two consultations and downloads its XML, which must be the ISO-8859-1 `mensagemTISS` of those
 * guides; the exam stays to bill (an SP/SADT guide goes in a batch of its own). Screenshots at 1366×768
 * and 1024×768 go to test-results/billing/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedBilling } from './billing-seed.js';
import { deskEnvironment } from './desk-environment.js';
import { openClerkDesk } from './billing-clerk-desk.js';
import { shot } from './screenshot.js';

const env = deskEnvironment();
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  ({ page } = await openClerkDesk(
    env,
    { name: 'Clinica Aurora', domain: 'clinicaaurora.test' },
    problems,
    seedBilling,
    { acceptDownloads: true },
  ));
}, 180_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    console.log('page problems', problems);
    await shot(page, 'billing/failed.png');
  }
});

describe('Faturamento', () => {
  it('builds a consultation batch for the insurer and downloads its ISO-8859-1 TISS XML', async () => {
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('button', { name: 'Faturamento' })
      .click();
    const billable = page.getByRole('table', { name: 'Atendimentos a faturar' });
    await billable.getByRole('row', { name: /Márcia Leão/ }).waitFor({ timeout: 30_000 });
    expect(await billable.getByRole('row').count()).toBe(4); // heading + 3 attendances
    await shot(page, 'billing/billable.png');

    await billable.getByRole('checkbox', { name: /Selecionar Helena Prado/ }).check();
    await billable.getByRole('checkbox', { name: /Selecionar José Araújo/ }).check();
    await page.getByRole('button', { name: 'Montar lote (2)' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Lote \d+ montado com 2 guias/ })
      .waitFor({ timeout: 30_000 });
    const batches = page.getByRole('table', { name: 'Lotes' });
    const row = batches.getByRole('row', { name: /Consulta/ });
    await row.getByText('R$ 361,00').waitFor({ timeout: 30_000 });
    await billable.getByRole('row', { name: /Helena Prado/ }).waitFor({ state: 'detached' });
    expect(await billable.getByRole('row', { name: /Márcia Leão/ }).count()).toBe(1);
    await shot(page, 'billing/batch-built.png');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Baixar XML do lote/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{20}_[0-9a-f]{32}\.xml$/);
    const bytes = fs.readFileSync(await download.path());
    const xml = bytes.toString('latin1');
    expect(xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?><ans:mensagemTISS')).toBe(true);
    expect(xml.match(/<ans:guiaConsulta>/g)).toHaveLength(2);
    expect(xml).toContain('<ans:numeroCarteira>99887766</ans:numeroCarteira>');
    expect(xml).toContain('<ans:numeroCarteira>0012345678901</ans:numeroCarteira>');
    expect(xml).not.toContain('55443322');
    // "Conceição" as ISO-8859-1 bytes: one byte per letter, no UTF-8 pairs.
    expect(bytes.includes(Buffer.from('Concei\xe7\xe3o', 'latin1'))).toBe(true);
    expect(bytes.includes(Buffer.from('Conceição', 'utf8'))).toBe(false);
    await page
      .getByRole('status')
      .filter({ hasText: /XML do lote \d+ baixado/ })
      .waitFor();
    await shot(page, 'billing/downloaded.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'billing/downloaded-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });

    await billable.getByRole('button', { name: 'Faturar atendimento de Márcia Leão' }).click();
    await billable.getByRole('button', { name: /Editar guia \d+/ }).click();
    const dialog = page.getByRole('dialog', { name: /Guia \d+ · Márcia Leão/ });
    await dialog.getByLabel('Senha de autorização').fill('A'.repeat(21));
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('no máximo 20 caracteres').waitFor();
    await shot(page, 'billing/guide-refused.png');
    await dialog.getByLabel('Senha de autorização').fill('A123456');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /Guia \d+ salva/ })
      .waitFor();
    expect(problems).toEqual([]);
  }, 120_000);
});
