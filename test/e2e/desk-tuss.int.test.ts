/**
 * TUSS table 22 on the desk (TISS-045), in headless Chromium against the real server (SQLite file): an
 * admin creating a procedure types the start of a code, picks the table's term from the suggestions,
 * and the code and the empty name are filled; the saved procedure carries them. Screenshots at
 * 1024×768 (the list) and 1366×768 (picked) go to test-results/setup/.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';

const EMAIL = 'admin@clinicaaurora.test';
const PASSWORD = 'senha-muito-segura-1';
const TERM = 'Consulta em consultório (no horário normal ou preestabelecido)';

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  server = env.server;
  token = (await seedAdmin(server, 'Clinica Aurora')).token;
  expect((await server.call('POST', '/clinic/', { token, body: { name: 'Clínica Aurora' } })).status).toBe(201);
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await shot(page, 'setup/failed-tuss.png');
});

describe('TUSS table 22 in the desk', () => {
  it('suggests terms for a new procedure by code start; picking fills its code and name', async () => {
    await signInAndEnrol(page, env.site.url, server, { email: EMAIL, password: PASSWORD, adminToken: token });
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('button', { name: 'Administração' })
      .click();
    await page
      .getByRole('navigation', { name: 'Seções da administração' })
      .getByRole('button', { name: /Procedimentos e preços/ })
      .click();
    await page.getByRole('button', { name: 'Novo procedimento' }).click();
    const create = page.getByRole('dialog', { name: 'Novo procedimento' });
    await create.getByLabel('Código (TUSS ou próprio)').fill('1.01.01.01');
    await page.setViewportSize({ width: 1024, height: 768 });
    await create
      .getByRole('listitem')
      .filter({ hasText: `10101012 — ${TERM}` })
      .waitFor();
    await shot(page, 'setup/procedure-tuss-list-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });
    await create
      .getByRole('listitem')
      .filter({ hasText: `10101012 — ${TERM}` })
      .click();
    await create.getByText(`TUSS 22: ${TERM}`).waitFor();
    expect(await create.getByLabel('Nome').inputValue()).toBe(TERM);
    expect(await create.getByLabel('Código (TUSS ou próprio)').inputValue()).toBe('10101012');
    await shot(page, 'setup/procedure-tuss.png');

    await page.keyboard.press('Control+Enter');
    await create.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Consulta em consultório/ })
      .getByText('10101012')
      .waitFor();
    expect(problems).toEqual([]);
  }, 120_000);
});
