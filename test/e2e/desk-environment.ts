/**
 * Test-only: what every enrolled-desk e2e file starts before its own set-up and closes after: the
 * built renderer served over HTTP, Chromium, a real sync server on a fresh SQLite file, and that
 * server's HTTP port, which the test can take down and bring back.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startSyncServer, type SyncTestServer } from '../sync/sync-fixture.js';
import { switchableApi, type SwitchableApi } from './api-listener.js';
import { launchChromium } from './browser.js';
import { serveDirectory, type LocalServer } from './http.js';
import { ensureRendererBuilt } from './renderer-build.js';

/** The running pieces; filled in by the beforeAll {@link deskEnvironment} registers. */
export interface DeskEnvironment {
  browser: Browser;
  /** The served renderer build. */
  site: LocalServer;
  server: SyncTestServer;
  /** The server's port the desk talks to (`api.url`); `server.call` bypasses it. */
  api: SwitchableApi;
}

/**
 * Call at a test file's top level, before the file's own beforeAll (hooks run in the order they are
 * registered): registers a beforeAll that starts the pieces and an afterAll that closes them. Read
 * the fields only from hooks and tests.
 */
export function deskEnvironment(): DeskEnvironment {
  const env = {} as Partial<DeskEnvironment>;
  beforeAll(async () => {
    env.site = await serveDirectory(await ensureRendererBuilt());
    env.browser = await launchChromium();
    env.server = await startSyncServer();
    env.api = await switchableApi(env.server.app);
  }, 120_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.site?.close();
    await env.api?.stop();
    await env.server?.close();
  });
  return env as DeskEnvironment;
}
