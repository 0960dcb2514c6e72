import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import type { AuditTables } from '../audit/audit-table.js';
import { login, seedAccount, addMember, startTestServer, type TestServer } from './test-server.js';
import { ACCESS_TOKEN_SECONDS, SESSION_MS } from './tokens.js';

let server: TestServer;
let tenantId: string;
const PASSWORD = 'a senha da recepção 2026';

beforeAll(async () => {
  server = await startTestServer();
  ({ tenantId } = await seedAccount(server, 'Clínica Sorriso', { email: 'admin@sorriso.com.br', password: PASSWORD }));
  await addMember(server, tenantId, { email: 'bia@sorriso.com.br', password: PASSWORD, role: 'reception' });
});
afterAll(() => server.close());

const me = (token: string) => server.call('GET', '/session/current', { token });

describe('login, access token and refresh token', () => {
  it('logs in, and the access token works as Authorization: Bearer', async () => {
    const res = await server.call('POST', '/session/', { body: { email: ' BIA@sorriso.com.br', password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_SECONDS });
    expect(res.body.user).toMatchObject({ tenantId, role: 'reception', accountName: 'Clínica Sorriso' });
    const current = await me(res.body.accessToken as string);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ actor: { kind: 'user' }, tenantId });
    expect(current.body.permissions).toContain('patient:write');
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await server.call('POST', '/session/', {
      body: { email: 'bia@sorriso.com.br', password: 'errada!!' },
    });
    const unknown = await server.call('POST', '/session/', {
      body: { email: 'ninguem@x.com.br', password: 'errada!!' },
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('rotates the refresh token; reusing a spent one kills the whole session', async () => {
    const first = await login(server, 'bia@sorriso.com.br', PASSWORD);
    const refreshed = await server.call('POST', '/session/refresh', { body: { refreshToken: first.refreshToken } });
    expect(refreshed.status).toBe(200);
    const second = refreshed.body as { accessToken: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.accessToken)).status).toBe(200);

    // Someone replays the first (spent) refresh token: the family dies, the owner's tokens too.
    const replay = await server.call('POST', '/session/refresh', { body: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);
    expect((await me(second.accessToken)).status).toBe(401);
    expect(
      (await server.call('POST', '/session/refresh', { body: { refreshToken: second.refreshToken } })).status,
    ).toBe(401);
    const audit = await server.database.kysely
      .withTables<AuditTables>()
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'session.reuse')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('expires the access token after its lifetime, and the refresh token brings a new one', async () => {
    const tokens = await login(server, 'bia@sorriso.com.br', PASSWORD);
    server.clock.advance(ACCESS_TOKEN_SECONDS * 1000 + 1000);
    expect((await me(tokens.accessToken)).status).toBe(401);
    const refreshed = await server.call('POST', '/session/refresh', { body: { refreshToken: tokens.refreshToken } });
    expect((await me(refreshed.body.accessToken as string)).status).toBe(200);
  });

  it('ends a session 30 days after login, refresh or not', async () => {
    const tokens = await login(server, 'bia@sorriso.com.br', PASSWORD);
    server.clock.advance(SESSION_MS + 1000);
    const refreshed = await server.call('POST', '/session/refresh', { body: { refreshToken: tokens.refreshToken } });
    expect(refreshed.status).toBe(401);
  });
});

describe('logout', () => {
  it('invalidates the current token at once, and only it', async () => {
    const desk = await login(server, 'bia@sorriso.com.br', PASSWORD);
    const phone = await login(server, 'bia@sorriso.com.br', PASSWORD);
    expect((await server.call('DELETE', '/session/current', { token: desk.accessToken })).status).toBe(200);
    expect((await me(desk.accessToken)).status).toBe(401);
    expect((await server.call('POST', '/session/refresh', { body: { refreshToken: desk.refreshToken } })).status).toBe(
      401,
    );
    expect((await me(phone.accessToken)).status).toBe(200);
  });

  it('invalidates all other sessions of the user, keeping the current one', async () => {
    const a = await login(server, 'bia@sorriso.com.br', PASSWORD);
    const b = await login(server, 'bia@sorriso.com.br', PASSWORD);
    const c = await login(server, 'bia@sorriso.com.br', PASSWORD);
    const admin = await login(server, 'admin@sorriso.com.br', PASSWORD);
    const res = await server.call('DELETE', '/session/others', { token: c.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBeGreaterThanOrEqual(2);
    expect([(await me(a.accessToken)).status, (await me(b.accessToken)).status]).toEqual([401, 401]);
    expect((await me(c.accessToken)).status).toBe(200);
    expect((await me(admin.accessToken)).status).toBe(200);
    const listed = await server.call('GET', '/session/', { token: c.accessToken });
    expect(listed.body.items).toEqual([expect.objectContaining({ current: true, userAgent: 'vitest' })]);
  });

  it("ends one of the person's sessions by id, and answers 404 for someone else's", async () => {
    const mine = await login(server, 'bia@sorriso.com.br', PASSWORD);
    const other = await login(server, 'bia@sorriso.com.br', PASSWORD);
    const admin = await login(server, 'admin@sorriso.com.br', PASSWORD);
    const sessions = (await server.call('GET', '/session/', { token: mine.accessToken })).body.items as {
      id: string;
      current: boolean;
    }[];
    const target = sessions.find((s) => !s.current)!;
    expect((await server.call('DELETE', `/session/${target.id}`, { token: admin.accessToken })).status).toBe(404);
    expect((await server.call('DELETE', `/session/${target.id}`, { token: mine.accessToken })).status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(401);
  });

  it('tells an API key it has no session to end', async () => {
    const { key } = await server.keys.createKey(tenantId);
    const res = await server.call('DELETE', '/session/current', { key });
    expect(res.status).toBe(400);
  });
});

describe('access follows the user record at once', () => {
  it('stops a removed user on the next request and refuses their next login', async () => {
    const id = await addMember(server, tenantId, { email: 'temp@sorriso.com.br', password: PASSWORD, role: 'finance' });
    const tokens = await login(server, 'temp@sorriso.com.br', PASSWORD);
    const admin = await login(server, 'admin@sorriso.com.br', PASSWORD);
    expect((await server.call('DELETE', `/user/${id}`, { token: admin.accessToken })).status).toBe(200);
    expect((await me(tokens.accessToken)).status).toBe(401);
    expect(
      (await server.call('POST', '/session/refresh', { body: { refreshToken: tokens.refreshToken } })).status,
    ).toBe(401);
    const again = await server.call('POST', '/session/', {
      body: { email: 'temp@sorriso.com.br', password: PASSWORD },
    });
    expect(again.status).toBe(403);
  });

  it('applies a role change to the next request without a new login', async () => {
    const id = await addMember(server, tenantId, { email: 'dani@sorriso.com.br', password: PASSWORD, role: 'totem' });
    const tokens = await login(server, 'dani@sorriso.com.br', PASSWORD);
    expect((await server.call('GET', '/user/', { token: tokens.accessToken })).status).toBe(403);
    const admin = await login(server, 'admin@sorriso.com.br', PASSWORD);
    await server.call('PUT', `/user/${id}`, { token: admin.accessToken, body: { role: 'reception' } });
    expect((await server.call('GET', '/user/', { token: tokens.accessToken })).status).toBe(200);
    const record = await server.database.forTenant(tenantId).collection(users).get(id);
    expect(record?.role).toBe('reception');
  });

  it('asks which account when the person belongs to two, and logs into the one chosen', async () => {
    const other = await seedAccount(server, 'Clínica Centro', { email: 'chefe@centro.com.br', password: PASSWORD });
    await addMember(server, other.tenantId, { email: 'bia@sorriso.com.br', password: PASSWORD, role: 'finance' });
    const ask = await server.call('POST', '/session/', { body: { email: 'bia@sorriso.com.br', password: PASSWORD } });
    expect(ask.status).toBe(400);
    expect(ask.body).toMatchObject({ error: { details: [{ path: 'account' }] } });
    const chosen = await server.call('POST', '/session/', {
      body: { email: 'bia@sorriso.com.br', password: PASSWORD, account: other.tenantId },
    });
    expect(chosen.body.user).toMatchObject({ tenantId: other.tenantId, role: 'finance' });
  });
});
