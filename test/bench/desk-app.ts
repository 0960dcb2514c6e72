/**
 * The desk benches' set-up (desk-launch.ts, desk-memory.ts): the renderer built as `npm run build:renderer`
 * builds it, served over loopback HTTP as the e2e tests serve it, in headless Chromium; a browser context
 * whose demo installation is seeded once (desk-seed-page.ts, bundled by esbuild, at the app's own origin
 * so it writes the same IndexedDB), and where every new page opens the desk signed in to the demo.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { demoSession } from '../../renderer/src/local/demo-session.js';
import { launchChromium } from '../e2e/browser.js';
import { serveDirectory, unusedLocalUrl, type LocalServer } from '../e2e/http.js';
import { RENDERER_DIST } from '../e2e/renderer-build.js';
import type { DeskSeedResult } from './desk-seed-plan.js';
import { pageScript } from './page-script.js';

/** A seeded desk: the served build, the browser, and the context holding the seeded database. */
export interface SeededDesk {
  site: LocalServer;
  browser: Browser;
  context: BrowserContext;
  seed: DeskSeedResult;
  close(): Promise<void>;
}

/** Builds the renderer into dist/renderer (the benches measure the code as it is, never a stale build). */
export async function buildRenderer(): Promise<void> {
  const { build: viteBuild } = await import('vite');
  await viteBuild({
    configFile: fileURLToPath(new URL('../../renderer/vite.config.ts', import.meta.url)),
    logLevel: 'error',
  });
}

/** The built JavaScript and CSS files with their sizes in bytes, largest first. */
export function bundleFiles(): { file: string; bytes: number }[] {
  const assets = path.join(RENDERER_DIST, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((file) => ({ file, bytes: fs.statSync(path.join(assets, file)).size }))
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * A folder serving this build at its root and `compareDir` (another build) under `/compare/`: links to
 * both, so the two share one origin and so one IndexedDB database.
 */
function servedRoot(compareDir: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-builds-'));
  for (const entry of fs.readdirSync(RENDERER_DIST))
    fs.symlinkSync(path.join(RENDERER_DIST, entry), path.join(root, entry));
  fs.symlinkSync(path.resolve(compareDir), path.join(root, 'compare'));
  return root;
}

/**
 * Serves the build (and `compareDir` under `/compare/`, see {@link servedRoot}), opens a 1440x900 pt-BR context as a demo desk (installation in localStorage, the
 * demo receptionist's session in every new tab's sessionStorage, a server URL nothing answers) and seeds
 * its database once.
 */
export async function openSeededDesk(compareDir?: string): Promise<SeededDesk> {
  const site = await serveDirectory(compareDir ? servedRoot(compareDir) : RENDERER_DIST);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    await context.addInitScript(
      ([serverUrl, session]) => {
        localStorage.setItem('clinic.serverUrl', serverUrl);
        localStorage.setItem('clinic.installation', JSON.stringify({ mode: 'demo', tenantId: 'demo' }));
        sessionStorage.setItem('clinic.session', session);
      },
      [await unusedLocalUrl(), JSON.stringify(demoSession())] as const,
    );
    const script = await pageScript('desk-seed-page.ts');
    await context.route(`${site.url}/desk-seed.html`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><meta charset="utf-8"><script type="module">${script.replace(/<\/script/g, '<\\/script')}</script>`,
      }),
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`seed page: ${error.message}`));
    await page.goto(`${site.url}/desk-seed.html`);
    await page.waitForFunction(() => 'deskSeed' in globalThis);
    const seed = await page.evaluate(() =>
      (globalThis as unknown as { deskSeed: () => Promise<DeskSeedResult> }).deskSeed(),
    );
    await page.close();
    return {
      site,
      browser,
      context,
      seed,
      close: async () => {
        await browser.close();
        await site.close();
      },
    };
  } catch (error) {
    await browser.close();
    await site.close();
    throw error;
  }
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
