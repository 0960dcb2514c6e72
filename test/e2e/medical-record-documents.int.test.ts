/**
 * The prontuário's Documentos panel in headless Chromium against the real server (SQLite file, files in
 * the folder beside it): on a professional station the professional attends, writes a prescription,
 * opens the receita as the server's PDF in a new window, shares the attendance with the patient (the
 * address and key shown once), the link opens with that key over HTTP, and after "Revogar" it answers
 * 404 (docs/decisions/medical-record.md MED-032..MED-035).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { addMember } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { openStationProfile, type StationProfile } from './station-profile.js';
import { deskEnvironment } from './desk-environment.js';
import { shot } from './screenshot.js';

const env = deskEnvironment();
let server: SyncTestServer;
let adminToken: string;
let professionalId: string;
const PASSWORD = 'senha-muito-segura-2';
const PRESCRIPTION = 'Amoxicilina 500 mg, 1 capsula de 8/8 h por 7 dias';
const problems: string[] = [];
let profile: StationProfile | undefined;

const synced = (page: Page, timeout = 30_000) =>
  page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout });

beforeAll(async () => {
  server = env.server;
  server.clock.advance(Date.now() - server.clock.now().getTime());
  const admin = await seedAdmin(server, 'Clinica Documentos');
  adminToken = admin.token;
  const clinic = await server.call('POST', '/clinic/', {
    token: adminToken,
    body: {
      name: 'Clínica Documentos',
      timeZone: 'America/Sao_Paulo',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '23:30' })),
    },
  });
  expect(clinic.status).toBe(201);
  professionalId = await addMember(server, admin.tenantId, {
    email: 'ana@documentos.test',
    password: PASSWORD,
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  const store = server.database.forTenant(admin.tenantId);
  const ana = (await store.collection(users).get(professionalId))!;
  await store
    .collection(users)
    .update(ana.id, ana._rev, { ...ana, council: 'CRM', councilNumber: '123456', councilState: 'SP' });
  const patient = await server.call('POST', '/patient/', {
    token: adminToken,
    body: { name: 'Joana Pereira', cpf: '52998224725', birthDate: '1985-04-12', sex: 'female' },
  });
  expect(patient.status, JSON.stringify(patient.body)).toBe(201);
  const local = new Date(Date.now() - 3 * 3_600_000);
  const day = local.toISOString().slice(0, 10);
  const hour = Math.min(local.getUTCHours(), 22);
  const at = (h: number, m: number) => `${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00-03:00`;
  const booked = await server.call('POST', '/appointment/', {
    token: adminToken,
    body: {
      clinic: (clinic.body['clinic'] as { id: string }).id,
      professional: professionalId,
      patient: (patient.body['patient'] as { id: string }).id,
      start: at(hour, 0),
      end: at(hour, 30),
    },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = (booked.body['appointment'] as { id: string }).id;
  const arrived = await server.call('POST', `/appointment/${id}/attendance`, { token: adminToken, body: {} });
  expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await profile?.close();
});

describe('the Documentos panel', () => {
  it('prints the server PDF, shares with the patient by address and key, and revokes', async () => {
    profile = await openStationProfile('docs', env.api.url, problems);
    const { page, context } = profile;

    await page.goto(env.site.url);
    await page.getByLabel('E-mail').fill('ana@documentos.test');
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
    const code = await server.call('POST', '/installation/enrolmentCode', {
      token: adminToken,
      body: { name: 'Consultório 1', kind: 'professional', user: professionalId },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    await page.getByLabel('Código de instalação').fill(String(code.body['code']));
    await page.getByRole('button', { name: 'Conectar estação' }).click();
    await synced(page);

    await page.getByRole('button', { name: 'Prontuário', exact: true }).click({ timeout: 30_000 });
    const line = page.getByTestId('mr-day-line').filter({ hasText: 'Joana Pereira' });
    await line.getByRole('button', { name: 'Chamar' }).click({ timeout: 30_000 });
    await line.getByRole('button', { name: 'Atender' }).click({ timeout: 30_000 });
    await page.getByLabel('Prescrição').fill(PRESCRIPTION);
    await page.getByTestId('save-state').filter({ hasText: 'Salvo às' }).waitFor();
    await synced(page, 60_000);

    const popup = context.waitForEvent('page', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Receita simples', exact: true }).click();
    const opened = await popup;
    expect(opened.url()).toMatch(/^blob:/);

    await page.getByRole('button', { name: 'Compartilhar com o paciente' }).click();
    await page.getByText('A chave não será mostrada de novo').waitFor({ timeout: 30_000 });
    const codes = await page.locator('code').allTextContents();
    const url = codes.find((c) => c.includes('/document/shared/'))!;
    const key = codes.find((c) => c !== url)!;
    expect(url.startsWith(env.api.url)).toBe(true);
    await shot(page, 'medical-record/documents-share.png');
    const shared = await fetch(`${url}?key=${encodeURIComponent(key)}`);
    expect(shared.status).toBe(200);
    const body = (await shared.json()) as { documents: { name: string }[]; attendance: { registration: string } };
    expect(body.attendance.registration).toBe('CRM-SP 123456');
    expect(body.documents.map((d) => d.name).some((n) => n.startsWith('receita-'))).toBe(true);

    await page.getByRole('button', { name: 'Revogar' }).click();
    await page.getByText('revogado').waitFor({ timeout: 30_000 });
    expect((await fetch(`${url}?key=${encodeURIComponent(key)}`)).status).toBe(404);
    expect(problems).toEqual([]);
  });
});
