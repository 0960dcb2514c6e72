/**
 * Bench (issue 8): desk launch, from navigation start to an interactive day schedule, with 2,000
 * appointments in the demo installation's IndexedDB (desk-app.ts seeds them), in headless Chromium.
 * Each launch is a new tab of the seeded context: a new document that opens the database, reads the
 * day and draws it. A probe installed before the app's scripts marks when today's appointments are all
 * in the grid and the selected cell exists, then presses ↓ on it (a keydown the grid handles); the launch
 * ends when the grid moves focus to a cell in answer. Times are the page's own `performance.now()`,
 * whose origin is the navigation start. The same number of signed-out launches (how the desktop app
 * always starts) time the sign-in form's e-mail field taking focus.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { median, openSeededDesk, type SeededDesk } from './desk-app.js';

/** One launch's marks, ms from navigation start. */
export interface LaunchMarks {
  domContentLoaded: number;
  /** Today's appointments all drawn and a cell selected. */
  grid: number;
  /** The grid answered a key (focus moved to a cell). */
  interactive: number;
  /** JavaScript bytes the page fetched (the first screen's chunks). */
  scriptBytes: number;
}

/** One build's launches. */
export interface BuildLaunches {
  /** `current` (this worktree's build) or `compare` (BENCH_DESK_COMPARE's). */
  build: string;
  launches: LaunchMarks[];
  medianInteractive: number;
  medianGrid: number;
  /** Launches of a signed-out desk (every desktop start: the session dies with the window) to a focused e-mail field, ms. */
  signIn: number[];
  medianSignIn: number;
  /** JavaScript bytes a signed-out launch fetched. */
  signInScriptBytes: number;
}

/** What the bench measured. */
export interface LaunchFigures {
  appointments: number;
  todayCount: number;
  seedMs: number;
  builds: BuildLaunches[];
}

/** Installed before the app's scripts on a signed-out desk: marks the sign-in form's e-mail field taking focus. */
const SIGN_IN_PROBE = `(() => {
  const probe = { ready: null };
  globalThis.deskSignInProbe = probe;
  document.addEventListener('focusin', (event) => {
    if (probe.ready === null && event.target.type === 'email') probe.ready = performance.now();
  });
})();`;

/** Counts the JavaScript bytes `page` fetches (the chunks its screens import). */
function countScripts(page: Page): { bytes: number } {
  const count = { bytes: 0 };
  page.on('response', (response) => {
    if (response.url().endsWith('.js'))
      void response.body().then(
        (body) => (count.bytes += body.length),
        () => undefined,
      );
  });
  return count;
}

/**
 * `launches` launches of each of `urls` signed out (a context of its own, with nothing stored), to the
 * sign-in form, alternating the builds so load on the machine falls on them alike.
 */
async function signInLaunches(
  desk: SeededDesk,
  urls: readonly string[],
  launches: number,
): Promise<{ ms: number[]; scriptBytes: number }[]> {
  const context = await desk.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  try {
    await context.addInitScript({ content: SIGN_IN_PROBE });
    const found = urls.map(() => ({ ms: [] as number[], scriptBytes: 0 }));
    for (let i = 0; i < launches; i++) {
      for (const [b, url] of urls.entries()) {
        const page = await context.newPage();
        const scripts = countScripts(page);
        await page.goto(url);
        await page.waitForFunction(
          () => (globalThis as unknown as { deskSignInProbe: { ready: number | null } }).deskSignInProbe.ready !== null,
          undefined,
          { timeout: 60_000, polling: 100 },
        );
        const ready = await page.evaluate(
          () => (globalThis as unknown as { deskSignInProbe: { ready: number } }).deskSignInProbe.ready,
        );
        found[b]!.ms.push(Math.round(ready));
        found[b]!.scriptBytes = Math.max(found[b]!.scriptBytes, scripts.bytes);
        await page.close();
      }
    }
    return found;
  } finally {
    await context.close();
  }
}

