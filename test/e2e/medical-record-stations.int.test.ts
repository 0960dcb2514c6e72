/**
 * Issue 23's desk scenario in headless Chromium at 1366×768 against the real server (SQLite file),
 * each station a Chromium profile of its own on disk: the reception checks the patient in; on the
 * professional's station (kind `professional`, bound to her) the server goes down, she calls the
 * patient, writes the anamnese, a CID-10 diagnosis found offline and a prescription, finishes and
 * prints it; a later change becomes an addendum; back online, the server and a second station of hers
 * have the finished record. The reception's screens and its IndexedDB files on disk hold no clinical
 * text, the professional's do (MED-007). Screenshots go to test-results/medical-record/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { addMember, login } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { shot } from './screenshot.js';
import { openStationProfile, type StationProfile } from './station-profile.js';
import { until } from './until.js';

const env = deskEnvironment();
let server: SyncTestServer;
let adminToken: string;
let professionalId: string;
const PASSWORD = 'senha-muito-segura-2';
// ASCII on purpose: Chromium stores a Latin-1 string one byte per character, so the bytes are findable.
const ANAMNESE = 'Tosse seca noturna ha tres semanas, piora com poeira';
const PRESCRIPTION = 'Budesonida 200 mcg inalatoria, 1 jato de 12/12 h';
const ADDENDUM = 'Retorno antecipado se febre';
const problems: string[] = [];
const profiles: StationProfile[] = [];

/** A station: Chromium with a profile folder of its own (IndexedDB on disk), at 1366×768, pt-BR. */
async function station(): Promise<StationProfile> {
  const opened = await openStationProfile('records', env.api.url, problems);
  profiles.push(opened);
  return opened;
}

/** Signs `email` in and enrols the station with a code of `kind` (bound to `user` for a professional). */
async function enrol(page: Page, email: string, body: Record<string, unknown>) {
  await page.goto(env.site.url);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(email.startsWith('admin') ? 'senha-muito-segura-1' : PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
  const code = await server.call('POST', '/installation/enrolmentCode', { token: adminToken, body });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  await page.getByLabel('Código de instalação').fill(String(code.body['code']));
  await page.getByRole('button', { name: 'Conectar estação' }).click();
  await synced(page);
}

const synced = (page: Page, timeout = 30_000) =>
  page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout });

/** Every byte of the profile's IndexedDB folders (LevelDB logs and tables), as Latin-1 text. */
function indexedDbBytes(dir: string): string {
  const parts: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (at.includes('IndexedDB')) parts.push(readFileSync(path).toString('latin1'));
    }
  };
  walk(join(dir, 'Default'));
  return parts.join('\n');
}

