import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './renderer-build.js';

/** Where the e2e tests leave their screenshots. */
export const SCREENSHOTS = path.join(REPO_ROOT, 'test-results');

/**
 * Saves what `page` shows as test-results/`name` (PNG), once Mantine's transitions have settled so
 * the picture shows the screen at rest.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.waitForTimeout(400);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, name), ...(options.fullPage ? { fullPage: true } : {}) });
}
