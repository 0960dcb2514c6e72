/**
 * The waiting-room panel on a 1920×1080 TV in Chromium against the real server: the reception calls
 * over REST and the panel, in another browser context, shows the call within a second (pushed over the
 * websocket) and says it aloud; a recall says it again. Two calls 800 ms apart are each heard whole
 * (issue 19): the page's speech engine is instrumented to count what it started and finished, and what
 * was cut. The last calls are read from 5 m; the web panel asks for sound once and remembers.
 * Screenshots in test-results/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../ticket/live-server.js';
import { seedTotemClinic, type TotemClinic } from '../ticket/totem-seed.js';
import { shot } from './screenshot.js';
import { servedRenderer } from './served-renderer.js';

const served = servedRenderer();
let server: LiveServer;
let seeded: TotemClinic;

/** How long the instrumented voice takes to say one announcement, ms (a real voice takes ~2–3 s). */
const SAYING_MS = 1500;

/** What the instrumented speech engine saw: each utterance and whether it started, ended, was cut. */
interface Heard {
  text: string;
  started: number | null;
  ended: number | null;
  cut: boolean;
}

beforeAll(async () => {
  server = await startLiveServer();
  seeded = await seedTotemClinic(server, 'painel');
});

afterAll(async () => {
  await server?.close();
});

/**
 * A 1920×1080 pt-BR context whose speech engine behaves as Chromium's with a voice (headless Chromium
 * has none): one utterance at a time, the rest queued, `start` and `end` events fired on the
 * utterance, `cancel()` cutting the one being said. `window.heard` keeps the record.
 */
async function panelContext(options: { gateAudio?: boolean } = {}): Promise<BrowserContext> {
  const context = await served.browser().newContext({ viewport: { width: 1920, height: 1080 }, locale: 'pt-BR' });
  await context.addInitScript(
    ({ sayingMs, gateAudio }) => {
      const w = window as unknown as { heard: Heard[] };
      w.heard = [];
      const queue: { utterance: SpeechSynthesisUtterance; record: Heard }[] = [];
      let current: { utterance: SpeechSynthesisUtterance; record: Heard; timer: number } | undefined;
      const run = () => {
        const item = queue.shift();
        if (!item) {
          current = undefined;
          return;
        }
        item.record.started = performance.now();
        item.utterance.dispatchEvent(new Event('start'));
        const timer = window.setTimeout(() => {
          item.record.ended = performance.now();
          item.utterance.dispatchEvent(new Event('end'));
          run();
        }, sayingMs);
        current = { ...item, timer };
      };
      Object.defineProperty(window, 'speechSynthesis', {
        value: {
          speak(utterance: SpeechSynthesisUtterance) {
            const record: Heard = { text: utterance.text, started: null, ended: null, cut: false };
            w.heard.push(record);
            queue.push({ utterance, record });
            if (!current) run();
          },
          cancel() {
            for (const item of queue.splice(0)) item.record.cut = true;
            if (current) {
              clearTimeout(current.timer);
              current.record.cut = true;
              current.utterance.dispatchEvent(new Event('error'));
              current = undefined;
            }
          },
          getVoices: () => [],
        },
      });
      if (!gateAudio) {
        // As the desktop app (autoplay allowed): the audio context runs from the start. Headless
        // Chromium without an audio device may keep a real one suspended.
        const Real = window.AudioContext;
        class Running extends Real {
          override get state(): AudioContextState {
            return 'running';
          }
        }
        window.AudioContext = Running;
      } else {
        // A desktop browser holds audio back until the page is touched: gate it the same way (a real
        // pointer or key event opens it; headless Chromium would otherwise let it play at once).
        let touched = false;
        for (const name of ['pointerdown', 'keydown'])
          window.addEventListener(name, () => (touched = true), { capture: true });
        const Real = window.AudioContext;
        class Gated extends Real {
          override get state(): AudioContextState {
            return touched ? super.state : 'suspended';
          }
        }
        window.AudioContext = Gated;
      }
    },
    { sayingMs: SAYING_MS, gateAudio: options.gateAudio ?? false },
  );
  return context;
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);

const panelAddress = () =>
  `${served.siteUrl()}/?mode=panel&clinic=${seeded.clinicId}&server=${encodeURIComponent(server.url)}#key=${seeded.totemKey}`;

const call = () =>
  server.call('POST', `/clinic/${seeded.clinicId}/place/${seeded.deskId}/call`, { token: seeded.admin, body: {} });

