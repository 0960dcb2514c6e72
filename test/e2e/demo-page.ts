/**
 * Test-only: the demonstration clinic (no server at all) in Chromium, the set-up the demo e2e files
 * share. {@link demoClinic} registers the file's beforeAll/afterAll (serve the built renderer, launch
 * Chromium; close both) and opens the demo in a fresh context on request.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { unusedLocalUrl } from './http.js';
import { servedRenderer } from './served-renderer.js';

/** A demo clinic open in its own 1440×900 pt-BR context. */
export interface DemoPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors inside the page (and any {@link DemoPage.another} tab); the test asserts it empty at the end. */
  errors: string[];
  /**
   * Opens another tab in the same context (the same IndexedDB and localStorage, as a second window of
   * the station) and enters the demo from its own sign-in screen; returns at once, like `open()`.
   */
  another: () => Promise<Page>;
}

/**
 * Call at a test file's top level. `open()` points the desk at a URL where nothing listens (so no
 * server can answer), enters the demonstration clinic from the sign-in screen and returns at once:
 * the caller waits for the screen it needs (the seeding is asynchronous). Close `context` at the end.
 */
export function demoClinic(): { open(): Promise<DemoPage> } {
  const served = servedRenderer();
  return {
    async open() {
      const context = await served.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
      await context.addInitScript((url) => localStorage.setItem('clinic.serverUrl', url), await unusedLocalUrl());
      const errors: string[] = [];
      const enter = async () => {
        const page = await context.newPage();
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(served.siteUrl());
        await page.getByRole('button', { name: 'Experimente a clínica de demonstração' }).click();
        return page;
      };
      return { page: await enter(), context, errors, another: enter };
    },
  };
}
