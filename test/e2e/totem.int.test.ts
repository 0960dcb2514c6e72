/**
 * The totem in Chromium (portrait 1080×1920) against the real server: a patient types a CPF and the
 * birth date on the on-screen keypad, sees today's appointment under a first name, says whether she
 * has a legal priority, checks in and gets a ticket. A plain browser prints nothing (no print dialog
 * in front of the patient) and says to photograph the code; the desktop app prints silently. A
 * second visit says "Você já fez o check-in — senha N001"; an 86-year-old gets a priority ticket from
 * his record without being asked; a wrong birth date reveals nothing; a totem whose server is down or
 * whose key was revoked says it is out of service before anyone starts. Screenshots in test-results/totem/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../ticket/live-server.js';
import { JOSE_CPF, MARIA_CPF, seedTotemClinic, type TotemClinic } from '../ticket/totem-seed.js';
import { unusedLocalUrl } from './http.js';
import { shot } from './screenshot.js';
import { servedRenderer } from './served-renderer.js';

const served = servedRenderer();
let server: LiveServer;
let seeded: TotemClinic;
const PORTRAIT = { width: 1080, height: 1920 };

beforeAll(async () => {
  server = await startLiveServer();
  seeded = await seedTotemClinic(server);
});

afterAll(async () => {
  await server?.close();
});

const totemAddress = (serverUrl = server.url) =>
  `${served.siteUrl()}/?mode=totem&clinic=${seeded.clinicId}&server=${encodeURIComponent(serverUrl)}#key=${seeded.totemKey}`;

/** A fresh portrait totem whose window.print and desktop bridge prints are counted. */
async function openTotem(options: { bridge?: boolean; serverUrl?: string; clock?: boolean } = {}) {
  const context = await served.browser().newContext({ viewport: PORTRAIT, locale: 'pt-BR' });
  await context.addInitScript((bridge) => {
    const w = window as unknown as { print: () => void; browserPrints: number; bridgePrints: number; clinic: unknown };
    w.browserPrints = 0;
    w.bridgePrints = 0;
    w.print = () => void (w.browserPrints += 1);
    // The preload's bridge as the desktop app exposes it; its print goes silently to the totem's printer.
    if (bridge)
      w.clinic = {
        version: '0.1.0',
        print: () => {
          w.bridgePrints += 1;
          return Promise.resolve({ ok: true });
        },
        printer: () => Promise.resolve('Térmica 80mm'),
        kiosk: { isKiosk: () => Promise.resolve(true), exit: () => Promise.resolve({ ok: false, reason: 'unset' }) },
      };
  }, options.bridge ?? false);
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(totemAddress(options.serverUrl));
  const prints = () =>
    page.evaluate(() => {
      const w = window as unknown as { browserPrints: number; bridgePrints: number };
      return { bridge: w.bridgePrints, browser: w.browserPrints };
    });
  return { context, page, errors, prints };
}

async function type(page: Page, digits: string) {
  for (const digit of digits) await page.getByRole('button', { name: digit, exact: true }).click();
}

/** From the start screen: "Tenho consulta marcada", the CPF, then the birth date (`ddmmyyyy`). */
async function identify(page: Page, cpf: string, birth: string, shots?: string) {
  await page.getByRole('button', { name: /Tenho consulta marcada/ }).click();
  await type(page, cpf);
  if (shots) await shot(page, `totem/${shots}-cpf.png`);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByRole('heading', { name: 'Digite sua data de nascimento' }).waitFor();
  await type(page, birth);
  await expect
    .poll(() => page.locator('.birth-display').textContent())
    .toBe(`${birth.slice(0, 2)}/${birth.slice(2, 4)}/${birth.slice(4)}`);
  if (shots) await shot(page, `totem/${shots}-birth.png`);
  await page.getByRole('button', { name: 'Confirmar' }).click();
}

const welcome = (page: Page) => page.getByRole('heading', { name: 'Bem-vindo(a)' });

