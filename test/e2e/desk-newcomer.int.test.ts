/**
 * A new clinic's desk, as issue 20 tried it, in a Chromium set up in English (en-US) against the real
 * server: the first run asks for the server's address and says in pt-BR when nothing, or no Clinic
 * server, answers there; a good address signs in and is remembered; Configurações changes it (tested the
 * same way) and the station keeps syncing at the new address; dates are typed and shown dd/mm/aaaa,
 * times HH:mm, phones (11) 98346-9134; no English on the login. Screenshots at 1366×768 and 1024×768
 * go to test-results/desk-newcomer/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { listenLocal, unusedLocalUrl, type LocalServer } from './http.js';
import { shot } from './screenshot.js';

const ACCOUNT = 'Clinica Nova';
/** seedAdmin's admin. */
const EMAIL = 'admin@clinicanova.test';
const PASSWORD = 'senha-muito-segura-1';

const env = deskEnvironment();
let adminToken: string;
/** Something that answers on the network but is not a Clinic server (a router's page). */
let router: LocalServer;
let nobody: string;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  ({ token: adminToken } = await seedAdmin(env.server, ACCOUNT));
  router = await listenLocal((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' });
    response.end('<html><body>Roteador Wi-Fi</body></html>');
  });
  nobody = await unusedLocalUrl();
  // A first run: nothing in localStorage, the browser in American English.
  context = await env.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
}, 60_000);

afterAll(async () => {
  await context?.close();
  await router?.close();
});

/** Every text a person reads or hears on the page: visible text, labels, placeholders, titles. */
async function everythingSaid(): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap((el) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });
}

/** Fills the login (server address too when it is asked) and presses Enter. */
async function signIn(server: string | null): Promise<void> {
  if (server !== null) await page.getByLabel('Endereço do servidor').fill(server);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByRole('textbox', { name: 'Senha' }).fill(PASSWORD);
  await page.keyboard.press('Enter');
}

