/**
 * Issue 18.4 and 18.6 on a real desk in headless Chromium against the real server (SQLite file): with
 * the server stopped, the reception marks Maria arrived ("Chegou"), calls her ("Chamar") and starts
 * her attendance, and confirms another booking that an integrator cancels on the server meanwhile.
 * Back online, the server holds all three steps of the first appointment (status and step times) with
 * no review card for it, and the confirmation is listed in "Conflitos e recusas" with why, not dropped.
 * Screenshots go to test-results/offline-steps/.
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

type Step = { at: string; from: number | null; to: number; action: string };
type Stored = { status: number; history: Step[]; patientConfirmation: { confirmed: boolean } };

const env = deskEnvironment();
let server: SyncTestServer;
let api: SwitchableApi;
let token: string;
const ids: Record<'steps' | 'confirm', string> = { steps: '', confirm: '' };
let page: Page;
const problems: string[] = [];

async function stored(id: string): Promise<Stored> {
  const res = await server.call('GET', `/appointment/${id}`, { token });
  expect(res.status).toBe(200);
  return (res.body['appointment'] ?? res.body) as unknown as Stored;
}

const syncIndicator = () => page.getByTestId('sync-indicator');
const cell = (time: string) =>
  page.getByRole('button', { name: new RegExp(`^${time}, Dra\\. Ana Lima: Maria Aparecida da Silva`) });

beforeAll(async () => {
  server = env.server;
  api = env.api;
  const seed = await seedAurora(server, { openingHours: true });
  token = seed.token;
  const day = tomorrow();
  for (const [key, hour] of [
    ['steps', '08'],
    ['confirm', '10'],
  ] as const) {
    const booked = await server.call('POST', '/appointment/', {
      token,
      body: {
        clinic: seed.clinicId,
        patient: seed.patientId,
        professional: seed.professionalId,
        start: `${day}T${hour}:00:00-03:00`,
        end: `${day}T${hour}:30:00-03:00`,
      },
    });
    expect(booked.status).toBe(201);
    ids[key] = (booked.body['appointment'] as { id: string }).id;
  }
  page = await openDeskPage(env.browser, api.url, problems);
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `offline-steps/failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`, {
      fullPage: true,
    });
});

describe('status steps and a confirmation made offline on a real desk', () => {
  it('arrives, calls and starts one appointment and confirms another while the server is down', async () => {
    await signInAndEnrol(page, env.site.url, server, { ...AURORA_ADMIN, adminToken: token });
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Alt+ArrowRight');
    await cell('08:00').waitFor({ timeout: 30_000 });
    await cell('10:00').waitFor({ timeout: 30_000 });

    await api.stop();
    await syncIndicator().filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });

    await cell('08:00').click();
    const panel = page.getByTestId('appointment-panel');
    await panel.waitFor();
    for (const [button, status] of [
      ['Chegou', 'Aguardando'],
      ['Chamar', 'Chamado'],
      ['Iniciar atendimento', 'Em atendimento'],
    ] as const) {
      await panel.getByRole('button', { name: new RegExp(`^${button}`) }).click();
      await panel.getByTestId('panel-status').filter({ hasText: status }).waitFor({ timeout: 15_000 });
    }
    await shot(page, 'offline-steps/started-offline.png');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await cell('10:00').click();
    await panel.waitFor();
    await panel.getByRole('button', { name: /^Confirmar presença/ }).click();
    await panel.getByText('Confirmado').first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await syncIndicator().filter({ hasText: 'aguardando envio' }).waitFor({ timeout: 15_000 });

    // Meanwhile an integrator cancels the second booking on the server.
    const cancelled = await server.call('PATCH', `/appointment/${ids.confirm}/cancellation`, {
      token,
      body: { reason: 'Paciente pediu por telefone', cancelledBy: 'patient' },
    });
    expect(cancelled.status).toBe(200);
  }, 180_000);

  it('brings every step to the server with its time, and no review card for it', async () => {
    await api.start();
    const steps = await until(
      () => stored(ids.steps),
      (a) => a.status === 4,
    );
    expect(steps.status).toBe(4);
    expect(steps.history.map(({ action, from, to }) => [action, from, to])).toEqual([
      ['create', null, 1],
      ['checkIn', 1, 2],
      ['call', 2, 3],
      ['start', 3, 4],
    ]);
    // The step times are the desk's, in order, each its own moment.
    const times = steps.history.slice(1).map((step) => Date.parse(step.at));
    expect(times.every((t, i) => Number.isFinite(t) && (i === 0 || t >= times[i - 1]!))).toBe(true);

    // Only the confirmation is listed: the indicator counts one, and no entry names the first booking.
    await syncIndicator().getByRole('button', { name: '1 conflito para revisar' }).waitFor({ timeout: 60_000 });
    const desk = JSON.parse((await page.evaluate(() => localStorage.getItem('clinic.installation'))) ?? '{}') as {
      token: string;
    };
    const read = async (kind: string) =>
      ((await server.call('GET', `/sync/${kind}`, { token: desk.token })).body['items'] as { docId: string }[]).map(
        (item) => item.docId,
      );
    expect(await read('rejections')).toEqual([]);
    expect(await read('conflicts')).toEqual([ids.confirm]);
    // The server's cancellation stands; the desk shows it too.
    expect(await stored(ids.confirm)).toMatchObject({ status: 7, patientConfirmation: { confirmed: false } });
  }, 120_000);

  it('lists the offline confirmation of the cancelled booking with why, in the review screen', async () => {
    await syncIndicator().getByRole('button', { name: '1 conflito para revisar' }).click();
    const entry = page.getByTestId('review-entry');
    await entry.getByText('Agendamento · Conflito').waitFor({ timeout: 15_000 });
    expect(await entry.count()).toBe(1);
    await entry.getByText('o agendamento foi desmarcado pelo paciente enquanto isso').waitFor();
    await shot(page, 'offline-steps/confirmation-listed.png', { fullPage: true });
    expect(problems).toEqual([]);
  }, 60_000);
});