it('shows the reception’s call within a second, and each of two calls 800 ms apart is heard whole', async () => {
  const issue = () =>
    server.call('POST', `/clinic/${seeded.clinicId}/totem/checkIn`, { key: seeded.totemKey, body: {} });
  for (let i = 0; i < 7; i++) await issue();

  const context = await panelContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(panelAddress());
  // The list arrived over the socket: seven tickets wait.
  await expect.poll(() => page.getByText('7 aguardando').isVisible(), { timeout: 5000 }).toBe(true);
  // The desktop app and a browser that lets it play: no button to tap.
  await expect
    .poll(() => page.getByRole('button', { name: 'Toque para ativar o som' }).count(), { timeout: 3000 })
    .toBe(0);

  const sent = Date.now();
  const called = await call();
  const code = (called.body.ticket as { code: string }).code;
  await page.getByTestId('current-call').getByText(code).waitFor({ timeout: 1000 });
  const shownAfter = Date.now() - sent;
  expect(shownAfter).toBeLessThan(1000);
  await expect.poll(() => page.getByTestId('current-call').textContent()).toContain('Guichê 1');

  // The second call 800 ms after the first: the first is still being said (chime + 1.5 s of voice).
  await page.waitForTimeout(800);
  await call();
  await page.getByTestId('current-call').getByText('N002').waitFor({ timeout: 1000 });
  await expect
    .poll(async () => (await heard(page)).filter((h) => h.ended !== null).length, { timeout: 10_000 })
    .toBe(2);
  const two = await heard(page);
  expect(two.map((h) => h.text)).toEqual(['Senha N 0 0 1, Guichê 1', 'Senha N 0 0 2, Guichê 1']);
  expect(two.every((h) => !h.cut && h.started !== null && h.ended !== null)).toBe(true);
  // Heard whole: the second began only after the first ended, each lasting the voice's full time.
  expect(two[1]!.started!).toBeGreaterThanOrEqual(two[0]!.ended!);
  for (const h of two) expect(h.ended! - h.started!).toBeGreaterThanOrEqual(SAYING_MS - 50);

  await server.call('POST', `/clinic/${seeded.clinicId}/place/${seeded.deskId}/recall`, {
    token: seeded.admin,
    body: {},
  });
  await expect.poll(async () => (await heard(page)).length, { timeout: 5000 }).toBe(3);

  // Four more calls fill the last-calls list (five earlier calls, the recall among them).
  for (let i = 0; i < 4; i++) await call();
  await page.getByTestId('current-call').getByText('N006').waitFor({ timeout: 2000 });
  await expect.poll(() => page.locator('.panel-item').count()).toBe(5);
  await expect.poll(() => page.locator('.panel-item').first().textContent()).toContain('N005');

  // Read from 5 m on a 1080p TV: codes ~90 px, places ~60 px (today's 26–35 px were not), all on screen.
  const sizes = await page.evaluate(() => {
    const px = (selector: string) => parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize);
    const items = [...document.querySelectorAll('.panel-item')].map((el) => el.getBoundingClientRect());
    return {
      code: px('.panel-item-code'),
      place: px('.panel-item-place'),
      title: px('.panel-last-title'),
      bottom: Math.max(...items.map((r) => r.bottom)),
      right: Math.max(...items.map((r) => r.right)),
    };
  });
  expect(sizes.code).toBeGreaterThanOrEqual(84);
  expect(sizes.place).toBeGreaterThanOrEqual(56);
  expect(sizes.title).toBeGreaterThanOrEqual(40);
  expect(sizes.bottom).toBeLessThanOrEqual(1080);
  expect(sizes.right).toBeLessThanOrEqual(1920);
  await page.waitForTimeout(2500); // the call's flash settles before the picture
  await shot(page, 'panel.png');
  expect((await heard(page)).some((h) => h.cut)).toBe(false);
  expect(errors).toEqual([]);
  console.info(`panel showed the call ${shownAfter} ms after the REST answer`);
  await context.close();
});

it('asks once to enable sound in a browser that blocks it, and remembers after a reload', async () => {
  const context = await panelContext({ gateAudio: true });
  const page = await context.newPage();
  await page.goto(panelAddress());
  const button = page.getByRole('button', { name: 'Toque para ativar o som' });
  await button.waitFor({ timeout: 20_000 });
  await shot(page, 'panel-sound-ask.png');
  await button.click();
  await button.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => localStorage.getItem('clinic.panel.sound'))).toBe('on');

  await page.reload();
  await page.locator('.panel-header').waitFor();
  await page.waitForTimeout(1500);
  expect(await button.count()).toBe(0);
  // The next call is still announced.
  await call();
  await expect.poll(async () => (await heard(page)).length, { timeout: 5000 }).toBe(1);
  await context.close();
});
