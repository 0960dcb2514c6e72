/**
 * Test-only: the set-up the Faturamento e2e files share: an account whose admin is the professional,
 * seeded over REST by the file's own scenario, and a 1366×768 desk enrolled by the billing clerk
 * ("Bia do Faturamento", role finance), who does the test's work on the screen.
 */
import type { Page } from 'playwright-core';
import { addMember, login, seedAccount } from '../../sync-server/auth/test-server.js';
import type { SyncTestServer } from '../sync/sync-fixture.js';
import type { DeskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';

/** The account, its admin and its clerk, by name and e-mail domain (`admin@<domain>`, `faturamento@<domain>`). */
export interface ClerkAccount {
  name: string;
  domain: string;
}

/**
 * Creates the account, seeds it with `seed` (called with the admin's access token and user id), and
 * signs the clerk in on a new desk page whose errors go to `problems`.
 */
export async function openClerkDesk<T>(
  env: DeskEnvironment,
  account: ClerkAccount,
  problems: string[],
  seed: (server: SyncTestServer, adminToken: string, adminId: string) => Promise<T>,
  options: { acceptDownloads?: boolean } = {},
): Promise<{ page: Page; adminToken: string; seeded: T }> {
  const server = env.server;
  const admin = { email: `admin@${account.domain}`, password: 'senha-muito-segura-1' };
  const clerk = { email: `faturamento@${account.domain}`, password: 'senha-muito-segura-2' };
  const { tenantId, adminId } = await seedAccount(server, account.name, admin);
  const adminToken = (await login(server, admin.email, admin.password)).accessToken;
  await addMember(server, tenantId, { ...clerk, role: 'finance', name: 'Bia do Faturamento' });
  const seeded = await seed(server, adminToken, adminId);
  const page = await openDeskPage(env.browser, env.api.url, problems, options);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndEnrol(page, env.site.url, server, { ...clerk, adminToken });
  return { page, adminToken, seeded };
}
