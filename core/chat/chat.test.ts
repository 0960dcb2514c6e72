/**
 * Chat and notifications on a real store (RxDB memory): two users of one account talk, each reads only
 * their own chats and notifications, and the counters behave as the desk's bell shows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import type { Actor } from '#core/actor.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import type { Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { moduleCollections } from '#core/module.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { getChatReadStatus, listChatMessages, listChats, markChatRead, sendChatMessage } from './chat-ops.js';
import { directChatId } from './chat-records.js';
import { chatModule } from './module.js';
import { clearNotificationCounter, listNotifications, setNotificationRead } from './notification-ops.js';
import { notifyFailedMessage, notifyUsers } from './notify.js';

let now = Date.parse('2026-11-23T12:00:00.000Z');
const clock: Clock = { now: () => new Date(now) };
const tick = (ms = 1000) => (now += ms);

const RECEPTION = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a01';
const DOCTOR = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a02';
const NURSE = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a03';
/** Two users who never chat, for the notification tests. */
const FRONT = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a04';
const BACK = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a05';
const own = ['profile:read', 'profile:write'];
const as = (id: string): Actor => ({ kind: 'user', id, tenantId: 't1', permissions: new Set(own) });

let h: MasterDataHarness;
beforeAll(async () => {
  h = await openMasterData([users, ...moduleCollections(chatModule)], clock);
  for (const [id, name] of [
    [RECEPTION, 'Ana Recepção'],
    [DOCTOR, 'Dr. Bruno'],
    [NURSE, 'Carla'],
    [FRONT, 'Dora'],
    [BACK, 'Edu'],
  ] as const) {
    await h.ctx.store.collection(users).insert(professionalRecord(id, 't1', name));
  }
});
afterAll(() => h?.close());

describe('chat between two users', () => {
  it('sends to a user, counts it unread for the other, and clears on reading', async () => {
    const sent = await h.run(sendChatMessage, { to: DOCTOR, text: '  O paciente das 10h chegou. ' }, as(RECEPTION));
    expect(sent.chatMessage).toMatchObject({ chat: directChatId(RECEPTION, DOCTOR), from: RECEPTION });
    expect(sent.chatMessage.text).toBe('O paciente das 10h chegou.');
    tick();
    const [doctorChat] = (await h.run(listChats, {}, as(DOCTOR))).items;
    expect(doctorChat).toMatchObject({ members: [RECEPTION, DOCTOR].sort(), unread: 1 });
    expect((await h.run(listChats, {}, as(RECEPTION))).items[0]!.unread).toBe(0);

    const status = await h.run(markChatRead, { id: doctorChat!.chat }, as(DOCTOR));
    expect(status.unread).toBe(0);
    const bell = await h.run(listNotifications, {}, as(DOCTOR));
    expect(bell.newCount).toBe(1);
    expect(bell.items[0]).toMatchObject({ kind: 'chat.message', title: 'Nova mensagem de Ana Recepção' });
    expect(bell.items[0]!.body).toBe('O paciente das 10h chegou.');
    expect((await h.run(listNotifications, {}, as(RECEPTION))).newCount).toBe(0);
    expect(status.members.find((m) => m.user === DOCTOR)!.readAt).toBe(
      new Date(now).toISOString().replace('Z', '+00:00'),
    );
    // The reception sees that the doctor read it.
    const seen = await h.run(getChatReadStatus, { id: doctorChat!.chat }, as(RECEPTION));
    expect(seen.members.every((m) => m.readAt !== null)).toBe(true);
  });

  it('answers in the same chat whichever side writes, in order', async () => {
    const chat = directChatId(RECEPTION, DOCTOR);
    tick();
    await h.run(sendChatMessage, { chat, text: 'Pode mandar entrar.' }, as(DOCTOR));
    tick();
    await h.run(sendChatMessage, { to: DOCTOR, text: 'Ok!' }, as(RECEPTION));
    const { items } = await h.run(listChatMessages, { id: chat }, as(DOCTOR));
    expect(items.map((m) => m.text)).toEqual(['O paciente das 10h chegou.', 'Pode mandar entrar.', 'Ok!']);
    expect((await h.run(getChatReadStatus, { id: chat }, as(DOCTOR))).unread).toBe(1);
  });

  it('hides a chat from a user who is not in it (404), and refuses sending into it', async () => {
    const chat = directChatId(RECEPTION, DOCTOR);
    expect((await h.failure(listChatMessages, { id: chat }, as(NURSE))).code).toBe('not_found');
    expect((await h.failure(getChatReadStatus, { id: chat }, as(NURSE))).code).toBe('not_found');
    const refused = await h.failure(sendChatMessage, { chat, text: 'oi' }, as(NURSE));
    expect(refused.code).toBe('validation');
    expect(refused.details[0]!.path).toBe('chat');
    expect((await h.run(listChats, {}, as(NURSE))).items).toEqual([]);
  });

  it('refuses an empty text, oneself, an unknown user, both or neither target, and non-users', async () => {
    expect((await h.failure(sendChatMessage, { to: DOCTOR, text: '   ' }, as(RECEPTION))).details[0]!.path).toBe(
      'text',
    );
    expect((await h.failure(sendChatMessage, { to: RECEPTION, text: 'oi' }, as(RECEPTION))).details[0]!.path).toBe(
      'to',
    );
    const unknown = await h.failure(sendChatMessage, { to: uuidV7Ids.next(), text: 'oi' }, as(RECEPTION));
    expect(unknown.details[0]!.path).toBe('to');
    expect((await h.failure(sendChatMessage, { text: 'oi' }, as(RECEPTION))).details[0]!.path).toBe('to');
    const key: Actor = { kind: 'apiKey', id: 'k', tenantId: 't1', permissions: new Set(['*']) };
    expect((await h.failure(sendChatMessage, { to: DOCTOR, text: 'oi' }, key)).code).toBe('forbidden');
    // By id, a credential with no person behind it reaches no chat: the same 404 as a missing one.
    const chat = directChatId(RECEPTION, DOCTOR);
    expect((await h.failure(listChatMessages, { id: chat }, key)).code).toBe('not_found');
  });

  it('counts a message typed on a desk whose clock is ahead as unread, and reading covers it', async () => {
    const chat = directChatId(RECEPTION, NURSE);
    const ahead: Clock = { now: () => new Date(now + 600_000) };
    const desk = { ...h.ctx, actor: as(NURSE), clock: ahead };
    const { invoke } = await import('#core/operation.js');
    await invoke(sendChatMessage, desk, { to: RECEPTION, text: 'Relógio adiantado' });
    tick();
    await h.run(markChatRead, { id: chat }, as(RECEPTION));
    expect((await h.run(getChatReadStatus, { id: chat }, as(RECEPTION))).unread).toBe(0);
  });
});

