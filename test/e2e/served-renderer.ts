import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { serveDirectory, type LocalServer } from './http.js';
import { ensureRendererBuilt } from './renderer-build.js';

/** The built renderer served over HTTP, and a Chromium to open it in. */
export interface ServedRenderer {
  /** The launched Chromium (only inside tests: beforeAll starts it). */
  browser(): Browser;
  /** The served build's base URL (only inside tests). */
  siteUrl(): string;
}

/**
 * Call at a test file's top level, for files that need nothing else started: registers a beforeAll
 * that serves dist/renderer and launches Chromium, and an afterAll that closes both.
 */
export function servedRenderer(): ServedRenderer {
  let browser: Browser | undefined;
  let site: LocalServer | undefined;
  beforeAll(async () => {
    site = await serveDirectory(await ensureRendererBuilt());
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  return {
    browser: () => browser!,
    siteUrl: () => site!.url,
  };
}
