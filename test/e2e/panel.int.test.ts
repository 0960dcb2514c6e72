/**
 * The waiting-room panel in Chromium against the real server: the reception calls over REST and the
 * panel, in another browser context, shows the call within a second (pushed over the websocket) and
 * says it aloud; a recall says it again. Screenshot in test-results/.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../ticket/live-server.js';
import { seedTotemClinic, type TotemClinic } from '../ticket/totem-seed.js';
import { shot } from './screenshot.js';
import { servedRenderer } from './served-renderer.js';

const served = servedRenderer();
let server: LiveServer;
let seeded: TotemClinic;

beforeAll(async () => {
  server = await startLiveServer();
  seeded = await seedTotemClinic(server, 'painel');
});

afterAll(async () => {
  await server?.close();
});

it('shows the reception’s call within a second and announces calls and recalls', async () => {
  const issue = () =>
    server.call('POST', `/clinic/${seeded.clinicId}/totem/checkIn`, { key: seeded.totemKey, body: {} });
  await issue();
  await issue();

  const context = await served.browser().newContext({ viewport: { width: 1280, height: 720 }, locale: 'pt-BR' });
  // What the panel says aloud, kept for the test (headless Chromium has no voices).
  await context.addInitScript(() => {
    const w = window as unknown as { spoken: string[] };
    w.spoken = [];
    Object.defineProperty(window, 'speechSynthesis', {
      value: { speak: (u: { text: string }) => w.spoken.push(u.text), cancel: () => undefined },
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const address = `${served.siteUrl()}/?mode=panel&clinic=${seeded.clinicId}&server=${encodeURIComponent(server.url)}`;
  await page.goto(`${address}#key=${seeded.totemKey}`);
  // The list arrived over the socket: two tickets wait.
  await expect.poll(() => page.getByText('2 aguardando').isVisible(), { timeout: 5000 }).toBe(true);

  const sent = Date.now();
  const called = await server.call('POST', `/clinic/${seeded.clinicId}/place/${seeded.deskId}/call`, {
    token: seeded.admin,
    body: {},
  });
  const code = (called.body.ticket as { code: string }).code;
  await page.getByTestId('current-call').getByText(code).waitFor({ timeout: 1000 });
  const shownAfter = Date.now() - sent;
  expect(shownAfter).toBeLessThan(1000);
  await expect.poll(() => page.getByTestId('current-call').textContent()).toContain('Guichê 1');
  await expect
    // Speech follows the chime (1.3 s when the audio context runs), so it gets more than poll's 1 s.
    .poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken), { timeout: 5000 })
    .toEqual(['Senha N 0 0 1, Guichê 1']);

  await server.call('POST', `/clinic/${seeded.clinicId}/place/${seeded.deskId}/call`, {
    token: seeded.admin,
    body: {},
  });
  await page.getByTestId('current-call').getByText('N002').waitFor({ timeout: 1000 });
  await server.call('POST', `/clinic/${seeded.clinicId}/place/${seeded.deskId}/recall`, {
    token: seeded.admin,
    body: {},
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length), { timeout: 5000 })
    .toBe(3);
  await expect.poll(() => page.locator('.panel-item').first().textContent()).toContain('N001');
  await page.waitForTimeout(1500); // the call's flash settles before the picture
  await shot(page, 'panel.png');
  expect(errors).toEqual([]);
  console.info(`panel showed the call ${shownAfter} ms after the REST answer`);
  await context.close();
});
