/**
 * An offline double booking resolved from the review screen (issue 18 point 5, issue 19 point 4), in
 * headless Chromium at 1366×768 against the real server (SQLite file): with the server stopped the
 * desk books Pedro at 10:00 with Dra. Ana Lima; meanwhile an integrator books Lúcia in the same slot.
 * Back online both bookings stay and the review lists the clash as one card that names both patients
 * with their contacts and offers free slots. Moving Pedro there while the server is down again leaves
 * the card waiting; only once the move has synced does the card leave the list, and the server has no
 * clash left. Screenshots go to test-results/.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncTestServer } from '../sync/sync-fixture.js';
import type { SwitchableApi } from './api-listener.js';
import { AURORA_ADMIN, seedAurora, type AuroraSeed } from './aurora-seed.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { tomorrow } from './tomorrow.js';
import { until } from './until.js';

const env = deskEnvironment();
let server: SyncTestServer;
let api: SwitchableApi;
let seed: AuroraSeed;
let pedroId: string;
let luciaId: string;
let page: Page;
const problems: string[] = [];
const day = tomorrow();
const [, month, date] = day.split('-');
/** "26/11", as the cards say tomorrow. */
const dayShort = `${date}/${month}`;

const syncIndicator = () => page.getByTestId('sync-indicator');

async function deskToken(): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('clinic.installation'));
  return (JSON.parse(raw ?? '{}') as { token: string }).token;
}

/** The server's unresolved conflicts, as the desk's installation reads them. */
async function serverConflicts(): Promise<unknown[]> {
  const res = await server.call('GET', '/sync/conflicts', { token: await deskToken() });
  expect(res.status).toBe(200);
  return res.body['items'] as unknown[];
}

/** The server's live appointments of tomorrow with Dra. Ana Lima: patient id → start. */
async function serverBookings(): Promise<Record<string, string>> {
  const res = await server.call(
    'GET',
    `/appointment/?clinic=${seed.clinicId}&professional=${seed.professionalId}&date=${day}&days=1`,
    { token: seed.token },
  );
  expect(res.status).toBe(200);
  const items = res.body['items'] as { patient: string; start: string; status: number }[];
  return Object.fromEntries(items.filter((a) => a.status === 1).map((a) => [a.patient, a.start.slice(11, 16)]));
}

beforeAll(async () => {
  server = env.server;
  api = env.api;
  seed = await seedAurora(server, { openingHours: true });
  const patient = async (name: string, cellPhone: string) => {
    const res = await server.call('POST', '/patient/', {
      token: seed.token,
      body: { name, cellPhone, insurances: [] },
    });
    expect(res.status).toBe(201);
    return (res.body['patient'] as { id: string }).id;
  };
  pedroId = await patient('Pedro Henrique Alves', '11987654321');
  luciaId = await patient('Lúcia Ferreira', '21998765432');
  page = await openDeskPage(env.browser, api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `sync-review-clash-failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`, {
      fullPage: true,
    });
});

