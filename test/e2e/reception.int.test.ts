/**
 * The reception desk end to end, in headless Chromium against the real server (SQLite file): sign in,
 * connect the station with an enrolment code, book by keyboard, confirm, check in, call and regress to
 * waiting, register a patient (invalid then valid CPF), budget online, and keep booking and budgeting
 * with the server down until it comes back and has every appointment and budget (issue 8).
 * Screenshots go to test-results/.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import type { SwitchableApi } from './api-listener.js';
import { addToothLines } from './budget-editor.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { seedPricedProcedure } from './price-seed.js';
import { shot } from './screenshot.js';
import { tomorrow } from './tomorrow.js';
import { until } from './until.js';

const ACCOUNT = 'Clinica Sorriso';
/** seedAdmin's admin: its e-mail and password. */
const EMAIL = 'admin@clinicasorriso.test';
const PASSWORD = 'senha-muito-segura-1';

const env = deskEnvironment();
let server: SyncTestServer;
let api: SwitchableApi;
let token: string;
let clinicId: string;
/** The seeded patients' ids by name, and the procedure the price table prices. */
const patientIds = new Map<string, string>();
let eventId: string;
/** The number of the budget the desk saved online, the first of the block it leased. */
let onlineBudget: number;
let page: Page;
const problems: string[] = [];
/** The professionals in column order, as the grid shows them. */
let columns: [string, string];

/** A grid cell by its accessible name: `08:00, <professional>: <what it holds>`. */
function cell(time: string, column: 0 | 1, holds = '') {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('button', { name: new RegExp(`^${time}, ${escape(columns[column])}: ${escape(holds)}`) });
}

/** The server's appointments of `date` (REST, as an integrator sees them). */
async function serverAppointments(date: string) {
  const res = await server.call('GET', `/appointment/?clinic=${clinicId}&date=${date}&days=1&includeCancelled=true`, {
    token,
  });
  expect(res.status).toBe(200);
  return res.body['items'] as {
    id: string;
    patient: string;
    status: number;
    patientConfirmation: { confirmed: boolean };
  }[];
}

const syncIndicator = () => page.getByTestId('sync-indicator');

/** A budget as REST lists it (`GET /budget/`), the fields the test reads. */
interface ServerBudget {
  budgetNumber: number;
  patient: string;
  status: number;
  value: number;
  items: { event?: string; valueUnity?: number; totalValue: number; tooth?: string; toothFace?: string[] }[];
}

/** The server's budgets (REST, as an integrator sees them). */
async function serverBudgets(): Promise<ServerBudget[]> {
  const res = await server.call('GET', '/budget/', { token });
  expect(res.status).toBe(200);
  return res.body['items'] as ServerBudget[];
}

/**
 * Makes a budget in the budget editor: the patient, Dra. Ana Lima, one line of "Restauração em
 * resina" per tooth (face O) priced from the table, saved; @returns the number its notice gives.
 */
async function budgetInEditor(patientQuery: string, patientName: string, teeth: string[]): Promise<number> {
  await page.getByRole('button', { name: 'Orçamentos', exact: true }).click();
  const notice = page.getByRole('status').filter({ hasText: /Orçamento nº \d+ salvo/ });
  const before = await notice.allTextContents();
  await page.getByRole('button', { name: 'Novo orçamento' }).click();
  await page.getByRole('combobox', { name: 'Paciente' }).fill(patientQuery);
  await page.getByRole('option', { name: new RegExp(patientName) }).click();
  await page.getByLabel('Profissional').selectOption({ label: 'Dra. Ana Lima' });
  await addToothLines(page, 'Restauração em resina', teeth);
  for (const [i] of teeth.entries()) expect(await page.getByLabel(`Valor unit. ${i + 1}`).inputValue()).toBe('233,33');
  await page.getByRole('button', { name: 'Salvar orçamento' }).click();
  // The notice of this save: another number than the one it showed before.
  await expect
    .poll(async () => (await notice.allTextContents()).filter((text) => !before.includes(text)))
    .toHaveLength(1);
  const text = (await notice.allTextContents()).find((t) => !before.includes(t));
  return Number(/nº (\d+)/.exec(text ?? '')?.[1]);
}

