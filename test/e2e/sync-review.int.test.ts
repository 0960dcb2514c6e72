/**
 * Conflicts a person resolves (issues 7 and 8), in headless Chromium against the real server (SQLite
 * file): the desk writes an appointment's notes while offline, the same notes are edited over REST
 * meanwhile; back online the server keeps its version and lists the desk's. The sync indicator's
 * count opens "Conflitos e recusas", which shows both texts side by side; the desk's version is
 * applied by keyboard, the server then has it and the indicator is back to "Sincronizado".
 * Screenshots go to test-results/.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncTestServer } from '../sync/sync-fixture.js';
import type { SwitchableApi } from './api-listener.js';
import { AURORA_ADMIN, seedAurora } from './aurora-seed.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { tomorrow } from './tomorrow.js';
import { until } from './until.js';

const DESK_NOTES = 'Paciente pediu para chegar às 8h15; trazer raio-X';
const REST_NOTES = 'Trazer exames anteriores';

const env = deskEnvironment();
let server: SyncTestServer;
let api: SwitchableApi;
let token: string;
let appointmentId: string;
let patientId: string;
let page: Page;
const problems: string[] = [];

async function serverNotes(): Promise<unknown> {
  const res = await server.call('GET', `/appointment/${appointmentId}`, { token });
  expect(res.status).toBe(200);
  const body = res.body as { notes?: string; appointment?: { notes?: string } };
  return body.appointment ? body.appointment.notes : body.notes;
}

const syncIndicator = () => page.getByTestId('sync-indicator');

beforeAll(async () => {
  server = env.server;
  api = env.api;
  const seed = await seedAurora(server, { openingHours: true });
  token = seed.token;
  const day = tomorrow();
  const booked = await server.call('POST', '/appointment/', {
    token,
    body: {
      clinic: seed.clinicId,
      patient: seed.patientId,
      professional: seed.professionalId,
      start: `${day}T08:00:00-03:00`,
      end: `${day}T08:30:00-03:00`,
    },
  });
  expect(booked.status).toBe(201);
  appointmentId = (booked.body['appointment'] as { id: string }).id;
  page = await openDeskPage(env.browser, api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
  patientId = seed.patientId;
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `sync-review-failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`, {
      fullPage: true,
    });
});

describe('conflicts and refusals in Chromium against the real server', () => {
  it('signs in, connects the station, and shows an empty review screen', async () => {
    await signInAndEnrol(page, env.site.url, server, { ...AURORA_ADMIN, adminToken: token });
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Conflitos e recusas', exact: true }).click();
    await page.getByTestId('review-empty').waitFor();
    await shot(page, 'sync-review-empty.png', { fullPage: true });
  }, 120_000);

  it('lists the notes written offline over notes edited on the server, side by side', async () => {
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor();
    await page.keyboard.press('Alt+ArrowRight');
    const cell = page.getByRole('button', { name: /^08:00, Dra\. Ana Lima: Maria Aparecida da Silva/ });
    await cell.waitFor({ timeout: 30_000 });

    await api.stop();
    await syncIndicator().filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });
    await cell.click();
    const panel = page.getByTestId('appointment-panel');
    await panel.waitFor();
    await panel.getByLabel('Observações').fill(DESK_NOTES);
    await panel.getByRole('button', { name: 'Salvar observações' }).click();
    await panel.getByText('Observações salvas').waitFor();
    await page.keyboard.press('Escape');
    await syncIndicator().filter({ hasText: 'aguardando envio' }).waitFor({ timeout: 15_000 });

    // Meanwhile someone edits the same notes on the server (an integrator, another desk online).
    const rest = await server.call('PUT', `/appointment/${appointmentId}/notes`, {
      token,
      body: { notes: REST_NOTES },
    });
    expect(rest.status).toBe(200);

    await api.start();
    const link = syncIndicator().getByRole('button', { name: '1 conflito para revisar' });
    await link.waitFor({ timeout: 60_000 });
    // Nothing typed is lost: the server kept its version, the desk's is in the list.
    expect(await serverNotes()).toBe(REST_NOTES);
    await shot(page, 'sync-review-indicator.png', { fullPage: true });

    await link.click();
    const entry = page.getByTestId('review-entry');
    const [, month, date] = tomorrow().split('-');
    await entry
      .getByRole('heading', { name: `Consulta de Maria Aparecida da Silva, ${date}/${month} às 08:00, Dra. Ana Lima` })
      .waitFor({ timeout: 15_000 });
    await entry.getByText('Agendamento · Conflito').waitFor();
    await entry.getByText('Recepção 1 (esta estação)', { exact: false }).waitFor();
    await entry.getByText('o registro foi alterado em outro lugar; prevaleceu a versão do servidor').waitFor();
    const row = entry.getByRole('row', { name: /Observações/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual([DESK_NOTES, REST_NOTES]);
    await shot(page, 'sync-review-conflict.png', { fullPage: true });
  }, 180_000);

  it("applies the desk's version by keyboard after one confirmation, and the server has it", async () => {
    const entry = page.getByTestId('review-entry');
    await entry.getByRole('button', { name: 'Aplicar a versão da estação' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Aplicar a versão da estação?' });
    await confirm.waitFor();
    await shot(page, 'sync-review-confirm.png', { fullPage: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('review-empty').waitFor({ timeout: 15_000 });
    // Focus lands on the outcome, not on the page's start: the keyboard user goes on from there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Resolvido: Agendamento.');
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    expect(await until(serverNotes, (notes) => notes === DESK_NOTES)).toBe(DESK_NOTES);
    await shot(page, 'sync-review-resolved.png', { fullPage: true });

    // The desk takes the applied version down: its panel shows the desk's notes again.
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor();
    await page.keyboard.press('Alt+ArrowRight');
    await page.getByRole('button', { name: /^08:00, Dra\. Ana Lima: Maria Aparecida da Silva/ }).click();
    await expect
      .poll(() => page.getByTestId('appointment-panel').getByLabel('Observações').inputValue(), { timeout: 15_000 })
      .toBe(DESK_NOTES);
  }, 120_000);

  it("names an edited patient's conflict with pt-BR labels and formatted values, no id", async () => {
    const installation = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('clinic.installation'))) ?? '{}',
    ) as { token: string };
    const patch = (body: Record<string, unknown>) =>
      server.call('PATCH', `/patient/${patientId}`, { token, body }).then((res) => expect(res.status).toBe(200));
    await patch({ cellPhone: '11987654321', birthDate: '1980-03-09' });
    // The version the desk last saw; meanwhile the reception's colleague changes the phone over REST.
    const pulled = await server.call(
      'GET',
      `/sync/patients/pull?checkpoint=${encodeURIComponent('{"seq":0}')}&limit=50`,
      {
        token: installation.token,
      },
    );
    const base = (pulled.body['documents'] as Record<string, unknown>[]).find((d) => d['id'] === patientId)!;
    await patch({ cellPhone: '1133334444' });
    const desk = {
      ...base,
      cellPhone: String(base['cellPhone']).replace('987654321', '912345678'),
      birthDate: '1980-03-19',
      updatedAt: new Date().toISOString(),
    };
    const pushed = await server.call('POST', '/sync/patients/push', {
      token: installation.token,
      body: [{ assumedMasterState: base, newDocumentState: desk }],
    });
    expect(pushed.status).toBe(200);

    await page.keyboard.press('Escape');
    await page.getByTestId('appointment-panel').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Conflitos e recusas', exact: true }).click();
    const entry = page.getByTestId('review-entry');
    await entry.getByRole('heading', { name: 'Paciente Maria Aparecida da Silva' }).waitFor({ timeout: 15_000 });
    await entry
      .getByText('foi alterado em outro lugar enquanto a estação trabalhava sem conexão', { exact: false })
      .waitFor();
    const cells = async (label: string) =>
      entry
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .getByRole('cell')
        .allTextContents();
    expect(await cells('Celular')).toEqual(['(11) 91234-5678', '(11) 3333-4444']);
    expect(await cells('Data de nascimento')).toEqual(['19/03/1980', '09/03/1980']);
    // Only what differs: two rows of data under the header.
    expect(await entry.getByRole('row').count()).toBe(3);
    const text = (await entry.textContent()) ?? '';
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/cellPhone|birthDate|tenantId|\{"/);
    await shot(page, 'sync-review-patient.png');

    await entry.getByRole('button', { name: 'Manter a versão do servidor' }).click();
    await page
      .getByRole('dialog', { name: 'Manter a versão do servidor?' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await page.getByTestId('review-empty').waitFor({ timeout: 15_000 });
  }, 120_000);

  it('shows the reasons when a refused version is applied again, and keeps the server version on request', async () => {
    // A push the server refuses (an older build wrote an invalid patient), sent with the desk's own token.
    const installation = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('clinic.installation'))) ?? '{}',
    ) as { token: string; tenantId: string };
    const bad = {
      id: '0193a1c2-7b3e-7cc1-9a52-00000000beef',
      tenantId: installation.tenantId,
      createdAt: '2026-11-23T09:00:00-03:00',
      updatedAt: '2026-11-23T09:00:00-03:00',
      name: 'Joana Paciente Offline',
      nameKey: 'joana paciente offline',
      insurances: [],
      allergies: [],
      vaccines: [],
      merges: [],
      temporary: false,
      active: 'sim',
      _deleted: false,
    };
    const pushed = await server.call('POST', '/sync/patients/push', {
      token: installation.token,
      body: [{ newDocumentState: bad }],
    });
    expect(pushed.status).toBe(200);

    // Opening the screen reads the list and the counts again.
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await page.getByRole('button', { name: 'Conflitos e recusas', exact: true }).click();
    const entry = page.getByTestId('review-entry');
    await entry.getByRole('heading', { name: 'Paciente Joana Paciente Offline' }).waitFor({ timeout: 15_000 });
    await entry.getByText('Paciente · Recusa').waitFor();
    await entry.getByRole('row', { name: /Nome/ }).getByText('Joana Paciente Offline').waitFor();
    // Opening the screen reads the counts again: the indicator agrees with the list.
    await syncIndicator().getByRole('button', { name: '1 conflito para revisar' }).waitFor({ timeout: 15_000 });
    await entry.getByRole('button', { name: 'Aplicar a versão da estação' }).click();
    await page.getByRole('dialog', { name: 'Aplicar a versão da estação?' }).waitFor();
    await page.keyboard.press('Enter');
    const alert = entry.getByRole('alert');
    await alert.getByText('O servidor recusou de novo: A versão desta estação continua inválida').waitFor();
    await alert.getByText('Ativo: deve ser sim ou não').waitFor();
    await shot(page, 'sync-review-refused.png', { fullPage: true });

    await entry.getByRole('button', { name: 'Manter a versão do servidor' }).click();
    await page
      .getByRole('dialog', { name: 'Manter a versão do servidor?' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await page.getByTestId('review-empty').waitFor({ timeout: 15_000 });
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 15_000 });
    const left = await server.call('GET', '/sync/rejections', { token: installation.token });
    expect(left.body['items']).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);
});
