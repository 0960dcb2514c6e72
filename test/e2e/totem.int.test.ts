/**
 * The totem in Chromium against the real server: a patient types a CPF on the on-screen keypad, sees
 * today's appointment under a first name, checks in and gets a ticket shown and printed; the
 * appointment is then waiting for the reception. Screenshots land in test-results/.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../ticket/live-server.js';
import { MARIA_CPF, seedTotemClinic, type TotemClinic } from '../ticket/totem-seed.js';
import { shot } from './screenshot.js';
import { servedRenderer } from './served-renderer.js';

const served = servedRenderer();
let server: LiveServer;
let seeded: TotemClinic;

beforeAll(async () => {
  server = await startLiveServer();
  seeded = await seedTotemClinic(server);
});

afterAll(async () => {
  await server?.close();
});

it('checks a patient in by CPF and shows and prints the ticket, leaving no name behind', async () => {
  const context = await served.browser().newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  // The kiosk's browser prints without a dialog; here each print is counted.
  await context.addInitScript(() => {
    const w = window as unknown as { print: () => void; printed: number };
    w.printed = 0;
    w.print = () => void (w.printed += 1);
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const address = `${served.siteUrl()}/?mode=totem&clinic=${seeded.clinicId}&server=${encodeURIComponent(server.url)}`;
  await page.goto(`${address}#key=${seeded.totemKey}`);

  await expect.poll(() => page.getByRole('heading', { name: 'Bem-vindo(a)' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Clínica Bem Viver').isVisible()).toBe(true);
  // The key left the address bar once stored.
  expect(page.url()).not.toContain(seeded.totemKey);
  await shot(page, 'totem-start.png');

  await page.getByRole('button', { name: /Tenho consulta marcada/ }).click();
  for (const digit of MARIA_CPF) await page.getByRole('button', { name: digit, exact: true }).click();
  await expect.poll(() => page.locator('.cpf-display').textContent()).toBe('529.982.247-25');
  await shot(page, 'totem-cpf.png');
  await page.getByRole('button', { name: 'Confirmar' }).click();

  await expect.poll(() => page.getByRole('heading', { name: 'Olá, Maria!' }).isVisible()).toBe(true);
  expect(await page.textContent('body')).not.toMatch(/Souza|Aparecida/);
  await shot(page, 'totem-appointments.png');
  await page.getByRole('button', { name: '11:00 · Dra. Ana' }).click();

  await expect.poll(() => page.getByTestId('ticket-code').textContent()).toBe('N001');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await shot(page, 'totem-ticket.png');

  const appointment = await server.call('GET', `/appointment/${seeded.appointmentId}`, { token: seeded.admin });
  expect(appointment.body).toMatchObject({ status: 2 });

  // Done: back to the start, nobody's name on screen.
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Bem-vindo(a)' }).isVisible()).toBe(true);
  expect(await page.textContent('body')).not.toContain('Maria');

  // After a power cut the bare address opens the totem again, from what it stored.
  await page.goto(`${served.siteUrl()}/`);
  await expect.poll(() => page.getByRole('heading', { name: 'Bem-vindo(a)' }).isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

it('prints the slip through the desktop bridge inside the app, never through the browser dialog', async () => {
  const context = await served.browser().newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  // The preload's bridge as the desktop app exposes it; its print goes silently to the totem's printer.
  await context.addInitScript(() => {
    const w = window as unknown as { print: () => void; browserPrints: number; bridgePrints: number; clinic: unknown };
    w.browserPrints = 0;
    w.bridgePrints = 0;
    w.print = () => void (w.browserPrints += 1);
    w.clinic = {
      version: '0.1.0',
      print: () => {
        w.bridgePrints += 1;
        return Promise.resolve({ ok: true });
      },
      printer: () => Promise.resolve('Térmica 80mm'),
      kiosk: { isKiosk: () => Promise.resolve(true), exit: () => Promise.resolve({ ok: false, reason: 'unset' }) },
    };
  });
  const page = await context.newPage();
  const address = `${served.siteUrl()}/?mode=totem&clinic=${seeded.clinicId}&server=${encodeURIComponent(server.url)}`;
  await page.goto(`${address}#key=${seeded.totemKey}`);
  await page.getByRole('button', { name: /Não tenho agendamento/ }).click();
  await page.getByRole('button', { name: /Atendimento geral/ }).click();
  await expect.poll(() => page.getByTestId('ticket-code').textContent()).toMatch(/^N\d{3}$/);
  const prints = () =>
    page.evaluate(() => {
      const w = window as unknown as { browserPrints: number; bridgePrints: number };
      return [w.bridgePrints, w.browserPrints];
    });
  await expect.poll(prints).toEqual([1, 0]);
  await context.close();
});

it('goes back to the start when left alone, forgetting what was typed', async () => {
  const context = await served.browser().newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.clock.install();
  const address = `${served.siteUrl()}/?mode=totem&clinic=${seeded.clinicId}&server=${encodeURIComponent(server.url)}`;
  await page.goto(`${address}#key=${seeded.totemKey}`);
  await page.getByRole('button', { name: /Tenho consulta marcada/ }).click();
  for (const digit of '529') await page.getByRole('button', { name: digit, exact: true }).click();
  await expect.poll(() => page.locator('.cpf-display').textContent()).toBe('529');
  await page.clock.runFor(29_000);
  expect(await page.locator('.cpf-display').textContent()).toBe('529');
  await page.clock.runFor(2_000);
  await expect.poll(() => page.getByRole('heading', { name: 'Bem-vindo(a)' }).isVisible()).toBe(true);
  expect(await page.locator('.cpf-display').count()).toBe(0);
  await context.close();
});
