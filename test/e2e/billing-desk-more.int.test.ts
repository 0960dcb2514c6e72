/**
 * Faturamento's other desk pieces (issue 25), in headless Chromium against the real server (SQLite
 * file) and a local insurer answering the ANS TISS web services (sync-server/billing/test-insurer.ts):
 * the clerk sets the insurer's TISS connection (password write-only, shown as "definida"), adds
 * another expense to a guide (field messages first, then the line in the guide), and asks the insurer
 * whether the guide's card is eligible (elegível, then não elegível with the insurer's reason).
 * Screenshots at 1366×768 and 1024×768 go to test-results/billing-more/.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANSWERS, startTestInsurer, type TestInsurer } from '../../sync-server/billing/test-insurer.js';
import { seedBilling, type BillingSeed } from './billing-seed.js';
import { deskEnvironment } from './desk-environment.js';
import { openClerkDesk } from './billing-clerk-desk.js';
import { shot } from './screenshot.js';

const env = deskEnvironment();
let page: Page;
let insurer: TestInsurer;
let seed: BillingSeed;
let adminToken: string;
const problems: string[] = [];

beforeAll(async () => {
  insurer = await startTestInsurer();
  ({
    page,
    adminToken,
    seeded: seed,
  } = await openClerkDesk(env, { name: 'Clinica Aurora', domain: 'clinicaaurora.test' }, problems, seedBilling));
}, 180_000);

afterAll(() => insurer?.close());

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    console.log('page problems', problems);
    await shot(page, 'billing-more/failed.png');
  }
});

describe('Faturamento: TISS connection, other expenses, eligibility', () => {
  it('sets the insurer’s TISS connection with a write-only password', async () => {
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('button', { name: 'Faturamento' })
      .click();
    await page.getByRole('button', { name: 'Conexão TISS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conexão TISS · Saúde Exemplo' });
    await dialog.getByText('Este convênio ainda não tem conexão').waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Endereço dos web services').fill('tiss.operadora');
    await dialog.getByLabel('Login do prestador').fill('clinica.aurora');
    await dialog.getByRole('button', { name: 'Salvar conexão' }).click();
    await dialog.getByText(/endereço http\(s\) completo/).waitFor();
    await shot(page, 'billing-more/connection-refused.png');
    await dialog.getByLabel('Endereço dos web services').fill(insurer.url);
    await dialog.getByLabel('Senha do prestador').fill('senha-do-portal');
    await dialog.getByRole('button', { name: 'Salvar conexão' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Conexão TISS de Saúde Exemplo salva.' }).waitFor();

    await page.getByRole('button', { name: 'Conexão TISS' }).click();
    await dialog.getByText('Senha definida; deixe em branco para mantê-la.').waitFor({ timeout: 30_000 });
    expect(await dialog.getByLabel('Senha do prestador').inputValue()).toBe('');
    expect(await dialog.getByLabel('Endereço dos web services').inputValue()).toBe(insurer.url);
    await shot(page, 'billing-more/connection.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'billing-more/connection-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });
    const status = await env.server.call('GET', `/insurance/${seed.insurance}/tiss/integration`, {
      token: adminToken,
    });
    expect(status.body).toMatchObject({ configured: true, login: 'clinica.aurora', passwordSet: true });
    expect(JSON.stringify(status.body)).not.toContain('senha-do-portal');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 120_000);

  it('adds another expense to a guide, refusing bad fields first', async () => {
    const billable = page.getByRole('table', { name: 'Atendimentos a faturar' });
    await billable.getByRole('button', { name: 'Faturar atendimento de Márcia Leão' }).click();
    await billable.getByRole('button', { name: /Editar guia \d+/ }).click();
    const dialog = page.getByRole('dialog', { name: /Guia \d+ · Márcia Leão/ });
    const expenses = dialog.getByRole('region', { name: 'Outras despesas' });
    await expenses.getByLabel('Código TUSS').fill('12345678901');
    await expenses.getByLabel('Quantidade').fill('0');
    await expenses.getByLabel('Valor unitário').fill('1,5');
    await expenses.getByRole('button', { name: 'Adicionar despesa' }).click();
    await expenses.getByText(/10 caracteres/).waitFor();
    await shot(page, 'billing-more/expense-refused.png');

    await expenses.getByLabel('Tipo').click();
    await page.getByRole('option', { name: 'Material' }).click();
    await expenses.getByLabel('Código TUSS').fill('70000000');
    await expenses.getByLabel('Descrição').fill('Seringa descartável 5 ml');
    await expenses.getByLabel('Quantidade').fill('2');
    await expenses.getByLabel('Quantidade').press('Enter'); // adds the line; the guide stays open
    const lines = dialog.getByRole('table', { name: 'Linhas da guia' });
    const added = lines.getByRole('row', { name: /Seringa descartável 5 ml/ });
    await added.waitFor({ timeout: 30_000 });
    expect(await added.textContent()).toContain('19 · 70000000');
    expect(await added.textContent()).toMatch(/R\$\s1,50/);
    expect(await expenses.getByLabel('Código TUSS').inputValue()).toBe('');
    await shot(page, 'billing-more/expense-added.png');
  }, 120_000);

  it('asks the insurer whether the card is eligible and shows the answer', async () => {
    const dialog = page.getByRole('dialog', { name: /Guia \d+ · Márcia Leão/ });
    await dialog.getByRole('button', { name: 'Verificar elegibilidade' }).click();
    const yes = dialog.getByRole('status').filter({ hasText: 'Elegível' });
    await yes.waitFor({ timeout: 30_000 });
    expect(await yes.textContent()).toContain('MARIA DA SILVA · carteira 0012345678901 válida até 31/12/2027.');
    expect(insurer.requests.at(-1)).toMatchObject({ root: 'pedidoElegibilidadeWS', problems: [], hashOk: true });
    expect(insurer.requests.at(-1)!.body).toContain('55443322');
    await yes.scrollIntoViewIfNeeded();
    await shot(page, 'billing-more/eligible.png');

    insurer.answers.pedidoElegibilidadeWS = {
      ...DEFAULT_ANSWERS.pedidoElegibilidadeWS!,
      inner: DEFAULT_ANSWERS.pedidoElegibilidadeWS!.inner.replace(
        '<ans:respostaSolicitacao>S</ans:respostaSolicitacao>',
        '<ans:respostaSolicitacao>N</ans:respostaSolicitacao><ans:motivosNegativa><ans:motivoNegativa>' +
          '<ans:codigoGlosa>1013</ans:codigoGlosa><ans:descricaoGlosa>Cadastro do beneficiário com problemas</ans:descricaoGlosa>' +
          '</ans:motivoNegativa></ans:motivosNegativa>',
      ),
    };
    await dialog.getByRole('button', { name: 'Verificar elegibilidade' }).click();
    const no = dialog.getByRole('alert').filter({ hasText: 'Não elegível' });
    await no.waitFor({ timeout: 30_000 });
    expect(await no.textContent()).toContain('1013 · Cadastro do beneficiário com problemas');
    await no.scrollIntoViewIfNeeded();
    await shot(page, 'billing-more/not-eligible.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'billing-more/not-eligible-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(problems).toEqual([]);
  }, 120_000);
});