/** One launch of the signed-in desk at `url`, to an interactive day. */
async function launchDay(desk: SeededDesk, url: string, label: string): Promise<LaunchMarks> {
  const page = await desk.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts = countScripts(page);
  await page.goto(url);
  await page
    .waitForFunction(
      () => (globalThis as unknown as { deskLaunchProbe: Probe }).deskLaunchProbe.interactive !== null,
      undefined,
      { timeout: 60_000, polling: 100 },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: 'test-results/desk-launch-failed.png' });
      throw new Error(`${label} never became interactive: ${String(error)} ${errors.join('; ')}`);
    });
  const found = await page.evaluate(() => ({
    probe: (globalThis as unknown as { deskLaunchProbe: Probe }).deskLaunchProbe,
    domContentLoaded: performance.getEntriesByType('navigation')[0]
      ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd
      : 0,
  }));
  if (errors.length) throw new Error(`${label}: ${errors.join('; ')}`);
  await page.screenshot({ path: 'test-results/desk-launch.png' });
  await page.close();
  return {
    domContentLoaded: Math.round(found.domContentLoaded),
    grid: Math.round(found.probe.grid!),
    interactive: Math.round(found.probe.interactive!),
    scriptBytes: scripts.bytes,
  };
}

interface Probe {
  grid: number | null;
  interactive: number | null;
}

/**
 * Installed before the app's scripts: marks the grid drawn, presses ↓, marks the focus it moves. Plain
 * JavaScript text: a function compiled by tsx could carry helpers the page does not have.
 */
function probeScript(expected: number): string {
  return `(() => {
  if (location.pathname.endsWith('desk-seed.html')) return;
  const probe = { grid: null, interactive: null };
  globalThis.deskLaunchProbe = probe;
  document.addEventListener('focusin', (event) => {
    if (probe.grid !== null && probe.interactive === null && event.target.dataset && event.target.dataset.cell)
      probe.interactive = performance.now();
  });
  const observer = new MutationObserver(() => {
    if (probe.grid !== null) return;
    const grid = document.querySelector('table.day-grid');
    if (!grid || grid.querySelectorAll('.appt').length < ${expected}) return;
    const selected = grid.querySelector('[data-cell][tabindex="0"]');
    if (!selected) return;
    probe.grid = performance.now();
    observer.disconnect();
    selected.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;
}

/**
 * Seeds once, then launches the desk `launches` times (`BENCH_DESK_LAUNCHES`, default 10). With
 * `compareDir` (`BENCH_DESK_COMPARE`, another build's dist/renderer, e.g. of the commit before a
 * change), that build is served beside this one at the same origin (same database) and the launches
 * alternate between the two.
 */
export async function benchDeskLaunch(
  launches = Number(process.env['BENCH_DESK_LAUNCHES'] ?? 10),
  compareDir = process.env['BENCH_DESK_COMPARE'],
): Promise<LaunchFigures> {
  const desk = await openSeededDesk(compareDir);
  try {
    fs.mkdirSync('test-results', { recursive: true });
    await desk.context.addInitScript({ content: probeScript(desk.seed.todayCount) });
    const builds = compareDir ? ['current', 'compare'] : ['current'];
    const urls = builds.map((b) => (b === 'current' ? `${desk.site.url}/` : `${desk.site.url}/compare/index.html`));
    const marks: LaunchMarks[][] = builds.map(() => []);
    for (let i = 0; i < launches; i++)
      for (const [b, url] of urls.entries()) marks[b]!.push(await launchDay(desk, url, `${builds[b]} launch ${i + 1}`));
    const signIn = await signInLaunches(desk, urls, launches);
    return {
      appointments: desk.seed.appointments,
      todayCount: desk.seed.todayCount,
      seedMs: desk.seed.ms,
      builds: builds.map((build, b) => ({
        build,
        launches: marks[b]!,
        medianInteractive: median(marks[b]!.map((m) => m.interactive)),
        medianGrid: median(marks[b]!.map((m) => m.grid)),
        signIn: signIn[b]!.ms,
        medianSignIn: median(signIn[b]!.ms),
        signInScriptBytes: signIn[b]!.scriptBytes,
      })),
    };
  } finally {
    await desk.close();
  }
}
