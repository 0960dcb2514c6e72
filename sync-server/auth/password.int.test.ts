import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { TOKEN_TTL_MS } from './one-time-tokens.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
let tenantId: string;
let userId: string;
const OLD = 'senha antiga da clínica';

beforeAll(async () => {
  server = await startTestServer();
  ({ tenantId } = await seedAccount(server, 'Clínica Sorriso', { email: 'admin@sorriso.com.br', password: OLD }));
  userId = await addMember(server, tenantId, { email: 'carla@sorriso.com.br', password: OLD, role: 'professional' });
});
afterAll(() => server.close());

/** Asks for a reset and returns the token the e-mail carries. */
async function requestReset(email: string, ip?: string): Promise<string> {
  const before = server.messages.length;
  const res = await server.call('POST', '/password/forgot', { body: { email }, ...(ip ? { ip } : {}) });
  expect(res.status).toBe(200);
  const message = server.messages.slice(before).find((m) => m.to === email);
  expect(message?.template).toBe('password.reset');
  return message!.data.token as string;
}

describe('forgot password', () => {
  it('answers the same whether the e-mail exists or not, and e-mails only a real person', async () => {
    const before = server.messages.length;
    const known = await server.call('POST', '/password/forgot', { body: { email: 'carla@sorriso.com.br' } });
    const unknown = await server.call('POST', '/password/forgot', { body: { email: 'ninguem@sorriso.com.br' } });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    expect(server.messages.slice(before).map((m) => m.to)).toEqual(['carla@sorriso.com.br']);
  });

  it('names a malformed e-mail', async () => {
    const res = await server.call('POST', '/password/forgot', { body: { email: 'carla' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { details: [{ path: 'email' }] } });
  });
});

describe('reset password', () => {
  it('works once: sets the new password, ends every session, and a second use fails', async () => {
    const session = await login(server, 'carla@sorriso.com.br', OLD);
    const token = await requestReset('carla@sorriso.com.br', '198.51.100.20');
    const NEW = 'senha nova bem comprida';
    const reset = await server.call('POST', '/password/reset', { body: { token, password: NEW } });
    expect(reset.status).toBe(200);
    expect((await server.call('GET', '/session/current', { token: session.accessToken })).status).toBe(401);
    expect(
      (await server.call('POST', '/session/', { body: { email: 'carla@sorriso.com.br', password: OLD } })).status,
    ).toBe(401);
    await login(server, 'carla@sorriso.com.br', NEW);
    const again = await server.call('POST', '/password/reset', { body: { token, password: 'terceira senha longa' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { details: [{ path: 'token' }] } });
    await login(server, 'carla@sorriso.com.br', NEW);
    // Desks learn at their next sync that offline verifiers made from the old password are void.
    const record = await server.database.forTenant(tenantId).collection(users).get(userId);
    expect(record?.credentialsChangedAt).toMatch(/^2026-11-23T/);
  });

  it('expires after an hour', async () => {
    const token = await requestReset('admin@sorriso.com.br', '198.51.100.21');
    server.clock.advance(TOKEN_TTL_MS.reset + 1000);
    const res = await server.call('POST', '/password/reset', { body: { token, password: 'senha nova bem comprida' } });
    expect(res.status).toBe(400);
    await login(server, 'admin@sorriso.com.br', OLD);
  });

  it('refuses a short password before spending the token', async () => {
    const token = await requestReset('admin@sorriso.com.br', '198.51.100.22');
    const short = await server.call('POST', '/password/reset', { body: { token, password: 'curta' } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: { details: [{ path: 'password' }] } });
    const ok = await server.call('POST', '/password/reset', { body: { token, password: 'agora uma senha longa' } });
    expect(ok.status).toBe(200);
  });

  it('limits reset requests per address with 429 and Retry-After', async () => {
    let last = 200;
    let retryAfter: string | null = null;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const res = await server.call('POST', '/password/forgot', { body: { email: 'x@y.com.br' }, ip: '192.0.2.99' });
      last = res.status;
      retryAfter = res.headers.get('retry-after');
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
