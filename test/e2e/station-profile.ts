/**
 * Test-only: a station as the prontuário e2e files open it: Chromium with a profile folder of its own
 * (IndexedDB on disk, so a reload or a restart keeps the desk's data), 1366×768, pt-BR, pointing at the
 * sync server unless the desk saved another address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.js';

/** An open station; `close()` closes Chromium and deletes its profile folder. */
export interface StationProfile {
  dir: string;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Launches a station whose page reports uncaught errors into `problems` (the test asserts it empty).
 * `name` tells the profile folders of different files apart in the temporary directory.
 */
export async function openStationProfile(name: string, serverUrl: string, problems: string[]): Promise<StationProfile> {
  const dir = mkdtempSync(join(tmpdir(), `clinic-${name}-station-`));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: { width: 1366, height: 768 },
    locale: 'pt-BR',
  });
  await context.addInitScript((url) => {
    if (!localStorage.getItem('clinic.serverUrl')) localStorage.setItem('clinic.serverUrl', url);
  }, serverUrl);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => problems.push(error.message));
  return {
    dir,
    context,
    page,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
