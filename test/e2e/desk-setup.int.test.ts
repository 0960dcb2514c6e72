/**
 * Administração in the desk, in headless Chromium against the real server (SQLite file), issue 22's
 * first slice: a clinic created over the API has no opening hours, so the agenda says it does not
 * attend; the admin sets the hours in Administração › Clínica (a bad CNPJ and a period that closes
 * before it opens show the core's pt-BR messages under their fields), and the agenda then offers a
 * slot that books. Then each section's list: create, edit, inactivate, find again, reactivate; and a
 * reception user sees no administration and cannot reach it. Screenshots at 1366×768 go to
 * test-results/setup/.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { tomorrow } from './tomorrow.js';
import { until } from './until.js';

const EMAIL = 'admin@clinicaaurora.test';
const PASSWORD = 'senha-muito-segura-1';
const RECEPTION = { email: 'recepcao@aurora.test', password: 'senha-muito-segura-3' };

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let clinicId: string;
let page: Page;
const problems: string[] = [];

/** The clinic as the server answers it (REST, as an integrator sees it). */
async function serverClinic() {
  const res = await server.call('GET', `/clinic/${clinicId}`, { token });
  expect(res.status).toBe(200);
  return res.body as { cnpj?: string; openingHours: { weekday: number; opens: string; closes: string }[] };
}

const admin = () => page.getByRole('navigation', { name: 'Navegação principal' });
const sections = () => page.getByRole('navigation', { name: 'Seções da administração' });
const notice = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

