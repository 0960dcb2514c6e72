/**
 * Administração in the desk, the rest of issue 22, in headless Chromium against the real server
 * (SQLite file): Especialidades and Convênios (create, edit, inactivate, find again, reactivate; a
 * refused field shows the core's pt-BR message under it), Instalações (a new station's one-time code
 * with its QR, revoke), Chaves de API (the secret once, revoke) and Conta; offline, the server-only
 * sections say why they are off. Screenshots at 1366×768 go to test-results/setup/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { until } from './until.js';

const EMAIL = 'admin@clinicaaurora.test';
const PASSWORD = 'senha-muito-segura-1';

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let page: Page;
const problems: string[] = [];

const mainNav = () => page.getByRole('navigation', { name: 'Navegação principal' });
const sections = () => page.getByRole('navigation', { name: 'Seções da administração' });
const notice = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const open = (name: RegExp) => sections().getByRole('button', { name }).click();

/** `GET path` on the server as the admin, until `ok` holds for its items. */
function serverItems<T>(path: string, ok: (items: T[]) => boolean): Promise<T[]> {
  return until(async () => (await server.call('GET', path, { token })).body['items'] as T[], ok);
}

beforeAll(async () => {
  server = env.server;
  const seeded = await seedAdmin(server, 'Clinica Aurora');
  token = seeded.token;
  expect((await server.call('POST', '/clinic/', { token, body: { name: 'Clínica Aurora' } })).status).toBe(201);
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndEnrol(page, env.site.url, server, { email: EMAIL, password: PASSWORD, adminToken: token });
  await mainNav().getByRole('button', { name: 'Administração' }).click();
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `setup/failed-more-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`);
});

