/**
 * One queue from the desk to the hall's panel (issue 19), in headless Chromium at 1366×768 against the
 * real server (SQLite file): two patients arrive at the desk ("Chegou" gives each a ticket, and the
 * server's panel counts them); with the server down, "Chamar" asks this station's place once, calls the
 * ticket there and says the panel will show it when the server is back; once it is back, the server's
 * panel shows the call and one patient waiting. Screenshots go to test-results/desk-offline-call/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../sync-server/auth/test-server.js';
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

/** `HH:mm` of now in São Paulo (the clinic's zone), on the half hour at or before it, capped at 22:00. */
function slotNow(offsetMinutes = 0): { start: string; end: string; label: string } {
  const local = new Date(Date.now() - 3 * 3_600_000);
  const hour = Math.min(local.getUTCHours(), 22);
  const minutes = hour * 60 + (local.getUTCHours() > 22 ? 0 : local.getUTCMinutes() >= 30 ? 30 : 0) + offsetMinutes;
  const day = local.toISOString().slice(0, 10);
  const at = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { start: `${day}T${at(minutes)}:00-03:00`, end: `${day}T${at(minutes + 30)}:00-03:00`, label: at(minutes) };
}

/** The server's panel (REST, as the hall's screen reads it). */
async function serverPanel() {
  const res = await server.call('GET', `/clinic/${clinicId}/panel`, { token });
  expect(res.status).toBe(200);
  return res.body as { waiting: number; calls: { code: string; placeName: string }[] };
}

const cell = (text: string) => page.locator(`[data-cell][aria-label*="${text}"]`);

async function openAppointment(text: string) {
  await cell(text).click();
  const panel = page.getByTestId('appointment-panel');
  await panel.waitFor();
  return panel;
}

async function closePanel() {
  await page.keyboard.press('Escape');
  await page.getByTestId('appointment-panel').waitFor({ state: 'detached' });
}

const syncIndicator = () => page.getByTestId('sync-indicator');

beforeAll(async () => {
  server = env.server;
  // The desk runs on the real clock: the server's test clock moves to now, so both read the same
  // clinic day (the queue's), before any token is issued.
  server.clock.advance(Date.now() - server.clock.now().getTime());
  const admin = await seedAdmin(server, 'Clinica Fila Unica');
  token = admin.token;
  const clinic = await server.call('POST', '/clinic/', {
    token,
    body: {
      name: 'Clínica Fila Única',
      timeZone: 'America/Sao_Paulo',
      places: [{ name: 'Guichê 1', kind: 'desk' }],
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '23:30' })),
    },
  });
  expect(clinic.status).toBe(201);
  clinicId = (clinic.body['clinic'] as { id: string }).id;
  const professional = await addMember(server, admin.tenantId, {
    email: 'ana@filaunica.test',
    password: 'senha-muito-segura-2',
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  for (const [name, cpf, offset] of [
    ['Maria Aparecida da Silva', '52998224725', 0],
    ['João Pedro Oliveira', '11144477735', 30],
  ] as const) {
    const patient = await server.call('POST', '/patient/', { token, body: { name, cpf, birthDate: '1985-04-12' } });
    expect(patient.status).toBe(201);
    const booked = await server.call('POST', '/appointment/', {
      token,
      body: {
        clinic: clinicId,
        professional,
        patient: (patient.body['patient'] as { id: string }).id,
        start: slotNow(offset).start,
        end: slotNow(offset).end,
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  }
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
}, 120_000);

describe('the desk’s arrivals and calls reach the server’s panel', () => {
  it('gives each arrival a ticket the panel counts, and an offline call reaches the panel once the server is back', async () => {
    await signInAndEnrol(page, env.site.url, server, {
      email: 'admin@clinicafilaunica.test',
      password: 'senha-muito-segura-1',
      adminToken: token,
    });
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor({ timeout: 30_000 });

    for (const [name, code] of [
      ['Maria Aparecida da Silva', 'N001'],
      ['João Pedro Oliveira', 'N002'],
    ] as const) {
      const panel = await openAppointment(`Dra. Ana Lima: ${name}, Agendado`);
      await page.keyboard.press('a');
      await panel
        .getByRole('status')
        .filter({ hasText: `Chegada registrada — senha ${code}` })
        .waitFor();
      await closePanel();
    }
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    expect((await until(serverPanel, (p) => p.waiting === 2)).waiting).toBe(2);

    await env.api.stop();
    await syncIndicator().filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });
    const panel = await openAppointment('Dra. Ana Lima: Maria Aparecida da Silva, Aguardando');
    await page.keyboard.press('h');
    await panel.getByTestId('ask-place').getByRole('button', { name: 'Guichê 1' }).click();
    await panel
      .getByRole('status')
      .filter({
        hasText:
          'Senha N001 chamada — Guichê 1. Sem conexão com o servidor: o painel mostra a chamada quando a conexão voltar.',
      })
      .waitFor();
    await shot(page, 'desk-offline-call/offline-call.png');
    expect((await serverPanel()).calls).toEqual([]);
    await closePanel();

    await env.api.start();
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 60_000 });
    const shown = await until(serverPanel, (p) => p.calls.length === 1);
    expect(shown).toMatchObject({ waiting: 1, calls: [{ code: 'N001', placeName: 'Guichê 1' }] });
    expect(problems).toEqual([]);
  }, 180_000);
});