/** Books the selected slot with the keyboard only: N, the patient's name, Enter, Ctrl+Enter. */
async function bookByKeyboard(patientQuery: string, patientName: string): Promise<void> {
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
  await dialog.waitFor();
  await page.getByRole('combobox', { name: 'Paciente' }).waitFor();
  await page.keyboard.type(patientQuery);
  await dialog.getByRole('option', { name: new RegExp(patientName) }).waitFor();
  await page.keyboard.press('Enter');
  await dialog.getByTestId('picked-patient').filter({ hasText: patientName }).waitFor();
  await page.keyboard.press('Control+Enter');
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  server = env.server;
  api = env.api;
  const admin = await seedAdmin(server, ACCOUNT);
  token = admin.token;
  const clinic = await server.call('POST', '/clinic/', {
    token,
    body: {
      name: 'Clínica Sorriso',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '12:00' })),
    },
  });
  expect(clinic.status).toBe(201);
  clinicId = (clinic.body['clinic'] as { id: string }).id;
  for (const name of ['Dra. Ana Lima', 'Dr. Bruno Reis'])
    await addMember(server, admin.tenantId, {
      email: `${name.split(' ')[1]!.toLowerCase()}@sorriso.test`,
      password: 'senha-muito-segura-2',
      role: 'professional',
      name,
    });
  for (const [name, cpf] of [
    ['Maria Aparecida da Silva', '52998224725'],
    ['João Pedro Oliveira', '11144477735'],
    ['Carla Souza Mendes', '39053344705'],
  ] as const) {
    const res = await server.call('POST', '/patient/', { token, body: { name, cpf, insurances: [] } });
    expect(res.status).toBe(201);
    patientIds.set(name, (res.body['patient'] as { id: string }).id);
  }
  eventId = await seedPricedProcedure(server, token, 233.33);
  page = await openDeskPage(env.browser, api.url, problems);
}, 120_000);

afterEach(async (context) => {
  // A failing step leaves a picture of what the desk showed.
  if (context.task.result?.state === 'fail')
    await shot(page, `reception-failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`);
});