describe('Administração, convênios to conta', () => {
  it('finds sections by their words and keeps a specialty through create, edit, inactivate and back', async () => {
    // A new account: the first steps say what the agenda still needs, the clinic's hours first.
    const first = page.getByRole('region', { name: 'Primeiros passos' });
    await first.getByText('Passo 1').waitFor();
    expect(await first.getByText('Feito').count()).toBe(0);
    await shot(page, 'setup/first-steps.png');
    await open(/Conta/);
    await first.getByRole('button', { name: 'Fazer: Clínica com horário de funcionamento' }).click();
    await page.getByRole('heading', { name: 'Clínica', level: 3 }).waitFor();
    await first.getByRole('button', { name: 'Ocultar os primeiros passos' }).click();
    await first.waitFor({ state: 'detached' });
    const search = page.getByLabel('Buscar nas configurações');
    await search.fill('cbo');
    await expect.poll(() => sections().getByRole('button').count()).toBe(1);
    await search.fill('revogar');
    await expect.poll(() => sections().getByRole('button').count()).toBe(2);
    await search.fill('pareamento');
    await expect.poll(() => sections().getByRole('button').count()).toBe(1);
    await search.fill('');
    await expect.poll(() => sections().getByRole('button').count()).toBe(10);
    await open(/Especialidades/);

    await page.getByRole('button', { name: 'Nova especialidade' }).click();
    const create = page.getByRole('dialog', { name: 'Nova especialidade' });
    await create.getByLabel('Nome').fill('Ortodontia');
    await create.getByLabel('Código CBO').fill('22320');
    await create.getByLabel('Conselho').selectOption('CRO');
    await page.keyboard.press('Control+Enter');
    await create.getByText('código CBO tem 6 dígitos').waitFor();
    await shot(page, 'setup/specialty-refused.png');
    await create.getByLabel('Código CBO').fill('2232-08');
    await page.keyboard.press('Control+Enter');
    await create.waitFor({ state: 'detached' });
    await notice('Especialidade Ortodontia salva.').waitFor();

    await page.getByRole('button', { name: 'Editar Ortodontia' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar especialidade' });
    await edit.getByLabel('Nome').fill('Ortodontia e ortopedia facial');
    await page.keyboard.press('Control+Enter');
    await edit.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Ortodontia e ortopedia facial/ });
    await row.getByText('223208').waitFor();

    await page.getByRole('button', { name: 'Inativar Ortodontia e ortopedia facial' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Mostrar inativas').check();
    await page.getByLabel('Buscar especialidade pelo nome ou CBO').fill('2232');
    await row.getByText('Inativa', { exact: true }).waitFor();
    await shot(page, 'setup/specialties.png');
    await page.getByRole('button', { name: 'Reativar Ortodontia e ortopedia facial' }).click();
    await row.getByText('Ativa', { exact: true }).waitFor();
    const onServer = await serverItems<{ name: string; cbo: string; council: string; active: boolean }>(
      '/specialty/',
      (items) => items.some((s) => s.name === 'Ortodontia e ortopedia facial' && s.active),
    );
    expect(onServer).toContainEqual(
      expect.objectContaining({ name: 'Ortodontia e ortopedia facial', cbo: '223208', council: 'CRO' }),
    );
  }, 60_000);

  it('keeps an insurance with its plans and TISS parameters, refusing a short ANS registry', async () => {
    await open(/Convênios/);
    await page.getByRole('button', { name: 'Novo convênio' }).click();
    const create = page.getByRole('dialog', { name: 'Novo convênio' });
    await create.getByLabel('Nome').first().fill('Saúde Exemplo');
    await create.getByLabel('Registro ANS').fill('1234');
    await create.getByLabel('Versão TISS').fill('4.01.00');
    await create.getByLabel('Nome do novo plano').fill('Enfermaria');
    await page.keyboard.press('Enter');
    await create.getByText('Enfermaria', { exact: true }).waitFor();
    await page.keyboard.press('Control+Enter');
    await create.getByText('registro ANS tem 6 dígitos').waitFor();
    await shot(page, 'setup/insurance-refused.png');
    await create.getByLabel('Registro ANS').fill('123456');
    await page.keyboard.press('Control+Enter');
    await create.waitFor({ state: 'detached' });
    await notice('Convênio Saúde Exemplo salvo.').waitFor();

    await page.getByRole('button', { name: 'Editar Saúde Exemplo' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar convênio' });
    await edit.getByLabel('Código do prestador na operadora').fill('000777');
    await edit.getByLabel('Nome do novo plano').fill('Apartamento');
    await edit.getByRole('button', { name: 'Adicionar plano' }).click();
    await edit.getByRole('button', { name: 'Inativar plano Apartamento' }).waitFor();
    await shot(page, 'setup/insurance-edit.png');
    await page.keyboard.press('Control+Enter');
    await edit.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Saúde Exemplo/ });
    await row.getByText('Enfermaria, Apartamento').waitFor();

    await page.getByRole('button', { name: 'Inativar Saúde Exemplo' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Mostrar inativos').check();
    await page.getByLabel('Buscar convênio pelo nome ou registro ANS').fill('123456');
    await row.getByText('Inativo', { exact: true }).waitFor();
    await shot(page, 'setup/insurances.png');
    await page.getByRole('button', { name: 'Reativar Saúde Exemplo' }).click();
    await row.getByText('Ativo', { exact: true }).waitFor();
    const [saved] = await serverItems<{ providerCode?: string; active: boolean; plans: { name: string }[] }>(
      '/insurance/?ansRegistry=123456',
      (items) => items.length === 1 && items[0]!.active && items[0]!.plans.length === 2,
    );
    expect(saved).toMatchObject({ providerCode: '000777', tissVersion: '4.01.00' });
  }, 60_000);

  it('imports a price table from CSV, listing the refused rows, and exports it for Excel', async () => {
    await open(/Procedimentos e preços/);
    await page.getByRole('button', { name: 'Nova tabela' }).click();
    const create = page.getByRole('dialog', { name: 'Nova tabela de preços' });
    await create.getByLabel('Tabela').fill('Particular 2026');
    await page.keyboard.press('Control+Enter');
    await create.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Importar CSV em Particular 2026' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Importar preços em Particular 2026' });
    const file = (text: string) => ({ name: 'precos.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
    const header = 'codigo;descricao;valor\n10101012;Consulta em consultório;250,00\n';
    await dialog.locator('input[type=file]').setInputFiles(file(`${header}81000065;Limpeza;doze reais\n`));
    await page.keyboard.press('Control+Enter');
    const refused = dialog.getByRole('table', { name: 'Linhas recusadas' });
    await refused.getByRole('row', { name: /^3 valor / }).waitFor();
    await dialog.getByText(/^Importação recusada: 1 problema\(s\) no arquivo; nada foi importado/).waitFor();
    await shot(page, 'setup/price-import-refused.png');
    await dialog.locator('input[type=file]').setInputFiles(file(`${header}81000065;Limpeza;120\n`));
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await notice('2 preço(s) importado(s) em Particular 2026; 2 procedimento(s) novo(s).').waitFor();

    // The export reads this desk's copy: once the prices have come down, the file has them.
    const exported = await until(
      async () => {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Exportar CSV de Particular 2026' }).click(),
        ]);
        return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
      },
      (file) => file.bytes.toString('utf8').includes('81000065'),
    );
    expect(exported.name).toBe('tabela-particular-2026.csv');
    expect([...exported.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exported.bytes.toString('utf8').slice(1).split('\r\n')).toEqual([
      'codigo;descricao;valor;tipo;tabela',
      '10101012;Consulta em consultório;250,00;procedimento;',
      '81000065;Limpeza;120,00;procedimento;',
      '',
    ]);
    await shot(page, 'setup/price-tables.png');
  }, 60_000);

  it('gives a new station a one-time code with its QR, then revokes the station', async () => {
    await open(/Instalações/);
    await page.getByRole('row', { name: /Recepção 1/ }).waitFor();
    await page.getByRole('button', { name: 'Nova instalação' }).click();
    const create = page.getByRole('dialog', { name: 'Nova instalação' });
    await page.keyboard.press('Control+Enter');
    await create.getByText('não pode ficar vazio').waitFor();
    await create.getByLabel('Nome').fill('Recepção 2');
    await page.keyboard.press('Control+Enter');
    const code = (await create.getByTestId('enrolment-code').textContent())!;
    expect(code).toMatch(/^[A-Z0-9-]{6,}$/);
    const qr = create.getByRole('img', { name: `QR code do código de instalação ${code}` });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await shot(page, 'setup/enrolment-code.png');
    // The new station uses its code; on closing, the list shows it.
    const enrolled = await server.call('POST', '/installation/enrolment', { body: { code } });
    expect(enrolled.status).toBe(201);
    await create.getByRole('button', { name: 'Fechar' }).click();
    const row = page.getByRole('row', { name: /Recepção 2/ });
    await row.getByText('Ainda não sincronizou').waitFor();
    await shot(page, 'setup/installations.png');
    await page.getByRole('button', { name: 'Revogar Recepção 2' }).click();
    await page.getByRole('dialog', { name: 'Revogar Recepção 2?' }).getByRole('button', { name: 'Revogar' }).click();
    await notice('Instalação Recepção 2 revogada.').waitFor();
    await row.getByText(/^Revogada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
    const listed = await serverItems<{ name: string; revokedAt: string | null }>('/installation/', () => true);
    expect(listed.find((d) => d.name === 'Recepção 2')?.revokedAt).toEqual(expect.any(String));
    expect(listed.find((d) => d.name === 'Recepção 1')?.revokedAt).toBeNull();
  }, 60_000);

  it('shows an API key’s secret once, lists it without, and revokes it', async () => {
    await open(/Chaves de API/);
    await page.getByText('Nenhuma chave de API.').waitFor();
    await page.getByRole('button', { name: 'Nova chave' }).click();
    const create = page.getByRole('dialog', { name: 'Nova chave de API' });
    await create.getByLabel('Nome').fill('ERP financeiro');
    await page.keyboard.press('Control+Enter');
    await create.getByText('ao menos 1 item').waitFor();
    await create.getByLabel('Leitura: Pacientes').check();
    await create.getByLabel('Escrita: Orçamentos').check();
    await page.keyboard.press('Control+Enter');
    const shown = page.getByRole('dialog', { name: 'Chave de API criada' });
    const secret = (await shown.getByTestId('api-key-secret').textContent())!;
    await shown.getByRole('button', { name: 'Copiar chave' }).waitFor();
    await shot(page, 'setup/api-key-secret.png');
    // The key works as the integration would use it.
    expect((await server.call('GET', '/patient/', { key: secret })).status).toBe(200);
    await shown.getByRole('button', { name: 'Fechar' }).click();
    const row = page.getByRole('row', { name: /ERP financeiro/ });
    await row.getByText('Orçamentos (escrita), Pacientes (leitura)').waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await shot(page, 'setup/api-keys.png');
    await page.getByRole('button', { name: 'Revogar ERP financeiro' }).click();
    await page
      .getByRole('dialog', { name: 'Revogar a chave ERP financeiro?' })
      .getByRole('button', { name: 'Revogar' })
      .click();
    await notice('Chave ERP financeiro revogada.').waitFor();
    expect((await server.call('GET', '/patient/', { key: secret })).status).toBe(401);
  }, 60_000);

  it('saves the account settings, refusing an offline window past 30 days', async () => {
    await open(/Conta/);
    const days = page.getByLabel('Dias de entrada sem conexão');
    await expect.poll(() => days.inputValue()).toBe('7');
    await days.fill('40');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('no máximo 30').waitFor();
    await shot(page, 'setup/account-refused.png');
    await days.fill('3');
    await page.getByLabel('Fuso horário da conta').selectOption('America/Recife');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await notice('Configurações da conta salvas.').waitFor();
    const saved = await until(
      async () => (await server.call('GET', '/account/configuration', { token })).body,
      (body) => body['offlineLoginDays'] === 3,
    );
    expect(saved['timeZone']).toBe('America/Recife');
    await page.getByText(/^Alterado em \d{2}\/\d{2}\/\d{4}/).waitFor({ timeout: 30_000 });
    await shot(page, 'setup/account.png');
  }, 60_000);

  it('signed in without the server, says why installations and keys are off', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await env.api.stop();
    try {
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByLabel('Senha').fill(PASSWORD);
      await page.keyboard.press('Enter');
      await mainNav().getByRole('button', { name: 'Administração' }).click({ timeout: 30_000 });
      await open(/Instalações/);
      await page.getByText('Esta seção fica no servidor: sem ele, nem a lista aparece.', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Nova instalação' }).isDisabled()).toBe(true);
      await shot(page, 'setup/installations-offline.png');
      await open(/Chaves de API/);
      expect(await page.getByRole('button', { name: 'Nova chave' }).isDisabled()).toBe(true);
    } finally {
      await env.api.start();
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
