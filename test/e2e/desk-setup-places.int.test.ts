/**
 * Administração › Clínica, the clinic's attendance places and ticket lines (issue 22), in headless
 * Chromium against the real server (SQLite file): a place is created, refused with the core's pt-BR
 * message for a name in use, edited, inactivated and found again with the inactive filter; the
 * ticket lines refuse a repeated prefix under the field, then save a new line and the calling ratio,
 * read back over REST. Screenshots at 1366×768 go to test-results/setup/.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { until } from './until.js';

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let clinicId: string;
let page: Page;
const problems: string[] = [];

const places = () => page.getByRole('region', { name: 'Locais de atendimento' });
const notice = (text: string) => places().getByRole('status').filter({ hasText: text });

beforeAll(async () => {
  server = env.server;
  token = (await seedAdmin(server, 'Clinica Aurora')).token;
  const clinic = await server.call('POST', '/clinic/', { token, body: { name: 'Clínica Aurora' } });
  expect(clinic.status).toBe(201);
  clinicId = (clinic.body['clinic'] as { id: string }).id;
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndEnrol(page, env.site.url, server, {
    email: 'admin@clinicaaurora.test',
    password: 'senha-muito-segura-1',
    adminToken: token,
  });
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('button', { name: 'Administração' })
    .click();
  await page
    .getByRole('navigation', { name: 'Seções da administração' })
    .getByRole('button', { name: /^Clínica/ })
    .click();
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `setup/failed-places-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`);
});

describe('Administração › Clínica, places and ticket lines', () => {
  it('keeps a place through create, a refused name, edit, inactivate and the inactive filter', async () => {
    const createPlace = async (name: string, kind: string, prefix: string) => {
      await places().getByRole('button', { name: 'Novo local' }).click({ timeout: 30_000 });
      const dialog = page.getByRole('dialog', { name: 'Novo local de atendimento' });
      await dialog.getByLabel('Nome do local').fill(name);
      await dialog.getByLabel('Tipo').selectOption({ label: kind });
      await dialog.getByLabel('Prefixo das senhas').fill(prefix);
      await page.keyboard.press('Control+Enter');
      return dialog;
    };
    const first = await createPlace('Consultório 1', 'Sala ou consultório', 'c');
    await first.waitFor({ state: 'detached' });
    await notice('Local Consultório 1 salvo.').waitFor();
    const row = page.getByRole('row', { name: /Consultório 1/ });
    await row.getByText('C', { exact: true }).waitFor();

    // The same name again: the core's conflict shows under the name, nothing is saved.
    const second = await createPlace('consultorio 1', 'Guichê', 'G');
    await second.getByText('Já existe um local com este nome').waitFor();
    await shot(page, 'setup/place-refused.png');
    await second.getByLabel('Nome do local').fill('Guichê 1');
    await page.keyboard.press('Control+Enter');
    await second.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Guichê 1/ })
      .getByText('Guichê', { exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Editar Consultório 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar local de atendimento' });
    await expect.poll(() => edit.getByLabel('Prefixo das senhas').inputValue()).toBe('C');
    await edit.getByLabel('Nome do local').fill('Consultório 2');
    await page.keyboard.press('Control+Enter');
    await edit.waitFor({ state: 'detached' });
    const edited = page.getByRole('row', { name: /Consultório 2/ });
    await edited.waitFor();

    await page.getByRole('button', { name: 'Inativar Consultório 2' }).click();
    await notice('Local Consultório 2 inativado.').waitFor();
    await edited.waitFor({ state: 'detached' });
    await places().getByLabel('Mostrar inativos').check();
    await places().getByLabel('Buscar local pelo nome').fill('consult');
    await edited.getByText('Inativo', { exact: true }).waitFor();
    expect(await page.getByRole('row', { name: /Guichê 1/ }).count()).toBe(0);
    await shot(page, 'setup/places.png');
    const onServer = await until(
      async () =>
        (await server.call('GET', `/clinic/${clinicId}/place/?active=all`, { token })).body['items'] as {
          name: string;
          kind: string;
          ticketPrefix?: string;
          active: boolean;
        }[],
      (items) => items.length === 2,
    );
    expect(onServer).toContainEqual(
      expect.objectContaining({ name: 'Consultório 2', kind: 'room', ticketPrefix: 'C', active: false }),
    );
    expect(onServer).toContainEqual(expect.objectContaining({ name: 'Guichê 1', kind: 'desk', active: true }));
    await page.getByRole('button', { name: 'Reativar Consultório 2' }).click();
    await notice('Local Consultório 2 reativado.').waitFor();
    await edited.getByText('Ativo', { exact: true }).waitFor();
  }, 90_000);

  it('saves the ticket lines and the calling ratio, refusing a repeated prefix under the field', async () => {
    await places().getByRole('button', { name: 'Senhas (linhas e proporção)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Senhas de Clínica Aurora: linhas e proporção' });
    await expect.poll(() => dialog.getByLabel('Nome da linha 1').inputValue()).toBe('Normal');
    expect(await dialog.getByLabel('Nome da linha 2').inputValue()).toBe('Prioritário');
    expect(await dialog.getByLabel('Linha 2 prioritária').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Prefixo da linha 1').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Adicionar linha' }).click();
    await dialog.getByLabel('Prefixo da linha 3').fill('p');
    await dialog.getByLabel('Nome da linha 3').fill('Exames');
    await dialog.getByLabel('Chamadas prioritárias por chamada normal').fill('3');
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('prefixo repetido').waitFor();
    await shot(page, 'setup/ticket-lines-refused.png');
    await dialog.getByLabel('Prefixo da linha 3').fill('e');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await notice('Senhas de Clínica Aurora salvas.').waitFor();
    await shot(page, 'setup/ticket-lines-saved.png');
    const control = await until(
      async () => (await server.call('GET', `/clinic/${clinicId}/ticketControl`, { token })).body,
      (body) => body['priorityRatio'] === 3,
    );
    expect(control['services']).toEqual([
      { prefix: 'N', name: 'Normal', class: 'normal', active: true },
      { prefix: 'P', name: 'Prioritário', class: 'priority', active: true },
      { prefix: 'E', name: 'Exames', class: 'normal', active: true },
    ]);

    // Opened again, the dialog shows what was saved.
    await places().getByRole('button', { name: 'Senhas (linhas e proporção)' }).click();
    await expect.poll(() => dialog.getByLabel('Nome da linha 3').inputValue()).toBe('Exames');
    expect(await dialog.getByLabel('Chamadas prioritárias por chamada normal').inputValue()).toBe('3');
    await shot(page, 'setup/ticket-lines.png');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // At 1024×768 the places' table still fits the window.
    await page.setViewportSize({ width: 1024, height: 768 });
    await places().scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await shot(page, 'setup/places-1024.png');
    expect(problems).toEqual([]);
  }, 60_000);
});
