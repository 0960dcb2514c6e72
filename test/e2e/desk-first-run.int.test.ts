/**
 * Issue 22's first run, in headless Chromium against the real server (a fresh SQLite file): the
 * account's first admin signs in on a new desk, connects it as admin (no code made elsewhere) and,
 * with no clinic yet, gets the assistant in the agenda's place. A reload half-way loses nothing typed; refused input shows the core's pt-BR
 * message under its field; the assistant saves the clinic (hours every day), a professional with
 * council, specialty and slot length, procedures with prices, an insurance, keeps this station as
 * the reception and ends on the agenda, where a slot its hours created books. Then Instalações
 * shows a code, a second station enrols with it and shows the booking. Screenshots at 1366×768 of
 * each step go to test-results/first-run/.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage } from './desk-page.js';
import { shot } from './screenshot.js';
import { tomorrow } from './tomorrow.js';
import { until } from './until.js';

/** seedAdmin's admin of "Clinica Vida": the account's first and only user. */
const EMAIL = 'admin@clinicavida.test';
const PASSWORD = 'senha-muito-segura-1';
const SLOT = /^08:00, Dra\. Júlia Ramos: /;

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let page: Page;
const problems: string[] = [];

const assistant = () => page.getByRole('region', { name: 'Assistente de configuração' });
const stepTitle = (text: string) => assistant().getByRole('heading', { name: text, level: 4 }).waitFor();
const mainNav = (on: Page) => on.getByRole('navigation', { name: 'Navegação principal' });

/** `GET path` on the server as the admin, until `ok` holds for its items. */
function serverItems<T>(path: string, ok: (items: T[]) => boolean): Promise<T[]> {
  return until(async () => (await server.call('GET', path, { token })).body['items'] as T[], ok);
}

beforeAll(async () => {
  server = env.server;
  ({ token } = await seedAdmin(server, 'Clinica Vida'));
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `first-run/failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`);
});