beforeAll(async () => {
  server = env.server;
  server.clock.advance(Date.now() - server.clock.now().getTime());
  const admin = await seedAdmin(server, 'Clinica Prontuario');
  adminToken = admin.token;
  const clinic = await server.call('POST', '/clinic/', {
    token: adminToken,
    body: {
      name: 'Clínica Prontuário',
      timeZone: 'America/Sao_Paulo',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '23:30' })),
    },
  });
  expect(clinic.status).toBe(201);
  professionalId = await addMember(server, admin.tenantId, {
    email: 'ana@prontuario.test',
    password: PASSWORD,
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  await addMember(server, admin.tenantId, { email: 'rita@prontuario.test', password: PASSWORD, role: 'reception' });
  const store = server.database.forTenant(admin.tenantId);
  const ana = (await store.collection(users).get(professionalId))!;
  await store.collection(users).update(ana.id, ana._rev, {
    ...ana,
    council: 'CRM',
    councilNumber: '123456',
    councilState: 'SP',
  });
  const patient = await server.call('POST', '/patient/', {
    token: adminToken,
    body: { name: 'Maria Aparecida da Silva', cpf: '52998224725', birthDate: '1985-04-12', sex: 'female' },
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
}, 120_000);

afterAll(async () => {
  for (const profile of profiles) await profile.close();
});

describe('the prontuário on a professional station', () => {
  it('is written offline, finished, printed and amended there; the reception never holds its text', async () => {
    const reception = await station();
    await enrol(reception.page, 'rita@prontuario.test', { name: 'Recepção 1', kind: 'desk' });
    const arrival = reception.page.locator('[data-cell][aria-label*="Maria Aparecida da Silva, Agendado"]');
    await arrival.click({ timeout: 30_000 });
    await reception.page.getByTestId('appointment-panel').waitFor();
    await reception.page.keyboard.press('a');
    await reception.page
      .getByTestId('appointment-panel')
      .getByRole('status')
      .filter({ hasText: 'Chegada registrada' })
      .waitFor();
    await reception.page.keyboard.press('Escape');
    await synced(reception.page);

    const pro = await station();
    const page = pro.page;
    await enrol(page, 'ana@prontuario.test', { name: 'Consultório 1', kind: 'professional', user: professionalId });
    await page.getByRole('button', { name: 'Prontuário', exact: true }).click({ timeout: 30_000 });
    const line = page.getByTestId('mr-day-line').filter({ hasText: 'Maria Aparecida da Silva' });
    await line.getByRole('button', { name: 'Chamar' }).waitFor({ timeout: 30_000 });

    await env.api.stop();
    await page.getByTestId('sync-indicator').filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });
    await line.getByRole('button', { name: 'Chamar' }).click();
    await line.getByText('Chamado').waitFor();
    await line.getByRole('button', { name: 'Atender' }).click();
    await page.getByTestId('record-patient').filter({ hasText: 'Maria Aparecida da Silva' }).waitFor();
    await page.getByLabel('Anamnese').fill(ANAMNESE);
    await page.getByLabel('Hipótese diagnóstica').fill('Asma');
    await page.getByLabel('Buscar CID-10 (código ou palavras)').fill('asma alergica');
    await page.getByRole('listitem').filter({ hasText: 'J45.0' }).click();
    await page.getByTestId('cid10-code').filter({ hasText: 'J45.0' }).waitFor();
    await page.getByLabel('Prescrição').fill(PRESCRIPTION);
    await page.getByTestId('save-state').filter({ hasText: 'Salvo às' }).waitFor();
    await shot(page, 'medical-record/writing-offline.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'medical-record/writing-offline-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });

    // Typed, then the window closes before the pause that saves it: the station's draft keeps it.
    await page.getByLabel('Conduta').fill('Evitar poeira; retorno em 30 dias');
    await page.reload();
    await page.getByRole('button', { name: 'Prontuário', exact: true }).click({ timeout: 30_000 });
    await line.getByRole('button', { name: 'Abrir prontuário' }).click({ timeout: 30_000 });
    await expect(page.getByLabel('Conduta').inputValue()).resolves.toBe('Evitar poeira; retorno em 30 dias');
    await page.getByTestId('save-state').filter({ hasText: 'Salvo às' }).waitFor();

    await page.getByRole('button', { name: 'Finalizar atendimento' }).click();
    await page.getByRole('button', { name: 'Finalizar atendimento' }).click();
    await page.getByText('Finalizado em').waitFor();
    await expect(page.getByLabel('Anamnese').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Imprimir receita' }).click();
    const preview = page.frameLocator('iframe[title="Pré-visualização da receita"]');
    await preview.getByText('RECEITUÁRIO SIMPLES').waitFor();
    await preview.getByText('CRM-SP 123456').waitFor();
    await preview.getByText(PRESCRIPTION).waitFor();
    await shot(page, 'medical-record/prescription.png');
    await page.getByRole('button', { name: 'Fechar' }).click();

    await page.getByLabel('Novo adendo').fill(ADDENDUM);
    await page.getByRole('button', { name: 'Registrar adendo' }).click();
    await page.getByTestId('addendum').filter({ hasText: ADDENDUM }).waitFor();
    await shot(page, 'medical-record/finished-addendum.png');

    await env.api.start();
    await synced(page, 60_000);
    const anaToken = (await login(server, 'ana@prontuario.test', PASSWORD)).accessToken;
    const recordId = await recordIdOf(page);
    const appointments = await until(
      () => recordOnServer(recordId, anaToken),
      (r) => r.status === 'finished' && (r.addenda?.length ?? 0) === 1,
    );
    expect(appointments.sections).toMatchObject({
      anamnese: { text: ANAMNESE },
      conduta: { text: 'Evitar poeira; retorno em 30 dias' },
      hipoteseDiagnostica: { cid10: ['J45.0'] },
      prescricao: { text: PRESCRIPTION },
    });
    expect(appointments.addenda?.[0]?.text).toBe(ADDENDUM);

    // Another station of hers receives the finished record.
    const second = await station();
    await enrol(second.page, 'ana@prontuario.test', {
      name: 'Consultório 2',
      kind: 'professional',
      user: professionalId,
    });
    await second.page.getByRole('button', { name: 'Prontuário', exact: true }).click({ timeout: 30_000 });
    const seen = second.page.getByTestId('mr-day-line').filter({ hasText: 'Maria Aparecida da Silva' });
    await seen.getByRole('button', { name: 'Abrir prontuário' }).click({ timeout: 30_000 });
    await second.page.getByText(ANAMNESE).waitFor();
    await second.page.getByTestId('addendum').filter({ hasText: ADDENDUM }).waitFor();
    await shot(second.page, 'medical-record/second-station.png');

    // The reception: the attendance is over on its agenda, no clinical text on screen or on disk.
    await synced(reception.page);
    await reception.page
      .locator('[data-cell][aria-label*="Maria Aparecida da Silva, Atendido"]')
      .waitFor({ timeout: 30_000 });
    await expect(reception.page.getByRole('button', { name: 'Prontuário', exact: true }).count()).resolves.toBe(0);
    expect(await reception.page.content()).not.toContain('Tosse seca');
    await shot(reception.page, 'medical-record/reception.png');
    await Promise.all(profiles.map(({ context }) => context.close()));
    expect(indexedDbBytes(pro.dir)).toContain('Tosse seca noturna');
    expect(indexedDbBytes(reception.dir)).not.toContain('Tosse seca noturna');
    expect(indexedDbBytes(reception.dir)).not.toContain('Budesonida');
    expect(problems).toEqual([]);
  }, 300_000);
});

type Finished = { status?: string; addenda?: { text: string }[]; sections?: Record<string, unknown> };

/** The record as the server answers its professional. */
async function recordOnServer(id: string, token: string): Promise<Finished> {
  const res = await server.call('GET', `/medicalRecord/${id}`, { token });
  return res.body;
}

/** The open record's id, as the station's editor shows it (its history anchor). */
async function recordIdOf(page: Page): Promise<string> {
  return (await page.getByTestId('record-patient').getAttribute('data-record')) ?? '';
}
