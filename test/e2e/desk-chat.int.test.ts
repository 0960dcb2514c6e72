/**
 * Chat between two desks (issue 27), in headless Chromium at 1366×768 against the real server (SQLite
 * file): the reception (Ana) writes to the professional (Dr. Bruno), whose bell and chat button count
 * it; Bruno's desk loses its network, he answers anyway (kept on his desk, not on the server), and the
 * answer reaches Ana once his desk is back; Ana's bell counts it and clears when opened; one
 * notification is marked unread again. Screenshots go to test-results/desk-chat/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { directChatId } from '#core/chat/chat-records.js';
import { addMember } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { until } from './until.js';

const env = deskEnvironment();
let server: SyncTestServer;
let adminToken: string;
let ana: Page;
let bruno: Page;
let anaId: string;
/** The admin's name as the account was created (the reception, Ana, of this scenario). */
let anaName: string;
let brunoId: string;
const problems: string[] = [];

const BRUNO = { email: 'bruno@chat.test', password: 'senha-muito-segura-2' };

/** The chat's messages as the server holds them (REST, as Ana). */
async function serverMessages(): Promise<string[]> {
  const res = await server.call('GET', `/chat/${directChatId(anaId, brunoId)}/message`, { token: adminToken });
  expect(res.status).toBe(200);
  return (res.body['items'] as { text: string }[]).map((m) => m.text);
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const indicator = (page: Page) => page.getByTestId('sync-indicator');

async function openChatWith(page: Page, name: string) {
  await page.getByRole('button', { name: /^Chat/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Chat da equipe' });
  await drawer.getByRole('button', { name }).click();
  return drawer;
}

async function send(page: Page, text: string) {
  const box = page.getByLabel('Mensagem', { exact: true });
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');
}

beforeAll(async () => {
  server = env.server;
  const admin = await seedAdmin(server, 'Clinica Conversa');
  adminToken = admin.token;
  const team = await server.call('GET', '/user/', { token: adminToken });
  const admin0 = (team.body['items'] as { id: string; role: string; name: string }[]).find((u) => u.role === 'admin')!;
  anaId = admin0.id;
  anaName = admin0.name;
  brunoId = await addMember(server, admin.tenantId, { ...BRUNO, role: 'professional', name: 'Dr. Bruno Costa' });
  ana = await openDeskPage(env.browser, env.api.url, problems);
  // Bruno's desk loses its network on purpose: its refused requests are the scenario.
  bruno = await openDeskPage(env.browser, env.api.url, [], { consoleErrors: false });
  bruno.on('pageerror', (error) => problems.push(error.message));
  for (const page of [ana, bruno]) await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndEnrol(ana, env.site.url, server, {
    email: 'admin@clinicaconversa.test',
    password: 'senha-muito-segura-1',
    adminToken,
  });
  await signInAndEnrol(bruno, env.site.url, server, { ...BRUNO, adminToken });
}, 180_000);

describe('two users chat between two desks', () => {
  it('delivers live, keeps what an offline desk typed until it is back, and the bell counts and clears', async () => {
    const anaChat = await openChatWith(ana, 'Dr. Bruno Costa');
    await send(ana, 'O paciente das 10h chegou.');
    await anaChat.getByText('O paciente das 10h chegou.').waitFor();
    expect(await until(serverMessages, (m) => m.length === 1)).toEqual(['O paciente das 10h chegou.']);

    // Live on Bruno's desk through the sync stream: the chat button and the bell count it.
    await bruno.getByRole('button', { name: 'Chat: 1 mensagem não lida' }).waitFor({ timeout: 30_000 });
    await bell(bruno)
      .and(bruno.getByRole('button', { name: 'Notificações: 1 nova' }))
      .waitFor();
    await shot(bruno, 'desk-chat/bruno-new-message.png');

    await bruno.context().setOffline(true);
    await indicator(bruno).filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });
    const brunoChat = await openChatWith(bruno, anaName);
    await brunoChat.getByText('O paciente das 10h chegou.').waitFor();
    await send(bruno, 'Pode mandar entrar.');
    await brunoChat.getByText('Pode mandar entrar.').waitFor();
    await bruno.getByRole('button', { name: 'Chat', exact: true }).waitFor();
    await shot(bruno, 'desk-chat/bruno-offline-answer.png');
    await ana.waitForTimeout(2000);
    expect(await serverMessages()).toEqual(['O paciente das 10h chegou.']);
    await expect(anaChat.getByText('Pode mandar entrar.').count()).resolves.toBe(0);

    await bruno.context().setOffline(false);
    await indicator(bruno).filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 60_000 });
    expect(await until(serverMessages, (m) => m.length === 2)).toEqual([
      'O paciente das 10h chegou.',
      'Pode mandar entrar.',
    ]);
    // Ana has the chat open: the answer shows there, and her message shows Bruno read it.
    await anaChat.getByText('Pode mandar entrar.').waitFor({ timeout: 30_000 });
    await anaChat.getByText(/Você · .* · Lida/).waitFor({ timeout: 30_000 });
    await shot(ana, 'desk-chat/ana-chat.png');
    await ana.keyboard.press('Escape');
    await anaChat.waitFor({ state: 'hidden' });

    // Ana's bell counts Bruno's answer; opening it clears the counter, the list stays.
    const anaBell = bell(ana);
    await anaBell.and(ana.getByRole('button', { name: 'Notificações: 1 nova' })).waitFor({ timeout: 30_000 });
    await anaBell.click();
    const list = ana.getByRole('dialog').filter({ hasText: 'Nova mensagem de Dr. Bruno Costa' });
    await list.waitFor();
    await ana.getByRole('button', { name: 'Notificações', exact: true }).waitFor();
    await list.getByRole('button', { name: 'Marcar como lida' }).click();
    await list.getByRole('button', { name: 'Marcar como não lida' }).click();
    await list.getByRole('button', { name: 'Marcar como lida' }).waitFor();
    await shot(ana, 'desk-chat/ana-bell.png');
    await ana.keyboard.press('Escape');
    // The counter stays cleared on the server too (Ana's desk pushed it).
    const bellNow = await until(
      async () => (await server.call('GET', '/notification/', { token: adminToken })).body,
      (b) => b['newCount'] === 0,
    );
    expect(bellNow['newCount']).toBe(0);
    expect(problems).toEqual([]);
  }, 240_000);
});
