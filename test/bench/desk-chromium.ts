/**
 * The harness of the desk read benches (medical history, finance, inventory stock) in headless Chromium:
 * a page script (a file beside this one, bundled by esbuild, see page-script.ts) served at a loopback
 * origin, so RxDB runs on Dexie over Chromium's own IndexedDB, the desk's real storage. The page
 * assigns its bench functions to `globalThis`; {@link callPage} runs one and returns its answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.js';
import { serveDirectory, type LocalServer } from '../e2e/http.js';
import { pageScript } from './page-script.js';

/** An open bench page and what serves it. */
export interface BenchPage {
  page: Page;
  close(): Promise<void>;
}

/**
 * Launches Chromium (launchChromium's flags), serves an empty folder on loopback and opens `file`'s
 * bundle as the page `/bench.html`; resolves once the page defined `ready` (its first global).
 * The page's console lines are printed prefixed with `page:` (seeding progress).
 */
export async function openBenchPage(file: string, ready: string): Promise<BenchPage> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-bench-'));
  const site: LocalServer = await serveDirectory(root);
  const browser: Browser = await launchChromium();
  try {
    const script = await pageScript(file);
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    page.on('crash', () => console.error('page crashed (the renderer process died: memory?)'));
    page.on('console', (message) => {
      // RxDB's Dexie storage advertises its premium storages once; the rest is the bench's progress.
      if (!message.text().includes('RxDB Open Core RxStorage')) console.log(`page: ${message.text()}`);
    });
    await page.route(`${site.url}/bench.html`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><meta charset="utf-8"><script type="module">${script.replace(/<\/script/g, '<\\/script')}</script>`,
      }),
    );
    await page.goto(`${site.url}/bench.html`);
    await page.waitForFunction((name) => name in globalThis, ready);
    return {
      page,
      close: async () => {
        await browser.close();
        await site.close();
        fs.rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser.close();
    await site.close();
    throw error;
  }
}

/** Runs the page's global function `name` with `args` (JSON values) and returns its answer; no timeout. */
export async function callPage<T>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  page.setDefaultTimeout(0);
  return page.evaluate(
    ([fn, list]) => (globalThis as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[fn]!(...list),
    [name, args] as const,
  ) as Promise<T>;
}

/** The 1-minute load average of this machine, two decimals (recorded beside each figure). */
export function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(2);
}
