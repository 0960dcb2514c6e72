/**
 * Push contracts of access (users, settings, templates, filters), messaging (outbox) and chat: the
 * registry-wide checks of suite.ts for these modules' collections, plus the user-id claim across
 * accounts; run by push-contracts.int.test.ts. A new collection of these modules needs no case here: add
 * the operation write that stores its first record to `writeThroughOperations` below (the first case
 * fails until one does).
 */
import { expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { colleagueAndEvent, type Def, type Doc, live } from './fixture.js';
import type { GroupSuite } from './suite.js';

export const accessMessaging: GroupSuite = {
  group: 'access-messaging',
  async writeThroughOperations(ctx) {
    const { colleague } = await colleagueAndEvent(ctx);
    const { write, refs, server, account } = ctx;
    await write('PUT', '/account/configuration', { timeZone: 'America/Recife', offlineLoginDays: 3 });
    await write('PUT', '/scheduleFilter/', { professionals: [refs.professional], view: 'week' });
    await write('POST', '/personalTemplate/', { name: 'Atestado', kind: 'certificate', content: 'Atesto que…' });
    await write('POST', '/chat/message', { to: colleague.id, text: 'O paciente chegou.' });
    expect((await server.call('DELETE', '/notification/newCount', { token: account.A.token })).status).toBe(200);
  },
  cases(ctx) {
    it("a user id of account A cannot be claimed by B: A's professional still gets a login; an old squat answers 409", async () => {
      const { server, account, samples, push } = ctx;
      const temporary = async (name: string) => {
        const res = await server.call('POST', '/user/', {
          token: account.A.token,
          body: { name, role: 'professional' },
        });
        expect(res.status).toBe(201);
        return (res.body.user as { id: string }).id;
      };
      const caio = await temporary('Dr. Caio Reis');
      const squat = { ...samples.users!, id: caio, tenantId: account.B.tenantId };
      expect(await push('B', users as unknown as Def, [{ newDocumentState: live(squat) }])).toEqual([
        { ...squat, _deleted: true },
      ]);
      const definitive = await server.call('POST', `/user/${caio}/definitive`, {
        token: account.A.token,
        body: { email: 'caio.reis@example.com' },
      });
      expect(definitive.status).toBe(200);

      // A squat stored before this rule: the second account to give it a login gets a 409, never a 500.
      const lia = await temporary('Dra. Lia Campos');
      await server.database
        .forTenant(account.B.tenantId)
        .collection(users)
        .insert({ ...(samples.users as never as Doc), id: lia, tenantId: account.B.tenantId } as never);
      const first = await server.call('POST', `/user/${lia}/definitive`, {
        token: account.A.token,
        body: { email: 'lia.campos@example.com' },
      });
      expect(first.status).toBe(200);
      const second = await server.call('POST', `/user/${lia}/definitive`, {
        token: account.B.token,
        body: { email: 'outra.pessoa@example.com' },
      });
      expect(second.status).toBe(409);
      expect(second.body.error).toMatchObject({ code: 'conflict', details: [{ path: 'id' }] });
      expect((second.body.error as { message: string }).message).toMatch(/outra conta/);
      expect((await server.call('GET', `/user/${lia}`, { token: account.A.token })).status).toBe(200);
      expect((await server.call('GET', `/user/${lia}`, { token: account.B.token })).body).toMatchObject({
        status: 'temporary',
      });
    });
  },
};