it('checks Maria in by CPF and birth date, shows a ticket to photograph without any print dialog, and knows her next time', async () => {
  const { context, page, errors, prints } = await openTotem();
  await welcome(page).waitFor();
  await expect.poll(() => page.getByText('Clínica Bem Viver').isVisible()).toBe(true);
  // The key left the address bar once stored.
  expect(page.url()).not.toContain(seeded.totemKey);
  await shot(page, 'totem/start.png');

  await identify(page, MARIA_CPF, '17051980', 'maria');
  await page.getByRole('heading', { name: 'Olá, Maria!' }).waitFor();
  expect(await page.textContent('body')).not.toMatch(/Souza|Aparecida/);
  await shot(page, 'totem/maria-appointments.png');
  await page.getByRole('button', { name: '11:00 · Dra. Ana' }).click();

  // Her record gives no priority (46 years old): she is asked, and may say no.
  await page.getByRole('heading', { name: 'Você tem direito a atendimento prioritário?' }).waitFor();
  expect(await page.getByRole('button', { name: 'Pessoa idosa (60+)' }).count()).toBe(0);
  await shot(page, 'totem/maria-priority.png');
  await page.getByRole('button', { name: 'Não', exact: true }).click();

  await expect.poll(() => page.getByTestId('ticket-code').textContent()).toBe('N001');
  await page.getByText('Este totem não imprime a senha. Fotografe ou anote sua senha.').waitFor();
  expect(await page.getByText('Retire sua senha impressa abaixo.').count()).toBe(0);
  // Large enough to photograph from a phone at arm's length.
  const height = await page.getByTestId('ticket-code').evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeGreaterThan(180);
  await shot(page, 'totem/maria-ticket.png');
  expect(await prints()).toEqual({ bridge: 0, browser: 0 });
  const appointment = await server.call('GET', `/appointment/${seeded.appointmentId}`, { token: seeded.admin });
  expect(appointment.body).toMatchObject({ status: 2 });

  // Done: back to the start, nobody's name on screen.
  await page.getByRole('button', { name: 'Concluir' }).click();
  await welcome(page).waitFor();
  expect(await page.textContent('body')).not.toContain('Maria');

  // She comes back to the totem: told she already checked in, with her ticket, and offered no second one.
  await identify(page, MARIA_CPF, '17051980');
  await page.getByText('Você já fez o check-in — senha N001').waitFor();
  expect(await page.getByRole('button', { name: /11:00/ }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /Retirar senha/ }).count()).toBe(0);
  await shot(page, 'totem/maria-already.png');

  // After a power cut the bare address opens the totem again, from what it stored.
  await page.goto(`${served.siteUrl()}/`);
  await welcome(page).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

it('reveals nothing for a wrong birth date, the same as for an unknown CPF', async () => {
  const { context, page } = await openTotem();
  await welcome(page).waitFor();
  await identify(page, JOSE_CPF, '23111941');
  await page.getByRole('heading', { name: 'Não encontramos consulta para estes dados.' }).waitFor();
  expect(await page.textContent('body')).not.toMatch(/José|11:30|Dra\. Ana/);
  await page.getByRole('button', { name: 'Digitar de novo' }).waitFor();
  await shot(page, 'totem/wrong-birth-date.png');
  await context.close();
});

it('gives José (86) a priority ticket from his record without asking, printed silently in the desktop app', async () => {
  const { context, page, prints } = await openTotem({ bridge: true });
  await welcome(page).waitFor();
  await identify(page, JOSE_CPF, '23111940');
  await page.getByRole('heading', { name: 'Olá, José!' }).waitFor();
  await page.getByRole('button', { name: '11:30 · Dra. Ana' }).click();
  await expect.poll(() => page.getByTestId('ticket-code').textContent()).toBe('P001');
  await page.getByText('Retire sua senha impressa abaixo.').waitFor();
  expect(await page.getByText(/Fotografe/).count()).toBe(0);
  await expect.poll(prints).toEqual({ bridge: 1, browser: 0 });
  await shot(page, 'totem/jose-ticket-printed.png');
  const ticket = await server.call('GET', `/clinic/${seeded.clinicId}/panel`, { token: seeded.admin });
  expect(ticket.body).toMatchObject({ waiting: 2 });
  await context.close();
});

it('goes back to the start when left alone, forgetting what was typed', async () => {
  const { context, page } = await openTotem({ clock: true });
  await page.getByRole('button', { name: /Tenho consulta marcada/ }).click();
  await type(page, '529');
  await expect.poll(() => page.locator('.cpf-display').textContent()).toBe('529');
  await page.clock.runFor(29_000);
  expect(await page.locator('.cpf-display').textContent()).toBe('529');
  await page.clock.runFor(2_000);
  await welcome(page).waitFor();
  expect(await page.locator('.cpf-display').count()).toBe(0);
  await context.close();
});

it('says it is out of service before anyone starts: with no server, and once its key is revoked', async () => {
  const down = await openTotem({ serverUrl: await unusedLocalUrl() });
  await down.page.getByText('Totem fora de serviço — dirija-se à recepção').waitFor();
  expect(await down.page.getByRole('button', { name: /Tenho consulta marcada/ }).count()).toBe(0);
  await shot(down.page, 'totem/out-of-service.png');
  await down.context.close();

  const { context, page } = await openTotem({ clock: true });
  await welcome(page).waitFor();
  await page.getByRole('button', { name: /Tenho consulta marcada/ }).waitFor();
  const revoked = await server.call('DELETE', `/clinic/${seeded.clinicId}/totemLogin`, { token: seeded.admin });
  expect(revoked.status).toBeLessThan(300);
  await page.clock.runFor(31_000);
  await page.getByText('Totem fora de serviço — dirija-se à recepção').waitFor();
  expect(await page.getByRole('button', { name: /Tenho consulta marcada/ }).count()).toBe(0);
  await context.close();
});

it('tells an unconfigured kiosk what is missing in words, never the raw field names', async () => {
  const context = await served.browser().newContext({ viewport: PORTRAIT, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(`${served.siteUrl()}/?mode=totem`);
  await page.getByText('Falta configurar: a clínica, a chave de acesso do totem.').waitFor();
  expect(await page.textContent('body')).not.toMatch(/\bkey\b|\bclinic\b/);
  await shot(page, 'totem/not-configured.png');
  await context.close();
});
