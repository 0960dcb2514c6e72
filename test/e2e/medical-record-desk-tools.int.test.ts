/**
 * The prontuário's desk tools in headless Chromium against the real server (SQLite file): on a
 * dentist's professional station the attendance opens on the Odontograma; a face of tooth 36 clicked
 * on the drawing is recorded as cariado and is still there after a reload (and on the server); the
 * tooth shows the budget line that names it; a laudo is written, listed, opened as PDF, shared (its
 * address and key shown once) and a second one deleted; a PHQ-9-like form created over REST is
 * answered in the forms accordion, its conditional item appearing only once enabled, with the score
 * and band shown; once finished, the chart is read-only and the laudos can no longer be changed or
 * deleted (docs/decisions/renderer.md UI-070, UI-071). Screenshots at 1366×768 and 1024×768
 * go to test-results/medical-record/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
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
const EMAIL = 'paulo@dentes.test';
const problems: string[] = [];
let profile: StationProfile | undefined;

const ORDINAL = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
const FREQUENCY = ['Nenhuma vez', 'Vários dias', 'Mais da metade dos dias', 'Quase todos os dias'].map(
  (display, i) => ({
    extension: [{ url: ORDINAL, valueDecimal: i }],
    valueCoding: { system: 'urn:clinic:phq', code: `f${i}`, display },
  }),
);
const FORM = {
  resourceType: 'Questionnaire',
  title: 'Triagem de humor (PHQ-3)',
  status: 'active',
  item: [
    {
      linkId: 'q1',
      prefix: '1',
      text: 'Pouco interesse ou prazer',
      type: 'choice',
      required: true,
      answerOption: FREQUENCY,
    },
    {
      linkId: 'q2',
      prefix: '2',
      text: 'Desanimado ou sem esperança',
      type: 'choice',
      required: true,
      answerOption: FREQUENCY,
    },
    {
      linkId: 'q3',
      prefix: '3',
      text: 'Dificuldade para dormir',
      type: 'choice',
      required: true,
      answerOption: FREQUENCY,
    },
    { linkId: 'tratamento', text: 'Faz tratamento psiquiátrico?', type: 'boolean', required: true },
    {
      linkId: 'medicacao',
      text: 'Qual medicação?',
      type: 'string',
      enableWhen: [{ question: 'tratamento', operator: '=', answerBoolean: true }],
    },
  ],
};
const BANDS = [
  { min: 0, max: 2, label: 'mínima' },
  { min: 3, max: 5, label: 'leve' },
  { min: 6, max: 9, label: 'moderada ou mais' },
];

const synced = (page: Page, timeout = 30_000) =>
  page.getByTestId('sync-indicator').filter({ hasText: 'Sincronizado' }).waitFor({ timeout });

beforeAll(async () => {
  server = env.server;
  server.clock.advance(Date.now() - server.clock.now().getTime());
  const admin = await seedAdmin(server, 'Clinica Sorriso');
  adminToken = admin.token;
  const clinic = await server.call('POST', '/clinic/', {
    token: adminToken,
    body: {
      name: 'Clínica Sorriso',
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
    name: 'Dr. Paulo Dentes',
  });
  const store = server.database.forTenant(admin.tenantId);
  const paulo = (await store.collection(users).get(professionalId))!;
  await store
    .collection(users)
    .update(paulo.id, paulo._rev, { ...paulo, council: 'CRO', councilNumber: '45678', councilState: 'SP' });
  const patient = await server.call('POST', '/patient/', {
    token: adminToken,
    body: { name: 'Carlos Eduardo Souza', cpf: '52998224725', birthDate: '1979-08-03', sex: 'male' },
  });
  expect(patient.status, JSON.stringify(patient.body)).toBe(201);
  patientId = (patient.body['patient'] as { id: string }).id;

  // A budget line already names tooth 36: the odontogram links to it.
  const event = await server.call('POST', '/event/', {
    token: adminToken,
    body: { name: 'Restauração em resina', type: 'procedure' },
  });
  expect(event.status).toBe(201);
  const eventId = (event.body['event'] as { id: string }).id;
  const budget = await server.call('POST', '/budget/', {
    token: adminToken,
    body: {
      patient: patientId,
      clinic: clinicId,
      items: [
        {
          typeModel: 'Event',
          event: eventId,
          item: eventId,
          type: 'procedure',
          quantity: 1,
          valueUnity: 180,
          totalValue: 180,
          tooth: '36',
          toothFace: ['O'],
        },
      ],
    },
  });
  expect(budget.status, JSON.stringify(budget.body)).toBe(201);

  // Earlier findings on the chart: a missing tooth and a root canal (whole-tooth states).
  for (const body of [
    { tooth: '18', state: 'ausente' },
    { tooth: '46', state: 'tratamento_canal', note: 'Canal tratado em 2024' },
    { tooth: '26', state: 'restaurado', faces: ['O', 'D'] },
  ]) {
    const entry = await server.call('POST', `/patient/${patientId}/dentalTreatment`, { token: adminToken, body });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  }

  // The professional's own form, created over REST as he would through an integration.
  const token = (await login(server, EMAIL, PASSWORD)).accessToken;
  const form = await server.call('POST', '/medicalRecord/customForm/', {
    token,
    body: { questionnaire: FORM, scoreBands: BANDS },
  });
  expect(form.status, JSON.stringify(form.body)).toBe(201);

  const local = new Date(Date.now() - 3 * 3_600_000);
  const day = local.toISOString().slice(0, 10);
  const hour = Math.min(local.getUTCHours(), 22);
  const at = (h: number, m: number) => `${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00-03:00`;
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

describe("the prontuário's odontogram, laudos and forms", () => {
  it('records a tooth face, writes laudos and answers a conditional scored form', async () => {
    profile = await openStationProfile('dental', env.api.url, problems);
    const { page, context } = profile;

    await page.goto(env.site.url);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Configurar esta estação' }).waitFor({ timeout: 30_000 });
    const code = await server.call('POST', '/installation/enrolmentCode', {
      token: adminToken,
      body: { name: 'Consultório 2', kind: 'professional', user: professionalId },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    await page.getByLabel('Código de instalação').fill(String(code.body['code']));
    await page.getByRole('button', { name: 'Conectar estação' }).click();
    await synced(page);

    // A dentist's attendance opens on the odontogram.
    await page.getByRole('button', { name: 'Prontuário', exact: true }).click({ timeout: 30_000 });
    const line = page.getByTestId('mr-day-line').filter({ hasText: 'Carlos Eduardo Souza' });
    await line.getByRole('button', { name: 'Chamar' }).click({ timeout: 30_000 });
    await line.getByRole('button', { name: 'Atender' }).click({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'Odontograma' }).getAttribute('aria-selected')).resolves.toBe('true');
    const tooth36 = page.locator('[data-tooth="36"]');
    await tooth36.locator('[data-face="O"]').click();
    await expect(tooth36.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByRole('checkbox', { name: 'O · Oclusal' }).isChecked()).resolves.toBe(true);
    // The budget line that names the tooth is linked; the mesial face is added from the form.
    await page.getByTestId('tooth-link').filter({ hasText: 'Orçamento nº' }).waitFor();
    await page.getByText('M · Mesial').click();
    await expect(page.getByRole('checkbox', { name: 'M · Mesial' }).isChecked()).resolves.toBe(true);
    await page.getByLabel('Observação').fill('Cárie oclusal com extensão mesial');
    await page.getByRole('button', { name: 'Registrar no dente 36' }).click();
    await page.getByText('Registrado no dente 36: Cariado.').waitFor();
    await page.getByTestId('tooth-history-item').filter({ hasText: 'Cariado' }).waitFor();
    await expect(tooth36.getAttribute('aria-label')).resolves.toContain('Oclusal: Cariado');
    await expect(page.locator('[data-tooth="18"]').getAttribute('aria-label')).resolves.toContain('Ausente');
    // The arrow keys walk the arch.
    await tooth36.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('[data-tooth="35"]').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.keyboard.press('ArrowRight');
    await shots(page, 'odontogram');

    // After a reload, the chart still shows it; the server has it too.
    await page.reload();
    await page.getByRole('button', { name: 'Prontuário', exact: true }).click({ timeout: 30_000 });
    await line.getByRole('button', { name: 'Abrir prontuário' }).click({ timeout: 30_000 });
    await expect(page.locator('[data-tooth="36"]').getAttribute('aria-label')).resolves.toMatch(
      /Oclusal: Cariado; Mesial: Cariado/,
    );
    await synced(page, 60_000);
    const proToken = (await login(server, EMAIL, PASSWORD)).accessToken;
    const chart = await until(
      async () =>
        (await server.call('GET', `/patient/${patientId}/dentalTreatment`, { token: proToken })).body as {
          teeth: { tooth: string; faceStates: Record<string, string> }[];
        },
      (c) => c.teeth.some((t) => t.tooth === '36' && t.faceStates['O'] === 'cariado'),
    );
    expect(chart.teeth.find((t) => t.tooth === '36')!.faceStates).toEqual({ O: 'cariado', M: 'cariado' });
    await page.getByText('Decíduos (51–85)').click();
    await page.locator('[data-tooth="75"]').click();
    await page.getByText('Dente 75 · Segundo molar decíduo inferior esquerdo').waitFor();
    await shot(page, 'medical-record/odontogram-deciduous.png');
    await page.getByText('Permanentes (11–48)').click();

    // Laudos: write, list, PDF, share, and delete one while the attendance is open.
    await page.getByRole('tab', { name: 'Laudos' }).click();
    await page.getByText('Nenhum laudo neste atendimento.').waitFor({ timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Título do laudo' }).fill('Laudo de radiografia periapical');
    await page
      .getByLabel('Texto do laudo')
      .fill('Imagem radiolúcida em oclusal e mesial do 36, sem envolvimento pulpar.');
    await page.getByRole('button', { name: 'Salvar laudo' }).click();
    await page.getByTestId('report-item').filter({ hasText: 'Laudo de radiografia periapical' }).waitFor();
    await page.getByRole('combobox', { name: 'Título do laudo' }).fill('Rascunho descartável');
    await page.getByLabel('Texto do laudo').fill('Texto a excluir');
    await page.getByLabel('Texto do laudo').press('Control+Enter');
    const spare = page.getByTestId('report-item').filter({ hasText: 'Rascunho descartável' });
    await spare.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('button', { name: 'Excluir laudo' }).click();
    await page.getByText('Laudo “Rascunho descartável” excluído.').waitFor();
    await expect(page.getByTestId('report-item').count()).resolves.toBe(1);
    const popup = context.waitForEvent('page', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Abrir PDF' }).click();
    expect((await popup).url()).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Compartilhar laudos com o paciente' }).click();
    const url = await page.getByTestId('report-share-url').textContent({ timeout: 30_000 });
    const key = await page.getByTestId('report-share-key').textContent();
    const opened = await fetch(`${url}?key=${encodeURIComponent(key!)}`);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { url: string }).url).toContain('/file/');
    const listed = await server.call('GET', `/medicalRecord/${await recordId(page)}/report`, { token: proToken });
    expect((listed.body['items'] as { title: string }[]).map((r) => r.title)).toEqual([
      'Laudo de radiografia periapical',
    ]);
    await shots(page, 'laudos');

    // The form: the conditional item shows only once enabled; the score and band follow the answers.
    await page.getByRole('tab', { name: 'Atendimento' }).click();
    await page.getByRole('button', { name: /Triagem de humor/ }).click();
    const form = page.getByTestId('record-form').filter({ hasText: 'Triagem de humor' });
    const choose = async (label: string, option: string) => {
      await form.getByLabel(label).first().click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('1. Pouco interesse ou prazer', 'Mais da metade dos dias');
    await choose('2. Desanimado ou sem esperança', 'Vários dias');
    await choose('3. Dificuldade para dormir', 'Quase todos os dias');
    await expect(form.getByLabel('Qual medicação?').count()).resolves.toBe(0);
    await choose('Faz tratamento psiquiátrico?', 'Sim');
    await form.getByLabel('Qual medicação?').fill('Sertralina 50 mg');
    await form.getByTestId('form-score').filter({ hasText: 'Escore: 6 · moderada ou mais' }).waitFor();
    await form.getByRole('button', { name: 'Salvar respostas' }).click();
    await form.getByText('6 · moderada ou mais').first().waitFor();
    // The saved version remounts the form: scroll once it has settled.
    await page.waitForTimeout(300);
    await form.getByTestId('form-score').scrollIntoViewIfNeeded();
    await shots(page, 'form-score');
    // Saved on the station and pushed: the server scores the same.
    const answers = await until(
      async () =>
        ((await server.call('GET', `/medicalRecord/${await recordId(page)}`, { token: proToken })).body[
          'formAnswers'
        ] ?? []) as { score?: { total: number; band?: string } }[],
      (a) => a.length > 0,
    );
    expect(answers.at(-1)!.score).toMatchObject({ total: 6, band: 'moderada ou mais' });

    // Finished: the chart is for reading only and the laudos can no longer be changed or deleted.
    await page.getByRole('button', { name: 'Finalizar atendimento' }).click();
    await page.getByRole('button', { name: 'Finalizar atendimento' }).click();
    await page.getByText('Finalizado em').waitFor();
    await page.getByRole('tab', { name: 'Odontograma' }).click();
    await page.getByText('o odontograma fica só para consulta').waitFor();
    await page.locator('[data-tooth="36"]').click();
    await page.getByTestId('tooth-history-item').filter({ hasText: 'Cariado' }).waitFor();
    await expect(page.getByRole('button', { name: 'Registrar no dente 36' }).count()).resolves.toBe(0);
    await page.getByRole('tab', { name: 'Laudos' }).click();
    await page.getByText('os laudos salvos não mudam mais').waitFor();
    await expect(page.getByTestId('report-item').getByRole('button', { name: 'Excluir' }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
  }, 240_000);
});

/** The open record's id, as the editor's heading carries it. */
async function recordId(page: Page): Promise<string> {
  return (await page.getByTestId('record-patient').getAttribute('data-record'))!;
}