describe('the reception desk in Chromium against the real server', () => {
  it('signs in, connects the station with an enrolment code and shows the synced day', async () => {
    await signInAndEnrol(page, env.site.url, server, { email: EMAIL, password: PASSWORD, adminToken: token }, () =>
      shot(page, 'reception-setup.png'),
    );
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor({ timeout: 30_000 });
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers[0]).toBe('Horário');
    expect([...headers.slice(1)].sort()).toEqual(['Dr. Bruno Reis', 'Dra. Ana Lima']);
    columns = [headers[1]!, headers[2]!];
  }, 120_000);

  it('books two appointments of tomorrow with the keyboard only', async () => {
    await page.keyboard.press('Alt+ArrowRight');
    const day = tomorrow();
    const [, month, date] = day.split('-');
    await page.getByRole('heading', { level: 3, name: new RegExp(`${Number(date)} de`) }).waitFor();
    expect(month).toBeTruthy();

    await bookByKeyboard('Maria', 'Maria Aparecida da Silva');
    await cell('08:00', 0, 'Maria Aparecida da Silva, Agendado').waitFor();
    // After booking, focus is back on the grid: ↓ moves to 08:30, Enter books it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Horário').inputValue()).toContain('T08:30');
    await page.keyboard.type('111.444.777-35');
    await dialog.getByRole('option', { name: /João Pedro Oliveira/ }).waitFor();
    await shot(page, 'reception-booking.png');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await cell('08:30', 0, 'João Pedro Oliveira, Agendado').waitFor();
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    await shot(page, 'reception-day.png');

    const onServer = await until(
      () => serverAppointments(day),
      (items) => items.length === 2,
    );
    expect(onServer).toHaveLength(2);
    expect(onServer.every((a) => a.status === 1)).toBe(true);
  }, 120_000);

  it('confirms, checks in, calls and regresses to waiting from the panel by keyboard', async () => {
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('appointment-panel');
    await panel.waitFor();
    const status = page.getByTestId('panel-status');
    expect(await status.textContent()).toBe('Agendado');

    await page.keyboard.press('c');
    await panel.getByText('Confirmado', { exact: true }).waitFor();
    await page.keyboard.press('a');
    await status.filter({ hasText: 'Aguardando' }).waitFor();
    await page.keyboard.press('h');
    await status.filter({ hasText: 'Chamado' }).waitFor();
    await page.keyboard.press('v');
    await status.filter({ hasText: 'Aguardando' }).waitFor();
    await shot(page, 'reception-panel.png');
    await page.keyboard.press('Escape');
    await cell('08:00', 0, 'Maria Aparecida da Silva, Aguardando, Confirmado').waitFor();

    const maria = await until(
      async () => (await serverAppointments(tomorrow())).find((a) => a.status === 2),
      (found) => found !== undefined && found.patientConfirmation.confirmed,
    );
    expect(maria).toMatchObject({ status: 2, patientConfirmation: { confirmed: true } });
  }, 120_000);

  it('registers a patient: an invalid CPF is refused inline with the core message, a valid one saves', async () => {
    await page.getByRole('button', { name: 'Pacientes', exact: true }).click();
    await page.getByRole('heading', { name: 'Pacientes', level: 3 }).waitFor();
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'Cadastrar paciente' });
    await dialog.waitFor();
    await page.keyboard.type('Beatriz Nogueira Campos');
    await dialog.getByLabel('CPF').fill('');
    await dialog.getByLabel('CPF').pressSequentially('12345678900');
    expect(await dialog.getByLabel('CPF').inputValue()).toBe('123.456.789-00');
    await dialog.getByLabel('Celular').pressSequentially('11987654321');
    expect(await dialog.getByLabel('Celular').inputValue()).toBe('(11) 98765-4321');
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('CPF inválido (confira os dígitos verificadores)').waitFor();
    await shot(page, 'reception-patient-invalid-cpf.png');

    await dialog.getByLabel('CPF').fill('');
    await dialog.getByLabel('CPF').pressSequentially('86288366757');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Beatriz Nogueira Campos cadastrado(a).').waitFor();
    await page.getByLabel('Buscar paciente').fill('862.883.667-57');
    await page.getByRole('cell', { name: 'Beatriz Nogueira Campos' }).waitFor();
    await shot(page, 'reception-patients.png');

    const onServer = await until(
      () => server.call('GET', '/patient/?cpf=86288366757', { token }),
      (res) => (res.body['items'] as unknown[] | undefined)?.length === 1,
    );
    expect(onServer.body['items']).toMatchObject([{ name: 'Beatriz Nogueira Campos', cpf: '86288366757' }]);
  }, 120_000);

  it('saves a budget online: its number opens the block the server leased to this desk', async () => {
    // The desk leases its first block when it first numbers a budget, so a desk that goes offline has
    // budgeted online before (as a desk in use has).
    onlineBudget = await budgetInEditor('Maria', 'Maria Aparecida da Silva', ['11']);
    expect(onlineBudget).toBeGreaterThanOrEqual(1);
    const onServer = await until(serverBudgets, (items) => items.length === 1);
    expect(onServer.map((b) => [b.budgetNumber, b.value])).toEqual([[onlineBudget, 233.33]]);
  }, 120_000);

  it('keeps booking and budgeting with the server down, and the server has all of it once it is back', async () => {
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor();
    await page.keyboard.press('Alt+ArrowRight');
    await cell('08:00', 0, 'Maria Aparecida').waitFor();

    await api.stop();
    await syncIndicator().filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });
    // 08:00 of the second professional: → moves to that column.
    await cell('08:00', 0).focus();
    await page.keyboard.press('ArrowRight');
    await bookByKeyboard('Carla', 'Carla Souza Mendes');
    await cell('08:00', 1, 'Carla Souza Mendes, Agendado').waitFor();
    await syncIndicator().filter({ hasText: 'aguardando envio' }).waitFor({ timeout: 15_000 });
    await shot(page, 'reception-offline.png');
    expect(await serverAppointments(tomorrow())).toHaveLength(2);

    // A budget too, priced from the replicated table and numbered from the block leased online.
    const offlineBudget = await budgetInEditor('João', 'João Pedro Oliveira', ['16', '26']);
    expect(offlineBudget).toBe(onlineBudget + 1);
    const row = page.getByRole('table', { name: 'Orçamentos' }).getByRole('row').filter({ hasText: 'João Pedro' });
    await row.getByText('R$ 466,66').waitFor();
    await syncIndicator().filter({ hasText: 'Sem conexão' }).waitFor();
    await shot(page, 'reception-offline-budget.png');
    expect(await serverBudgets()).toHaveLength(1);

    await api.start();
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 60_000 });
    const items = await until(
      () => serverAppointments(tomorrow()),
      (list) => list.length === 3,
    );
    expect(items).toHaveLength(3);
    await shot(page, 'reception-back-online.png');
    const budgets = await until(serverBudgets, (list) => list.length === 2);
    const offline = budgets.find((b) => b.budgetNumber === offlineBudget);
    expect(offline).toMatchObject({
      patient: patientIds.get('João Pedro Oliveira'),
      status: 0,
      value: 466.66,
      items: [
        { event: eventId, valueUnity: 233.33, totalValue: 233.33, tooth: '16', toothFace: ['O'] },
        { event: eventId, valueUnity: 233.33, totalValue: 233.33, tooth: '26', toothFace: ['O'] },
      ],
    });
    // The server's own next number lies past the desk's whole block of 50: both came from the lease.
    const direct = await server.call('POST', '/budget/', {
      token,
      body: { patient: patientIds.get('Carla Souza Mendes'), clinic: clinicId },
    });
    expect(direct.status).toBe(201);
    expect((direct.body['budget'] as { budgetNumber: number }).budgetNumber).toBeGreaterThanOrEqual(onlineBudget + 50);
    expect(problems).toEqual([]);
  }, 180_000);
});