describe('the first-run assistant', () => {
  it('opens for the first admin in the agenda’s place and keeps what was typed across a reload', async () => {
    // No station exists yet: the admin connects this one from its set-up screen, no code made elsewhere.
    await page.goto(env.site.url);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
    await shot(page, 'first-run/0-station-setup.png');
    await page.getByRole('button', { name: 'Conectar esta estação como administrador' }).click();
    await page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    await stepTitle('Passo 1 de 5: Clínica');
    const a = assistant();
    await a.getByLabel('Nome').first().fill('Clínica Vida');
    await a.getByLabel('CNPJ').fill('11.222.333/0001-00');
    await page.reload();
    await stepTitle('Passo 1 de 5: Clínica');
    expect(await a.getByLabel('Nome').first().inputValue()).toBe('Clínica Vida');
    expect(await a.getByLabel('CNPJ').inputValue()).toBe('11.222.333/0001-00');
    await shot(page, 'first-run/1-clinic.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await shot(page, 'first-run/1-clinic-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });
  }, 120_000);

  it('refuses a bad CNPJ under its field, then saves the clinic open every day', async () => {
    const a = assistant();
    await page.keyboard.press('Control+Enter');
    await a.getByText('CNPJ inválido (confira os dígitos verificadores)').waitFor();
    await shot(page, 'first-run/1-clinic-refused.png');
    await a.getByLabel('CNPJ').fill('11.222.333/0001-81');
    await a.getByLabel('Cidade').fill('Campinas');
    await a.getByLabel('UF').fill('SP');
    await a.getByLabel('sábado', { exact: true }).check();
    await a.getByLabel('domingo', { exact: true }).check();
    await page.keyboard.press('Control+Enter');
    await stepTitle('Passo 2 de 5: Profissionais');
    const [clinic] = await serverItems<{ name: string; openingHours: unknown[] }>('/clinic/', (c) => c.length === 1);
    expect(clinic?.name).toBe('Clínica Vida');
    expect(clinic?.openingHours).toHaveLength(7);
  }, 120_000);

  it('adds a professional with council, a new specialty and 30-minute slots', async () => {
    const a = assistant();
    await a.getByLabel('Nome do profissional').fill('Dra. Júlia Ramos');
    await a.getByLabel('E-mail').fill('julia@clinicavida.test');
    await a.getByLabel('Conselho', { exact: true }).selectOption('CRO');
    await a.getByLabel('Número no conselho').fill('12345');
    await a.getByLabel('UF do conselho').selectOption('SP');
    await a.getByLabel('Especialidade').fill('Ortodontia');
    await shot(page, 'first-run/2-professionals.png');
    await page.keyboard.press('Control+Enter');
    await stepTitle('Passo 3 de 5: Procedimentos');
    const [julia] = await serverItems<{ council: string; specialties: string[] }>(
      '/user/?role=professional',
      (u) => u.length === 1 && u[0]!.specialties.length === 1,
    );
    expect(julia?.council).toBe('CRO');
  }, 120_000);

  it('refuses a price that is no amount, then saves procedures with their prices', async () => {
    const a = assistant();
    await a.getByLabel('Procedimento 1', { exact: true }).fill('Consulta odontológica');
    await a.getByLabel('Preço do procedimento 1').fill('150,00');
    await a.getByRole('button', { name: 'Mais um procedimento' }).click();
    await a.getByLabel('Procedimento 2', { exact: true }).fill('Limpeza');
    await a.getByLabel('Duração em minutos do procedimento 2').fill('40');
    await a.getByLabel('Preço do procedimento 2').fill('cento e vinte');
    await page.keyboard.press('Control+Enter');
    await a.getByText('valor inválido: use, por exemplo, 150,00').waitFor();
    await shot(page, 'first-run/3-procedures-refused.png');
    await a.getByLabel('Preço do procedimento 2').fill('R$ 120,00');
    await page.keyboard.press('Control+Enter');
    await stepTitle('Passo 4 de 5: Convênios');
    const [table] = await serverItems<{ id: string }>('/priceTable/', (t) => t.length === 1);
    const prices = await serverItems<{ value: number }>(`/priceTable/${table!.id}/price/`, (p) => p.length === 2);
    expect(prices.map((p) => p.value).sort()).toEqual([120, 150]);
  }, 120_000);

  it('refuses a short ANS registry, then saves the insurance', async () => {
    const a = assistant();
    await a.getByRole('button', { name: 'Adicionar convênio' }).click();
    await a.getByLabel('Convênio 1', { exact: true }).fill('Odonto Exemplo');
    await a.getByLabel('Registro ANS do convênio 1').fill('12345');
    await page.keyboard.press('Control+Enter');
    await a.getByText('registro ANS tem 6 dígitos').waitFor();
    await shot(page, 'first-run/4-insurances.png');
    await a.getByLabel('Registro ANS do convênio 1').fill('123456');
    await page.keyboard.press('Control+Enter');
    await stepTitle('Passo 5 de 5: Esta estação');
    await serverItems('/insurance/', (i) => i.length === 1);
    await shot(page, 'first-run/5-station.png');
  }, 120_000);

  it('keeps this station as the reception and ends on the agenda, where a slot it created books', async () => {
    await assistant().getByRole('button', { name: 'Concluir e abrir a agenda' }).click();
    await page.getByRole('columnheader', { name: 'Dra. Júlia Ramos' }).waitFor({ timeout: 30_000 });
    const patient = await server.call('POST', '/patient/', {
      token,
      body: { name: 'Maria Aparecida da Silva', cpf: '52998224725', insurances: [] },
    });
    expect(patient.status).toBe(201);
    await page.keyboard.press('Alt+ArrowRight');
    const day = tomorrow();
    await page.getByRole('heading', { level: 3, name: new RegExp(`${Number(day.split('-')[2])} de`) }).waitFor();
    await page.getByRole('button', { name: SLOT }).focus();
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.waitFor();
    await page.getByRole('combobox', { name: 'Paciente' }).fill('Maria');
    await dialog.getByRole('option', { name: /Maria Aparecida da Silva/ }).click({ timeout: 30_000 });
    await dialog.getByTestId('picked-patient').filter({ hasText: 'Maria Aparecida da Silva' }).waitFor();
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^08:00, Dra\. Júlia Ramos: Maria Aparecida da Silva, Agendado/ }).waitFor();
    await shot(page, 'first-run/6-agenda-booked.png');
  }, 120_000);

  it('enrols a second station with the code Instalações shows, and the booking is there', async () => {
    await mainNav(page).getByRole('button', { name: 'Administração' }).click();
    await page
      .getByRole('navigation', { name: 'Seções da administração' })
      .getByRole('button', { name: /Instalações/ })
      .click();
    await page.getByRole('button', { name: 'Nova instalação' }).click();
    const create = page.getByRole('dialog', { name: 'Nova instalação' });
    await create.getByLabel('Nome').fill('Recepção 2');
    await page.keyboard.press('Control+Enter');
    const code = (await create.getByTestId('enrolment-code').textContent())!;
    await shot(page, 'first-run/7-enrolment-code.png');

    const second = await openDeskPage(env.browser, env.api.url, problems);
    await second.setViewportSize({ width: 1366, height: 768 });
    await second.goto(env.site.url);
    await second.getByLabel('E-mail').fill(EMAIL);
    await second.getByLabel('Senha').fill(PASSWORD);
    await second.keyboard.press('Enter');
    await second.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
    await second.getByLabel('Código de instalação').fill(code);
    await second.getByRole('button', { name: 'Conectar estação' }).click();
    await second.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    await second.getByRole('columnheader', { name: 'Dra. Júlia Ramos' }).waitFor({ timeout: 30_000 });
    await second.keyboard.press('Alt+ArrowRight');
    await second
      .getByRole('button', { name: /^08:00, Dra\. Júlia Ramos: Maria Aparecida da Silva, Agendado/ })
      .waitFor({ timeout: 30_000 });
    await shot(second, 'first-run/8-second-station.png');
    await create.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('row', { name: /Recepção 2/ }).waitFor();
    await page.getByRole('row', { name: /Recepção 1/ }).waitFor();
    expect(problems).toEqual([]);
  }, 180_000);

  it('gives the clinic’s totem an access whose address opens the totem, then disables it', async () => {
    await page
      .getByRole('navigation', { name: 'Seções da administração' })
      .getByRole('button', { name: /Clínica/ })
      .click();
    await page.getByRole('button', { name: 'Acesso do totem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Acesso do totem e do painel' });
    await dialog.getByRole('button', { name: 'Gerar acesso' }).click();
    const address = (await dialog.getByTestId('kiosk-address-totem').textContent())!;
    expect(address).toMatch(/\?mode=totem&clinic=.+#key=/);
    await shot(page, 'first-run/9-totem-access.png');

    const kiosk = await (await env.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    kiosk.on('pageerror', (error) => problems.push(error.message));
    await kiosk.goto(address);
    await kiosk.getByRole('heading', { name: 'Bem-vindo(a)' }).waitFor({ timeout: 30_000 });
    await kiosk.getByText('Clínica Vida').first().waitFor({ timeout: 30_000 });
    await shot(kiosk, 'first-run/10-totem.png');
    await kiosk.context().close();

    await dialog.getByRole('button', { name: 'Desativar acesso' }).click();
    await dialog.getByText('Acesso do totem desativado.').waitFor();
    expect(problems).toEqual([]);
  }, 120_000);
});