beforeAll(async () => {
  server = env.server;
  const seeded = await seedAdmin(server, 'Clinica Aurora');
  token = seeded.token;
  const clinic = await server.call('POST', '/clinic/', { token, body: { name: 'Clínica Aurora' } });
  expect(clinic.status).toBe(201);
  clinicId = (clinic.body['clinic'] as { id: string }).id;
  await addMember(server, seeded.tenantId, {
    email: 'ana@aurora.test',
    password: 'senha-muito-segura-2',
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  await addMember(server, seeded.tenantId, { ...RECEPTION, role: 'reception', name: 'Rita Recepção' });
  const patient = await server.call('POST', '/patient/', {
    token,
    body: { name: 'Maria Aparecida da Silva', cpf: '52998224725', insurances: [] },
  });
  expect(patient.status).toBe(201);
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `setup/failed-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`);
});

describe('Administração in the desk', () => {
  it('shows a clinic created over the API as closed every day', async () => {
    await signInAndEnrol(page, env.site.url, server, { email: EMAIL, password: PASSWORD, adminToken: token });
    await page.getByText('A clínica não atende neste dia.').waitFor({ timeout: 30_000 });
    await shot(page, 'setup/agenda-closed.png');
  }, 120_000);

  it('narrows the sections with the search box', async () => {
    await admin().getByRole('button', { name: 'Administração' }).click();
    await page.getByRole('heading', { name: 'Clínica', level: 3 }).waitFor();
    const search = page.getByLabel('Buscar nas configurações');
    await search.fill('horario');
    // Clínica, Profissionais e agenda, and Conta (the account's time zone, "fuso horário").
    await expect.poll(() => sections().getByRole('button').count()).toBe(3);
    await search.fill('CNPJ');
    await expect.poll(() => sections().getByRole('button').count()).toBe(1);
    await sections()
      .getByRole('button', { name: /Clínica/ })
      .waitFor();
    await search.fill('xyzw');
    await page.getByText('Nenhuma seção corresponde à busca.').waitFor();
    await search.fill('');
    await expect.poll(() => sections().getByRole('button').count()).toBe(10);
  }, 60_000);

  it('refuses a bad CNPJ and a period closing before it opens, then saves hours that reach the server', async () => {
    const row = page.getByRole('row', { name: /Clínica Aurora/ });
    await row.getByText('Sem horário: a agenda não oferece horários').waitFor();
    await shot(page, 'setup/clinic-list-no-hours.png');
    await page.getByRole('button', { name: 'Editar Clínica Aurora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar clínica' });
    await dialog.waitFor();
    await dialog.getByLabel('CNPJ').fill('11.222.333/0001-00');
    for (const day of [
      'segunda-feira',
      'terça-feira',
      'quarta-feira',
      'quinta-feira',
      'sexta-feira',
      'sábado',
      'domingo',
    ])
      await dialog.getByLabel(day, { exact: true }).check();
    await dialog.getByLabel('Fecha segunda-feira 1').fill('07:00');
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('CNPJ inválido (confira os dígitos verificadores)').waitFor();
    await dialog.getByText('abre antes de fechar').waitFor();
    await shot(page, 'setup/clinic-refused.png');
    expect((await serverClinic()).openingHours).toEqual([]);

    await dialog.getByLabel('CNPJ').fill('11.222.333/0001-81');
    await dialog.getByLabel('Fecha segunda-feira 1').fill('12:00');
    await dialog.getByRole('button', { name: 'Copiar segunda para terça a sexta' }).click();
    await dialog.getByLabel('Cidade').fill('Campinas');
    await dialog.getByLabel('UF').fill('sp');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await notice('Dados de Clínica Aurora salvos.').waitFor();
    await row.getByText(/^seg 08:00–12:00/).waitFor();
    await shot(page, 'setup/clinic-saved.png');

    const onServer = await until(serverClinic, (c) => c.openingHours.length === 7);
    expect(onServer.cnpj).toBe('11222333000181');
    expect(onServer.openingHours).toContainEqual({ weekday: 1, opens: '08:00', closes: '12:00' });
    expect(onServer.openingHours).toContainEqual({ weekday: 0, opens: '08:00', closes: '18:00' });
  }, 120_000);

  it('then offers slots in the agenda, and one books', async () => {
    await admin().getByRole('button', { name: 'Agenda' }).click();
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Alt+ArrowRight');
    const day = tomorrow();
    await page.getByRole('heading', { level: 3, name: new RegExp(`${Number(day.split('-')[2])} de`) }).waitFor();
    const slot = page.getByRole('button', { name: /^08:00, Dra\. Ana Lima: / });
    await slot.focus();
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.waitFor();
    await page.getByRole('combobox', { name: 'Paciente' }).fill('Maria');
    await dialog.getByRole('option', { name: /Maria Aparecida da Silva/ }).click();
    await dialog.getByTestId('picked-patient').filter({ hasText: 'Maria Aparecida da Silva' }).waitFor();
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^08:00, Dra\. Ana Lima: Maria Aparecida da Silva, Agendado/ }).waitFor();
    await shot(page, 'setup/agenda-booked.png');
    const booked = await until(
      async () => (await server.call('GET', `/appointment/?clinic=${clinicId}&date=${day}&days=1`, { token })).body,
      (body) => (body['items'] as unknown[]).length === 1,
    );
    expect(booked['items']).toHaveLength(1);
  }, 120_000);

  it('creates, edits, inactivates, finds again and reactivates a clinic', async () => {
    await admin().getByRole('button', { name: 'Administração' }).click();
    await page.getByRole('button', { name: 'Nova clínica' }).click();
    const create = page.getByRole('dialog', { name: 'Nova clínica' });
    await create.getByLabel('Nome').first().fill('Clínica Filial');
    await page.keyboard.press('Enter');
    await create.waitFor({ state: 'detached' });
    await notice('Dados de Clínica Filial salvos.').waitFor();

    await page.getByRole('button', { name: 'Editar Clínica Filial' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar clínica' });
    await edit.getByLabel('Nome').first().fill('Clínica Filial Centro');
    await page.keyboard.press('Control+Enter');
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Clínica Filial Centro/ }).waitFor();

    await page.getByRole('button', { name: 'Inativar Clínica Filial Centro' }).click();
    await notice('Clínica Filial Centro inativada.').waitFor();
    await page.getByRole('row', { name: /Clínica Filial Centro/ }).waitFor({ state: 'detached' });
    await page.getByLabel('Mostrar inativas').check();
    await page.getByLabel('Buscar clínica pelo nome').fill('filial');
    const inactive = page.getByRole('row', { name: /Clínica Filial Centro/ });
    await inactive.getByText('Inativa', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Clínica Aurora/ }).count()).toBe(0);
    await shot(page, 'setup/clinic-inactive-found.png');
    await page.getByRole('button', { name: 'Reativar Clínica Filial Centro' }).click();
    await inactive.getByText('Ativa', { exact: true }).waitFor();
    await page.getByLabel('Buscar clínica pelo nome').fill('');
    await page.getByLabel('Mostrar inativas').uncheck();
  }, 120_000);

  it('sets a professional’s own hours and slot length, refusing a period that ends before it starts', async () => {
    await sections()
      .getByRole('button', { name: /Profissionais e agenda/ })
      .click();
    await page.getByLabel('Buscar profissional pelo nome').fill('ana');
    await page.getByRole('row', { name: /Dra\. Ana Lima/ }).waitFor();
    await page.getByRole('button', { name: 'Agenda de Dra. Ana Lima' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agenda de Dra. Ana Lima' });
    await dialog.getByText(/Segue o horário da clínica: seg 08:00–12:00/).waitFor();
    await dialog.getByLabel('Clínica', { exact: true }).selectOption({ label: 'Clínica Filial Centro' });
    await dialog.getByText('A clínica não tem horário de funcionamento', { exact: false }).waitFor();
    await dialog.getByLabel('Clínica', { exact: true }).selectOption({ label: 'Clínica Aurora' });
    await dialog.getByText(/Segue o horário da clínica: seg 08:00–12:00/).waitFor();
    await dialog.getByLabel('Horário próprio nesta clínica').check();
    await dialog.getByLabel('Duração do horário').selectOption({ label: '20 min' });
    await dialog.getByLabel('Fecha terça-feira 1').fill('07:30');
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('início antes do fim').waitFor();
    await shot(page, 'setup/professional-refused.png');
    await dialog.getByLabel('Fecha terça-feira 1').fill('11:00');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await notice('Agenda de Dra. Ana Lima salva.').waitFor();
    const pros = await server.call('GET', '/user/?role=professional', { token });
    const ana = (pros.body['items'] as { id: string; name: string }[]).find((u) => u.name === 'Dra. Ana Lima')!;
    const settings = await until(
      async () =>
        (await server.call('GET', `/schedule/settings?clinic=${clinicId}&professional=${ana.id}`, { token })).body,
      (body) => body['slotMinutes'] === 20,
    );
    expect(settings['slotMinutes']).toBe(20);
    expect(settings['workingHours']).toContainEqual({ weekday: 2, start: '08:00', end: '11:00' });

    await page.getByRole('button', { name: 'Desativar Dra. Ana Lima' }).click();
    await notice('Dra. Ana Lima desativado(a).').waitFor();
    await page.getByRole('row', { name: /Dra\. Ana Lima/ }).waitFor({ state: 'detached' });
    await page.getByLabel('Mostrar desativados').check();
    await page
      .getByRole('row', { name: /Dra\. Ana Lima/ })
      .getByText('Desativado(a)')
      .waitFor();
    await shot(page, 'setup/professionals.png');
    await page.getByRole('button', { name: 'Reativar Dra. Ana Lima' }).click();
    await page
      .getByRole('row', { name: /Dra\. Ana Lima/ })
      .getByText('Ativo(a)')
      .waitFor();
  }, 120_000);

  it('creates, renames, inactivates, finds by code and reactivates a procedure', async () => {
    await sections()
      .getByRole('button', { name: /Procedimentos e preços/ })
      .click();
    await page.getByRole('button', { name: 'Novo procedimento' }).click();
    const create = page.getByRole('dialog', { name: 'Novo procedimento' });
    await create.getByLabel('Nome').fill('Limpeza (profilaxia)');
    await create.getByLabel('Código (TUSS ou próprio)').fill('81 000 065');
    await create.getByLabel('Tipo').selectOption({ label: 'Procedimento' });
    await create.getByLabel('Duração (min)').fill('40');
    await page.keyboard.press('Control+Enter');
    await create.getByText('código inválido (letras, dígitos, ponto e hífen; até 20)').waitFor();
    await shot(page, 'setup/procedure-refused.png');
    await create.getByLabel('Código (TUSS ou próprio)').fill('81000065');
    await page.keyboard.press('Control+Enter');
    await create.waitFor({ state: 'detached' });
    await notice('Procedimento Limpeza (profilaxia) salvo.').waitFor();
    await page.getByRole('row', { name: /Limpeza \(profilaxia\)/ }).waitFor();

    await page.getByRole('button', { name: 'Editar Limpeza (profilaxia)' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar procedimento' });
    await edit.getByLabel('Nome').fill('Limpeza e profilaxia');
    await page.keyboard.press('Enter');
    await edit.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Limpeza e profilaxia/ });
    await row.waitFor();

    await page.getByRole('button', { name: 'Inativar Limpeza e profilaxia' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Mostrar inativos').check();
    await page.getByLabel('Buscar procedimento pelo início do nome').fill('81000065');
    await row.getByText('Inativo', { exact: true }).waitFor();
    await shot(page, 'setup/procedures.png');
    await page.getByRole('button', { name: 'Reativar Limpeza e profilaxia' }).click();
    await row.getByText('Ativo', { exact: true }).waitFor();
    const onServer = await until(
      async () =>
        (await server.call('GET', '/event/?q=limpeza', { token })).body['items'] as {
          name: string;
          code: string;
          active: boolean;
        }[],
      (items) => items.length === 1 && items[0]!.name === 'Limpeza e profilaxia' && items[0]!.active,
    );
    expect(onServer).toEqual([
      expect.objectContaining({ name: 'Limpeza e profilaxia', code: '81000065', active: true }),
    ]);
  }, 120_000);

  it('creates a user on the server, changes roles, keeps the last admin and deactivates and finds again', async () => {
    await sections()
      .getByRole('button', { name: /Usuários e papéis/ })
      .click();
    await page.getByRole('row', { name: /Rita Recepção/ }).waitFor();
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const create = page.getByRole('dialog', { name: 'Novo usuário' });
    await create.getByLabel('Nome').fill('C');
    await create.getByLabel('E-mail').fill('carlos@');
    await page.keyboard.press('Control+Enter');
    await create.getByText('nome curto demais').waitFor();
    await create.getByText('e-mail inválido').waitFor();
    await shot(page, 'setup/user-refused.png');
    await create.getByLabel('Nome').fill('Carlos Financeiro');
    await create.getByLabel('E-mail').fill('carlos@aurora.test');
    await create.getByLabel('Papel').selectOption({ label: 'Financeiro' });
    await page.keyboard.press('Control+Enter');
    await create.waitFor({ state: 'detached' });
    await notice('Carlos Financeiro cadastrado(a).').waitFor();
    const row = page.getByRole('row', { name: /Carlos Financeiro/ });
    await row.getByText('Convidado(a)').waitFor({ timeout: 30_000 });

    await page.getByLabel('Papel de Carlos Financeiro').selectOption({ label: 'Recepção' });
    await notice('Papel de Carlos Financeiro alterado.').waitFor();
    const carlos = await until(
      async () =>
        ((await server.call('GET', '/user/', { token })).body['items'] as { name: string; role: string }[]).find(
          (u) => u.name === 'Carlos Financeiro',
        ),
      (u) => u?.role === 'reception',
    );
    expect(carlos?.role).toBe('reception');

    // The only admin cannot give up the role: the core's message shows, the role stays.
    await page.getByLabel('Papel de Admin Clinica Aurora').selectOption({ label: 'Recepção' });
    await page.getByRole('alert').filter({ hasText: 'A conta ficaria sem administrador' }).waitFor();
    expect(await page.getByLabel('Papel de Admin Clinica Aurora').inputValue()).toBe('admin');

    await page.getByRole('button', { name: 'Desativar Carlos Financeiro' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Mostrar desativados').check();
    await page.getByLabel('Buscar usuário pelo nome ou e-mail').fill('carlos@aurora');
    await row.getByText('Desativado(a)').waitFor();
    await shot(page, 'setup/users.png');
    await page.getByRole('button', { name: 'Reativar Carlos Financeiro' }).click();
    await row.getByText('Convidado(a)').waitFor();
  }, 120_000);

  it('shows a reception user no administration, not even by address', async () => {
    // The set-up changes went to the server as the admin: none came back refused as a conflict.
    expect(await page.getByText(/conflito/).count()).toBe(0);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByLabel('E-mail').fill(RECEPTION.email);
    await page.getByLabel('Senha').fill(RECEPTION.password);
    await page.keyboard.press('Enter');
    await admin().getByRole('button', { name: 'Agenda' }).waitFor({ timeout: 30_000 });
    expect(await admin().getByRole('button', { name: 'Administração' }).count()).toBe(0);
    // The admin left Administração open: the next person, a receptionist, gets the agenda instead.
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Somente administradores acessam esta área.').count()).toBe(0);
    for (const hash of ['#administracao', '#admin', '#setup']) {
      await page.goto(`${env.site.url}${hash}`);
      await admin().getByRole('button', { name: 'Agenda' }).waitFor({ timeout: 30_000 });
      expect(await admin().getByRole('button', { name: 'Administração' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Clínica', level: 3 }).count()).toBe(0);
    }
    await shot(page, 'setup/reception-no-admin.png');
  }, 120_000);

  it('signed in without the server, shows the set-up but says why it cannot change it', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await env.api.stop();
    try {
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByLabel('Senha').fill(PASSWORD);
      await page.keyboard.press('Enter');
      await admin().getByRole('button', { name: 'Administração' }).click({ timeout: 30_000 });
      await page
        .getByText('Você entrou sem o servidor: as configurações podem ser consultadas', { exact: false })
        .waitFor();
      await page.getByRole('row', { name: /Clínica Aurora/ }).waitFor();
      await page.getByRole('button', { name: 'Editar Clínica Aurora' }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar clínica' });
      await dialog.getByLabel('Telefone').fill('(19) 3333-4444');
      await page.keyboard.press('Control+Enter');
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'as configurações só mudam com o servidor conectado' })
        .waitFor();
      await page.keyboard.press('Escape');
      await sections()
        .getByRole('button', { name: /Usuários e papéis/ })
        .click();
      expect(await page.getByRole('button', { name: 'Novo usuário' }).isDisabled()).toBe(true);
      expect(await page.getByLabel('Papel de Rita Recepção').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Desativar Rita Recepção' }).isDisabled()).toBe(true);
      await page
        .getByText('Criar usuário precisa do servidor (ele envia o convite por e-mail)', { exact: false })
        .waitFor();
      await shot(page, 'setup/offline.png');
    } finally {
      await env.api.start();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
