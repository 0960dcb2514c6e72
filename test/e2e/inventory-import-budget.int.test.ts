/**
 * The materials and exams catalogue imported on the desk, and a budget quoting a product and an
 * imported material (issue 26; INV-013, BUD-040), in headless Chromium against the real server
 * (SQLite file). On Estoque, a pasted CSV with one bad row is previewed (rows read, the bad row
 * reported by line and column) and refused whole; the corrected file imports. In the budget editor a
 * product is found by name and priced from the server's price table (replicated), the imported
 * material is found by name and priced by hand; the saved budget reaches the server with both lines
 * and the total to the centavo. Screenshots at 1366×768 and 1024×768 go to test-results/inventory-import/.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncTestServer } from '../sync/sync-fixture.js';
import { AURORA_ADMIN, seedAurora } from './aurora-seed.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { until } from './until.js';

const BAD_CSV = [
  'tabela;código;descrição;unidade;valor',
  '19;70000018;Fio de sutura nylon 4-0;UN;12,50',
  '21;4030;Exame sem tabela;UN;',
  '22;40301630;Hemograma completo;UN;',
].join('\n');
const GOOD_CSV = BAD_CSV.replace('21;4030;Exame sem tabela;UN;', '20;90000001;Lidocaína 2% tubete;AMP;1,90');

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let page: Page;
const problems: string[] = [];

const mainNav = () => page.getByRole('navigation', { name: 'Navegação principal' });
const dialog = () => page.getByRole('dialog', { name: 'Importar materiais e exames (TUSS)' });

async function rest(method: string, path: string, body: unknown = {}) {
  const res = await server.call(method, path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

/** Both widths, with nothing wider than the 1024 window. */
async function shots(name: string) {
  await shot(page, `inventory-import/${name}.png`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, `inventory-import/${name}-1024.png`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await page.setViewportSize({ width: 1366, height: 768 });
}

beforeAll(async () => {
  server = env.server;
  ({ token } = await seedAurora(server));
  const product = (
    await rest('POST', '/inventory/product/', {
      name: 'Luva nitrílica M',
      kind: 'material',
      purchaseUnit: 'caixa',
      consumptionUnit: 'par',
      unitsPerPurchase: 50,
    })
  ).id as string;
  const table = ((await rest('POST', '/priceTable/', { name: 'Particular 2026' })).priceTable as { id: string }).id;
  await rest('PUT', `/priceTable/${table}`, {
    name: 'Particular 2026',
    prices: [{ typeModel: 'Product', item: product, value: 3.35 }],
  });
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndEnrol(page, env.site.url, server, { ...AURORA_ADMIN, adminToken: token });
}, 180_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `inventory-import/failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`);
});

describe('materials and exams imported on the desk, quoted on a budget beside a product', () => {
  it('previews a pasted CSV, refuses it whole for one bad row, then imports the corrected one', async () => {
    await mainNav().getByRole('button', { name: 'Estoque' }).click();
    await page.getByRole('button', { name: 'Importar materiais e exames' }).click();
    await dialog().getByLabel('Ou cole o conteúdo do CSV').fill(BAD_CSV);
    await dialog().getByRole('button', { name: 'Pré-visualizar' }).click();
    await dialog().getByText('2 item(ns) lido(s)').waitFor();
    const previewed = dialog().getByRole('table', { name: 'Itens que serão importados' });
    expect(await previewed.getByRole('row').count()).toBe(3);
    expect(await previewed.textContent()).toContain('19 · Materiais e OPME');
    const report = dialog().getByRole('table', { name: 'Linhas recusadas' });
    const firstRefusal = report.getByRole('row').nth(1).getByRole('cell');
    expect(await firstRefusal.allTextContents()).toEqual([
      '3',
      'tabela',
      expect.stringMatching(/19|20|22/) as unknown as string,
    ]);
    await shots('preview');

    await dialog().getByRole('button', { name: 'Importar', exact: true }).click();
    await dialog()
      .getByRole('alert')
      .filter({ hasText: /nada foi importado/ })
      .waitFor();
    expect(await report.textContent()).toContain('código');
    await shots('refused');

    await dialog().getByLabel('Ou cole o conteúdo do CSV').fill(GOOD_CSV);
    await dialog().getByRole('button', { name: 'Importar', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '3 item(ns) importado(s): 3 novo(s), 0 atualizado(s).' })
      .waitFor();
    expect(await dialog().count()).toBe(0);
    // The desk's import reaches the server by sync.
    const onServer = await until(
      async () =>
        (await server.call('GET', '/materialOrExam/?limit=50', { token })).body['items'] as { code: string }[],
      (items) => items.length === 3,
    );
    expect(onServer.map((m) => m.code).sort()).toEqual(['40301630', '70000018', '90000001']);
  }, 120_000);

  it('adds a product line priced from the table and an imported material by name, and saves the budget', async () => {
    await mainNav().getByRole('button', { name: 'Orçamentos', exact: true }).click();
    await page.getByRole('button', { name: 'Novo orçamento' }).click();
    await page.getByRole('combobox', { name: 'Paciente' }).fill('Maria');
    await page.getByRole('option', { name: /Maria Aparecida da Silva/ }).click();
    const picker = page.getByRole('combobox', { name: 'Produto, kit ou material' });
    await picker.fill('luva');
    await page.getByRole('option', { name: 'Luva nitrílica M' }).click();
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await expect.poll(() => page.getByLabel('Valor unit. 1').inputValue()).toBe('3,35');
    await page.getByText('preço da tabela').first().waitFor();
    await page.getByLabel('Qtd. 1').fill('2');

    await picker.fill('sutura');
    await page.getByRole('option', { name: '70000018 – Fio de sutura nylon 4-0' }).click();
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await page.getByText('sem preço na tabela: informe o valor').waitFor();
    await page.getByLabel('Valor unit. 2').fill('12,50');
    const total = async () => (await page.getByTestId('budget-total').textContent())?.replace(/\s/g, ' ');
    await expect.poll(total).toBe('R$ 19,20');
    await shots('budget-editor');

    await page.getByRole('button', { name: 'Salvar orçamento' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Orçamento nº \d+ salvo/ })
      .waitFor();
    const saved = await until(
      async () =>
        (await server.call('GET', '/budget/', { token })).body['items'] as {
          value: number;
          items: { typeModel: string; type?: string; quantity: number; totalValue: number }[];
        }[],
      (items) => items.length === 1,
    );
    expect(saved[0]!.value).toBe(19.2);
    expect(saved[0]!.items.map((l) => [l.typeModel, l.type, l.quantity, l.totalValue])).toEqual([
      ['Product', 'material', 2, 6.7],
      ['MaterialOrExam', 'material', 1, 12.5],
    ]);
    expect(problems).toEqual([]);
  }, 120_000);
});