async function bothSizes(name: string): Promise<void> {
  await shot(page, `desk-newcomer/${name}-1366.png`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, `desk-newcomer/${name}-1024.png`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('a new desk in an English browser', () => {
  it('asks for the server on the first run, in pt-BR, and says why an address does not do', async () => {
    await page.goto(env.site.url);
    const address = page.getByLabel('Endereço do servidor');
    await address.waitFor({ timeout: 20_000 });
    expect(await address.inputValue()).toBe('http://localhost:3000');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await page
      .getByRole('button', { name: 'Mostrar ou ocultar os caracteres digitados' })
      .waitFor({ state: 'attached' });
    const said = await everythingSaid();
    expect(said).toContain('Entrar no Clinic');
    expect(said).not.toMatch(/toggle|password|visibility|sign in|server address|e-?mail address|checking/i);
    await bothSizes('first-run');

    await signIn(nobody);
    await page
      .getByRole('alert')
      .filter({ hasText: `Nenhum servidor respondeu em ${nobody}. Confira o endereço e a porta` })
      .waitFor({ timeout: 20_000 });
    await bothSizes('unreachable');

    await signIn(router.url.replace('http://', ''));
    await page
      .getByRole('alert')
      .filter({ hasText: `O endereço ${router.url} respondeu, mas não é um servidor Clinic` })
      .waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('clinic.serverUrl'))).toBeNull();

    await signIn(`${env.api.url}/`);
    await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('clinic.serverUrl'))).toBe(env.api.url);
    await bothSizes('signed-in');
  }, 90_000);

  it('remembers the server: the next sign-in only shows it, with "Alterar servidor"', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByText(`Servidor: ${env.api.url}`).waitFor();
    expect(await page.getByLabel('Endereço do servidor').count()).toBe(0);
    // Nothing clipped: the button shows its whole label.
    expect(
      await page
        .getByRole('button', { name: 'Alterar servidor' })
        .evaluate((button) => [...button.querySelectorAll('*')].every((el) => el.scrollWidth <= el.clientWidth + 1)),
    ).toBe(true);
    await bothSizes('remembered');
    // "Alterar servidor" opens the field again; "Manter o atual" puts the line back.
    await page.getByRole('button', { name: 'Alterar servidor' }).click();
    expect(await page.getByLabel('Endereço do servidor').inputValue()).toBe(env.api.url);
    await bothSizes('change-asked');
    await page.getByRole('button', { name: 'Manter o atual' }).click();
    await page.getByRole('button', { name: 'Alterar servidor' }).waitFor();
    await signIn(null);
    await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
    const code = await env.server.call('POST', '/installation/enrolmentCode', {
      token: adminToken,
      body: { name: 'Recepção 1', kind: 'desk' },
    });
    expect(code.status).toBe(201);
    expect(await page.getByLabel('Endereço do servidor').inputValue()).toBe(env.api.url);
    await page.getByLabel('Código de instalação').fill(String(code.body['code']));
    await page.getByRole('button', { name: 'Conectar estação' }).click();
    await page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
  }, 90_000);

  it('changes the server in Configurações only to an address that answers, and keeps syncing there', async () => {
    await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
    const address = page.getByLabel('Endereço do servidor');
    expect(await address.inputValue()).toBe(env.api.url);
    await address.fill(nobody);
    await page.getByRole('button', { name: 'Testar e salvar' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Nenhum servidor respondeu em ${nobody}` })
      .waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('clinic.serverUrl'))).toBe(env.api.url);
    await bothSizes('settings-refused');

    // The same server under another name (a new IP, a host name): the station follows it.
    const renamed = env.api.url.replace('127.0.0.1', 'localhost');
    await address.fill(renamed);
    await page.getByRole('button', { name: 'Testar e salvar' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Servidor alterado para ${renamed}.` })
      .waitFor({ timeout: 20_000 });
    const kept = await page.evaluate(() => ({
      desk: localStorage.getItem('clinic.serverUrl'),
      installation: (JSON.parse(localStorage.getItem('clinic.installation') ?? '{}') as { serverUrl?: string })
        .serverUrl,
    }));
    expect(kept).toEqual({ desk: renamed, installation: renamed });
    await page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    await bothSizes('settings-changed');
  }, 90_000);

  it('takes and shows dates as dd/mm/aaaa and phones as (11) 98346-9134', async () => {
    await page.getByRole('navigation').getByRole('button', { name: 'Pacientes' }).click();
    await page.getByRole('button', { name: 'Novo paciente' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nome completo' }).fill('Joana Newcomer');
    const birth = dialog.getByLabel('Nascimento');
    expect(await birth.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await birth.pressSequentially('25111990');
    expect(await birth.inputValue()).toBe('25/11/1990');
    await dialog.getByLabel('Celular').pressSequentially('11983469134');
    await bothSizes('patient-form');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Joana Newcomer' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('25/11/1990');
    expect(await row.innerText()).toContain('(11) 98346-9134');
    expect(await row.innerText()).not.toContain('+55');

    expect(problems).toEqual([]);
  }, 90_000);

  it('types times on 24 h and days as dd/mm/aaaa in the agenda, and shows a patient phone formatted (demo)', async () => {
    const demo = await env.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    await demo.addInitScript((url) => localStorage.setItem('clinic.serverUrl', url), nobody);
    const desk = await demo.newPage();
    desk.on('pageerror', (error) => problems.push(error.message));
    await desk.goto(env.site.url);
    await desk.getByRole('button', { name: 'Experimente a clínica de demonstração' }).click();
    await desk.getByText('5 agendamentos · 3 confirmados · 1 aguardando').waitFor({ timeout: 30_000 });

    await desk.locator('.appt').first().click();
    const phone = desk.getByText(/^Celular /);
    await phone.waitFor();
    expect(await phone.innerText()).toMatch(/^Celular \(11\) 9\d{4}-\d{4}$/);
    await desk.keyboard.press('Escape');

    await desk.getByRole('button', { name: 'Bloquear horário' }).first().click();
    const block = desk.getByRole('dialog', { name: 'Bloquear horário' });
    const day = block.getByRole('textbox', { name: 'Dia' });
    await day.waitFor();
    expect(await day.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await day.fill('');
    await day.pressSequentially('25112026');
    const from = block.getByRole('textbox', { name: 'Das' });
    await from.click();
    expect(await day.inputValue()).toBe('25/11/2026');
    expect(await from.inputValue()).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    await from.fill('');
    await from.pressSequentially('1430');
    expect(await from.inputValue()).toBe('14:30');
    await day.fill('');
    await day.pressSequentially('31042026');
    await from.click();
    await block.getByText('Data inválida: use dd/mm/aaaa').waitFor();
    await shot(desk, 'desk-newcomer/block-dialog-1366.png');
    await desk.setViewportSize({ width: 1024, height: 768 });
    await shot(desk, 'desk-newcomer/block-dialog-1024.png');
    expect(problems).toEqual([]);
    await demo.close();
  }, 90_000);

  it('opens with the server a ?server= address proposes, tested before it is kept', async () => {
    const other = await env.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    const proposed = await other.newPage();
    await proposed.goto(`${env.site.url}/?server=${encodeURIComponent(env.api.url)}`);
    const address = proposed.getByLabel('Endereço do servidor');
    await address.waitFor({ timeout: 20_000 });
    expect(await address.inputValue()).toBe(env.api.url);
    await other.close();
  }, 60_000);
});
