/**
 * Budgets on an enrolled desk in headless Chromium against the real server (SQLite file): the line's
 * price comes from the server's price table (replicated), the number from a block the server leased
 * to the desk, the approved budget reaches the server by sync, and its PDF, rendered by the server,
 * is downloaded from the list. Screenshots go to test-results/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SyncTestServer } from '../sync/sync-fixture.js';
import { AURORA_ADMIN, seedAurora } from './aurora-seed.js';
import { addToothLines } from './budget-editor.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { seedPricedProcedure } from './price-seed.js';
import { shot } from './screenshot.js';
import { until } from './until.js';

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let clinicId: string;
let patientId: string;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  server = env.server;
  ({ token, clinicId, patientId } = await seedAurora(server));
  await seedPricedProcedure(server, token, 233.33);
  page = await openDeskPage(env.browser, env.api.url, problems, { acceptDownloads: true });
}, 120_000);

describe('budgets on an enrolled desk against the real server', () => {
  it('prices from the table, numbers from a leased block, and downloads the server’s PDF of the approved budget', async () => {
    await signInAndEnrol(page, env.site.url, server, { ...AURORA_ADMIN, adminToken: token });

    await page.getByRole('button', { name: 'Orçamentos', exact: true }).click();
    await page.getByRole('button', { name: 'Novo orçamento' }).click();
    await page.getByRole('combobox', { name: 'Paciente' }).fill('Maria');
    await page.getByRole('option', { name: /Maria Aparecida da Silva/ }).click();
    await page.getByLabel('Profissional').selectOption({ label: 'Dra. Ana Lima' });
    await addToothLines(page, 'Restauração em resina', ['16', '26', '36']);
    // The table's price fills each line: 3 × 233,33 = 699,99; no entry, 2 parcels of 350,00 and 349,99.
    expect(await page.getByLabel('Valor unit. 1').inputValue()).toBe('233,33');
    await page.getByText('preço da tabela').first().waitFor();
    await page.getByLabel('Parcelas').fill('2');
    await page.getByLabel('Forma').selectOption({ label: 'PIX' });
    const amount = async (id: string) => (await page.getByTestId(id).textContent())?.replace(/\s/g, ' ');
    expect(await amount('budget-total')).toBe('R$ 699,99');
    expect(await amount('budget-parcel')).toBe('R$ 350,00');
    expect(await amount('budget-last-parcel')).toBe('R$ 349,99');
    await shot(page, 'budget-server-editor.png');
    await page.getByRole('button', { name: 'Salvar orçamento' }).click();

    // The desk numbered it from the block the server leased (the server's counter starts at 1).
    const notice = await page
      .getByRole('status')
      .filter({ hasText: /Orçamento nº \d+ salvo/ })
      .textContent();
    const number = Number(/nº (\d+)/.exec(notice ?? '')?.[1]);
    expect(number).toBeGreaterThanOrEqual(1);
    const row = page.getByRole('table', { name: 'Orçamentos' }).getByRole('row').filter({ hasText: 'Maria Aparecida' });
    await row.getByRole('button', { name: 'Aprovar' }).click();
    await row.getByText('Aprovado', { exact: true }).waitFor();

    // Sync takes it to the server, approved, with the desk's number.
    const onServer = await until(
      async () =>
        (await server.call('GET', '/budget/', { token })).body['items'] as {
          budgetNumber: number;
          status: number;
          value: number;
        }[],
      (items) => items.some((b) => b.status === 2),
    );
    expect(onServer.map((b) => [b.budgetNumber, b.status, b.value])).toEqual([[number, 2, 699.99]]);

    // The server's own next number lies past the desk's whole block of 50: the desk drew from a lease, not a counter of its own.
    const direct = await server.call('POST', '/budget/', { token, body: { patient: patientId, clinic: clinicId } });
    expect(direct.status).toBe(201);
    expect((direct.body['budget'] as { budgetNumber: number }).budgetNumber).toBeGreaterThanOrEqual(number + 50);

    await row.getByRole('button', { name: 'PDF' }).click();
    const dialog = page.getByRole('dialog', { name: `Orçamento nº ${number} em PDF` });
    await dialog.getByTestId('budget-pdf-name').waitFor({ timeout: 30_000 });
    await shot(page, 'budget-server-pdf.png');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Baixar' }).click(),
    ]);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(problems).toEqual([]);
  }, 180_000);
});