describe('notifications', () => {
  it('each user lists only theirs; the counter counts new ones and clears to 0', async () => {
    tick();
    await notifyUsers(h.ctx, [FRONT, BACK], { kind: 'appointment.confirmed', title: 'Consulta confirmada' });
    tick();
    await notifyUsers(h.ctx, [FRONT], { kind: 'message.failed', title: 'Mensagem não enviada', body: 'WhatsApp' });
    const mine = await h.run(listNotifications, {}, as(FRONT));
    expect(mine.items.map((n) => n.title)).toEqual(['Mensagem não enviada', 'Consulta confirmada']);
    expect(mine.newCount).toBe(2);
    expect((await h.run(listNotifications, {}, as(BACK))).items).toHaveLength(1);
    expect((await h.run(listNotifications, {}, as(NURSE))).items).toHaveLength(0);

    tick();
    await h.run(clearNotificationCounter, {}, as(FRONT));
    const cleared = await h.run(listNotifications, {}, as(FRONT));
    expect(cleared).toMatchObject({ newCount: 0, unread: 2 });
    expect((await h.run(listNotifications, {}, as(BACK))).newCount).toBe(1);

    tick();
    await notifyUsers(h.ctx, [FRONT], { kind: 'sync.review', title: 'Conflito de sincronização para revisar' });
    expect((await h.run(listNotifications, {}, as(FRONT))).newCount).toBe(1);
  });

  it('tells the reception and the admins of a message failed for good, not the professionals', async () => {
    const reception = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a06';
    await h.ctx.store.collection(users).insert({ ...professionalRecord(reception, 't1', 'Fabi'), role: 'reception' });
    tick();
    await notifyFailedMessage(h.ctx, { id: uuidV7Ids.next(), channel: 'whatsapp', lastError: 'Número sem WhatsApp' });
    const bell = await h.run(listNotifications, {}, as(reception));
    expect(bell.items[0]).toMatchObject({
      kind: 'message.failed',
      title: 'Mensagem não enviada (WhatsApp)',
      body: 'Número sem WhatsApp',
    });
    expect((await h.run(listNotifications, {}, as(NURSE))).items.some((n) => n.kind === 'message.failed')).toBe(false);
  });

  it('marks one read and unread again; another user’s answers 404', async () => {
    const [latest] = (await h.run(listNotifications, {}, as(FRONT))).items;
    tick();
    const read = await h.run(setNotificationRead, { id: latest!.id, read: true }, as(FRONT));
    expect(read.readAt).not.toBeNull();
    expect((await h.run(listNotifications, {}, as(FRONT))).newCount).toBe(0);
    const unread = await h.run(setNotificationRead, { id: latest!.id, read: false }, as(FRONT));
    expect(unread.readAt).toBeNull();
    expect((await h.failure(setNotificationRead, { id: latest!.id, read: true }, as(BACK))).code).toBe('not_found');
  });
});
