/**
 * The prontuário's "Gestação" card in headless Chromium against the real server (SQLite file), with the
 * server stopped while the professional works: a female patient's attendance opens with the card; a
 * gestation registered from a DUM 20 weeks ago shows "IG 20 semanas" and Naegele's DPP, and joins
 * "Gestantes acompanhadas"; its note changes; once the server is back it reaches it; ended with its
 * outcome, it leaves the card and the list (docs/decisions/renderer.md UI-097, UI-098). Screenshots at
 * 1366×768 and 1024×768 go to test-results/medical-record/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '#core/br/format.js';
import { naegeleDueDate } from '#core/medical-record/gestation/gestation-dates.js';
import { addDays } from '#core/schedule/time.js';
import { addMember, login } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { openStationProfile, type StationProfile } from './station-profile.js';
import { deskEnvironment } from './desk-environment.js';
import { shot } from './screenshot.js';
import { until } from './until.js';

const env = deskEnvironment();
let server: SyncTestServer;
let adminToken: string;
let professionalId: string;
let patientId: string;
const PASSWORD = 'senha-muito-segura-2';
const EMAIL = 'helena@obstetricia.test';
const problems: string[] = [];
let profile: StationProfile | undefined;
/** Today in São Paulo (no daylight saving time since 2019). */
const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const DUM = addDays(today, -140);

const synced = (page: Page, timeout = 30_000) =>
  page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout });

beforeAll(async () => {
  server = env.server;
  server.clock.advance(Date.now() - server.clock.now().getTime());
  const admin = await seedAdmin(server, 'Clinica Mulher');
  adminToken = admin.token;
  const clinic = await server.call('POST', '/clinic/', {
    token: adminToken,
    body: {
      name: 'Clínica Mulher',
      timeZone: 'America/Sao_Paulo',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '23:30' })),
    },
  });
  expect(clinic.status).toBe(201);
  const clinicId = (clinic.body['clinic'] as { id: string }).id;
  professionalId = await addMember(server, admin.tenantId, {
    email: EMAIL,
    password: PASSWORD,
    role: 'professional',
    name: 'Dra. Helena Obstetra',
  });
  const patient = await server.call('POST', '/patient/', {
    token: adminToken,
    body: { name: 'Juliana Ferreira Lima', cpf: '52998224725', birthDate: '1994-03-12', sex: 'female' },
  });
  expect(patient.status, JSON.stringify(patient.body)).toBe(201);
  patientId = (patient.body['patient'] as { id: string }).id;
  const local = new Date(Date.now() - 3 * 3_600_000);
  const hour = Math.min(local.getUTCHours(), 22);
  const at = (h: number, m: number) => `${today}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00-03:00`;
  const booked = await server.call('POST', '/appointment/', {
    token: adminToken,
    body: { clinic: clinicId, professional: professionalId, patient: patientId, start: at(hour, 0), end: at(hour, 30) },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = (booked.body['appointment'] as { id: string }).id;
  const arrived = await server.call('POST', `/appointment/${id}/attendance`, { token: adminToken, body: {} });
  expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await profile?.close();
});

/** Both screenshot sizes the desk must fit, back at 1366×768 afterwards. */
async function shots(page: Page, name: string) {
  await shot(page, `medical-record/${name}.png`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, `medical-record/${name}-1024.png`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe("the prontuário's gestation card", () => {
  it('registers a gestation offline, shows its age and DPP, lists it, and ends it', async () => {
    profile = await openStationProfile('gestation', env.api.url, problems);
    const { page } = profile;

    await page.goto(env.site.url);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
    const code = await server.call('POST', '/installation/enrolmentCode', {
      token: adminToken,
      body: { name: 'Consultório 3', kind: 'professional', user: professionalId },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    await page.getByLabel('Código de instalação').fill(String(code.body['code']));
    await page.getByRole('button', { name: 'Conectar estação' }).click();
    await synced(page);
    await page.getByRole('button', { name: 'Prontuário', exact: true }).click({ timeout: 30_000 });
    const line = page.getByTestId('mr-day-line').filter({ hasText: 'Juliana Ferreira Lima' });
    await line.getByRole('button', { name: 'Chamar' }).waitFor({ timeout: 30_000 });
    await page.getByText('Nenhuma gestante em acompanhamento.').waitFor();

    // The server goes away: the station registers the gestation on its own database.
    await env.api.stop();
    await page.getByTestId('sync-indicator').filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });
    await line.getByRole('button', { name: 'Chamar' }).click();
    await line.getByRole('button', { name: 'Atender' }).click();
    const card = page.getByTestId('gestation-card');
    await card.getByText('Nenhuma gestação em curso registrada.').waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Registrar gestação' }).click();
    await card.getByLabel('DUM (data da última menstruação)').fill(formatDate(DUM));
    await card.getByLabel('Observação').fill('G2P1, sem intercorrências.');
    await shots(page, 'gestation-register');
    await card.getByRole('button', { name: 'Registrar', exact: true }).click();
    const dpp = formatDate(naegeleDueDate(DUM));
    await card.getByTestId('gestation-age').filter({ hasText: 'IG 20 semanas' }).waitFor();
    await expect(card.getByTestId('gestation-dates').textContent()).resolves.toBe(
      `DUM ${formatDate(DUM)} · DPP ${dpp}`,
    );
    await card.getByText(`Gestação registrada: DPP ${dpp}.`).waitFor();
    const followed = page.getByTestId('followed-gestation').filter({ hasText: 'Juliana Ferreira Lima' });
    await followed.filter({ hasText: `DPP ${dpp} · IG 20 semanas` }).waitFor();
    await shots(page, 'gestation');

    await card.getByRole('button', { name: 'Alterar observação' }).click();
    await card.getByLabel('Observação').fill('G2P1; ultrassom morfológico pedido.');
    await card.getByRole('button', { name: 'Salvar observação' }).click();
    await card.getByText('G2P1; ultrassom morfológico pedido.').waitFor();

    // Back online: the server holds it, with the same DPP.
    await env.api.start();
    await synced(page, 60_000);
    const token = (await login(server, EMAIL, PASSWORD)).accessToken;
    const listed = await until(
      async () =>
        (await server.call('GET', `/gestation/?patient=${patientId}`, { token })).body['items'] as {
          dueDate: string;
          note?: string;
          gestationalAge: { weeks: number; days: number };
        }[],
      (items) => items.length === 1 && items[0]!.note === 'G2P1; ultrassom morfológico pedido.',
    );
    expect(listed[0]).toMatchObject({ dueDate: naegeleDueDate(DUM), gestationalAge: { weeks: 20, days: 0 } });

    // Ended with its outcome, it leaves the card and the list.
    await card.getByRole('button', { name: 'Encerrar gestação' }).click();
    await card.getByLabel('Desfecho').click();
    await page.getByRole('option', { name: 'Acompanhamento transferido' }).click();
    await shots(page, 'gestation-end');
    await card.getByRole('button', { name: 'Encerrar', exact: true }).click();
    await card.getByText('Gestação encerrada: Acompanhamento transferido.').waitFor();
    await card.getByText('Nenhuma gestação em curso registrada.').waitFor();
    await page.getByText('Nenhuma gestante em acompanhamento.').waitFor();
    expect(problems).toEqual([]);
  }, 240_000);
});
