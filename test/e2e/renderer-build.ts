import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file's place in test/e2e/. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built renderer that Electron packages and the e2e tests serve. */
export const RENDERER_DIST = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

/**
 * Makes sure dist/renderer exists. The test command builds first; this covers running one test file on its
 * own, without rebuilding (and slowing) every run.
 */
export async function ensureRendererBuilt(): Promise<string> {
  if (!fs.existsSync(path.join(RENDERER_DIST, 'index.html'))) {
    const { build } = await import('vite');
    await build({
      configFile: fileURLToPath(new URL('../../renderer/vite.config.ts', import.meta.url)),
      logLevel: 'warn',
    });
  }
  return RENDERER_DIST;
}