describe('an offline double booking resolved from the review screen', () => {
  it('books Pedro offline while an integrator books Lúcia in the same slot; both stay, one card lists the clash', async () => {
    await signInAndEnrol(page, env.site.url, server, { ...AURORA_ADMIN, adminToken: seed.token });
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Alt+ArrowRight');
    await page.getByRole('heading', { level: 3, name: new RegExp(`${Number(date)} de`) }).waitFor();

    await api.stop();
    await syncIndicator().filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^10:00, Dra\. Ana Lima: / }).click();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.waitFor();
    await page.getByRole('combobox', { name: 'Paciente' }).waitFor();
    await page.keyboard.type('Pedro');
    await dialog.getByRole('option', { name: /Pedro Henrique Alves/ }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await dialog.getByTestId('picked-patient').filter({ hasText: 'Pedro Henrique Alves' }).waitFor();
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^10:00, Dra\. Ana Lima: Pedro Henrique Alves/ }).waitFor();

    const lucia = await server.call('POST', '/appointment/', {
      token: seed.token,
      body: {
        clinic: seed.clinicId,
        patient: luciaId,
        professional: seed.professionalId,
        start: `${day}T10:00:00-03:00`,
        end: `${day}T10:30:00-03:00`,
      },
    });
    expect(lucia.status).toBe(201);

    await api.start();
    const link = syncIndicator().getByRole('button', { name: /1 conflito/ });
    await link.waitFor({ timeout: 60_000 });
    expect(await serverBookings()).toEqual({ [pedroId]: '10:00', [luciaId]: '10:00' });

    await link.click();
    const card = page.getByTestId('review-entry');
    await card.getByRole('heading', { name: 'Dois agendamentos no mesmo horário' }).waitFor({ timeout: 15_000 });
    const bookings = card.getByTestId('clash-booking');
    await expect.poll(() => bookings.count(), { timeout: 15_000 }).toBe(2);
    const pedro = card.getByRole('region', {
      name: `Consulta de Pedro Henrique Alves, ${dayShort} às 10:00, Dra. Ana Lima`,
    });
    const luciaBlock = card.getByRole('region', {
      name: `Consulta de Lúcia Ferreira, ${dayShort} às 10:00, Dra. Ana Lima`,
    });
    await pedro.getByText('Contato: celular (11) 98765-4321').waitFor();
    await luciaBlock.getByText('Contato: celular (21) 99876-5432').waitFor();
    await card.getByRole('button', { name: 'Manter os dois (encaixe)' }).waitFor();
    await pedro.getByRole('button', { name: `Mover Pedro Henrique Alves para ${dayShort} às 10:30` }).waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain('O servidor não guardou outra versão');
    expect(text).not.toContain('Aplicar a versão da estação');
    await shot(page, 'sync-review-clash.png');
    await shot(page, 'sync-review-clash-full.png', { fullPage: true });
  }, 180_000);

  it('moves Pedro to a free slot offered on the card; the card leaves the list only after the move syncs', async () => {
    await api.stop();
    // The indicator keeps naming the conflict to review; the server status says offline.
    await page.getByText('Servidor: offline').waitFor({ timeout: 30_000 });
    const card = page.getByTestId('review-entry');
    await card.getByRole('button', { name: `Mover Pedro Henrique Alves para ${dayShort} às 10:30` }).click();
    // Done on the desk, not yet on the server: the card says it waits, and the server still lists it.
    await card.getByTestId('clash-pending').waitFor({ timeout: 15_000 });
    await card.getByText(`A consulta de Pedro Henrique Alves foi movida para ${dayShort} às 10:30.`).waitFor();
    await shot(page, 'sync-review-clash-waiting.png');
    expect(await serverConflicts()).toHaveLength(1);
    expect(await serverBookings()).toEqual({ [pedroId]: '10:00', [luciaId]: '10:00' });

    await api.start();
    await page.getByTestId('review-empty').waitFor({ timeout: 60_000 });
    await page
      .getByRole('status')
      .filter({
        hasText: `Choque de horários resolvido. A consulta de Pedro Henrique Alves foi movida para ${dayShort} às 10:30.`,
      })
      .waitFor();
    expect(await until(serverBookings, (b) => b[pedroId] === '10:30')).toEqual({
      [pedroId]: '10:30',
      [luciaId]: '10:00',
    });
    expect(await serverConflicts()).toEqual([]);
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    await shot(page, 'sync-review-clash-resolved.png');
    expect(problems).toEqual([]);
  }, 180_000);

  it('keeps both bookings as an encaixe, or cancels one with the patient contact shown', async () => {
    const token = await deskToken();
    /** Lúcia booked over REST at `time`; the desk pushes its own booking of Pedro in the same slot. */
    async function clashAt(time: string): Promise<{ pedro: string; lucia: string }> {
      const booked = await server.call('POST', '/appointment/', {
        token: seed.token,
        body: {
          clinic: seed.clinicId,
          patient: luciaId,
          professional: seed.professionalId,
          start: `${day}T${time}:00-03:00`,
          end: `${day}T${time.slice(0, 3)}30:00-03:00`,
        },
      });
      expect(booked.status).toBe(201);
      const lucia = (booked.body['appointment'] as { id: string }).id;
      const pulled = await server.call(
        'GET',
        `/sync/appointments/pull?checkpoint=${encodeURIComponent('{"seq":0}')}&limit=100`,
        {
          token,
        },
      );
      const doc = (pulled.body['documents'] as Record<string, unknown>[]).find((d) => d['id'] === lucia)!;
      const pedro = `0193a1c2-7b3e-7cc1-9a52-00000000${time.replace(':', '')}`;
      const pushed = await server.call('POST', '/sync/appointments/push', {
        token,
        body: [{ newDocumentState: { ...doc, id: pedro, patient: pedroId, history: [] } }],
      });
      expect(pushed.body).toEqual([]);
      return { pedro, lucia };
    }
    const early = await clashAt('08:00');
    const late = await clashAt('09:00');
    expect(await serverConflicts()).toHaveLength(2);

    // The desk takes both bookings down (the stream), then the review lists both clashes.
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    // The agenda may still show tomorrow from the steps before: step forward only from another day.
    const tomorrowHeading = page.getByRole('heading', { level: 3, name: new RegExp(`${Number(date)} de`) });
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    if (!(await tomorrowHeading.isVisible())) await page.keyboard.press('Alt+ArrowRight');
    await tomorrowHeading.waitFor();
    await page
      .getByRole('button', { name: /^09:00, Dra\. Ana Lima: .*Pedro Henrique Alves/ })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Conflitos e recusas', exact: true }).click();
    const cards = page.getByTestId('review-entry');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
    const cardAt = (time: string) =>
      cards.filter({ hasText: `Consulta de Pedro Henrique Alves, ${dayShort} às ${time}, Dra. Ana Lima` });

    await cardAt('08:00').getByRole('button', { name: 'Manter os dois (encaixe)' }).click();
    // Online, the change syncs at once and the server settles the clash.
    await page
      .getByRole('status')
      .filter({ hasText: 'Os dois agendamentos ficam no horário; a consulta de Pedro Henrique Alves é um encaixe.' })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);

    const late_ = cardAt('09:00');
    await late_.getByRole('button', { name: 'Desmarcar Lúcia Ferreira' }).click();
    await late_.getByText('Desmarcar a consulta de Lúcia Ferreira? Avise: celular (21) 99876-5432.').waitFor();
    await shot(page, 'sync-review-clash-cancel.png');
    await late_.getByRole('button', { name: 'Confirmar desmarcação de Lúcia Ferreira' }).click();

    await page.getByTestId('review-empty').waitFor({ timeout: 60_000 });
    const appointment = async (id: string) =>
      (await server.call('GET', `/appointment/${id}`, { token: seed.token })).body as {
        status: number;
        overbooking: boolean;
      };
    expect(await appointment(early.pedro)).toMatchObject({ status: 1, overbooking: true });
    expect(await appointment(early.lucia)).toMatchObject({ status: 1, overbooking: false });
    expect(await appointment(late.lucia)).toMatchObject({ status: 8 });
    expect(await appointment(late.pedro)).toMatchObject({ status: 1 });
    expect(await serverConflicts()).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);
});
