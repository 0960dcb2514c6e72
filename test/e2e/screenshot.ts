import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './renderer-build.js';

/** Where the e2e tests leave their screenshots. */
export const SCREENSHOTS = path.join(REPO_ROOT, 'test-results');

/**
 * Saves what `page` shows as test-results/`name` (PNG; `name` may name a sub-folder, made if need be),
 * once Mantine's transitions have settled so the picture shows the screen at rest.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.waitForTimeout(400);
  const file = path.join(SCREENSHOTS, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, ...(options.fullPage ? { fullPage: true } : {}) });
}
