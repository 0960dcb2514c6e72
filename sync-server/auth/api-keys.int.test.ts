import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, login, seedAccount, startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
let tenantId: string;
let admin: string;
const PASSWORD = 'senha comprida da clínica';

beforeAll(async () => {
  server = await startTestServer({ access: { apiKeyRatePerMinute: 5 } });
  ({ tenantId } = await seedAccount(server, 'Clínica Sorriso', { email: 'admin@sorriso.com.br', password: PASSWORD }));
  admin = (await login(server, 'admin@sorriso.com.br', PASSWORD)).accessToken;
});
afterAll(() => server.close());

const createKey = (token: string, body: unknown) => server.call('POST', '/apiKey/', { token, body });

describe('API keys managed by an account admin over REST', () => {
  it('creates a key scoped to what the integration needs; the key works only within it', async () => {
    const res = await createKey(admin, { name: 'ERP', permissions: ['user:read', 'session:read'] });
    expect(res.status).toBe(201);
    const key = res.body.key as string;
    expect(res.body.apiKey).toMatchObject({ name: 'ERP', permissions: ['user:read', 'session:read'], revokedAt: null });
    expect((await server.call('GET', '/user/', { key })).status).toBe(200);
    const forbidden = await server.call('POST', '/user/', { key, body: { name: 'X Y', role: 'professional' } });
    expect(forbidden.status).toBe(403);
    const listed = await server.call('GET', '/apiKey/', { token: admin });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const { prefix } = res.body.apiKey as { prefix: string };
    expect(key.startsWith(`${prefix}_`)).toBe(true);
    expect(listed.body.items).toEqual([expect.objectContaining({ name: 'ERP', prefix })]);
  });

  it('never gives a key a permission its creator lacks', async () => {
    const scoped = (await createKey(admin, { name: 'gestor', permissions: ['access:write', 'user:read'] })).body
      .key as string;
    const res = await server.call('POST', '/apiKey/', {
      key: scoped,
      body: { name: 'mais', permissions: ['user:read', 'budget:write', '*'] },
    });
    expect(res.status).toBe(403);
    expect((res.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toEqual([
      'permissions.1',
      'permissions.2',
    ]);
  });

  it('refuses unknown permissions and non-admins', async () => {
    const bad = await createKey(admin, { name: 'x', permissions: ['patient:delete'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { details: [{ path: 'permissions.0' }] } });
    await addMember(server, tenantId, { email: 'bia@sorriso.com.br', password: PASSWORD, role: 'reception' });
    const reception = (await login(server, 'bia@sorriso.com.br', PASSWORD)).accessToken;
    expect((await createKey(reception, { name: 'x', permissions: ['user:read'] })).status).toBe(403);
  });

  it("revokes a key at once, and answers 404 for another account's key", async () => {
    const created = await createKey(admin, { name: 'temporária', permissions: ['user:read'] });
    const { key } = created.body as { key: string };
    const { id } = created.body.apiKey as { id: string };
    const other = await seedAccount(server, 'Outra', { email: 'chefe@outra.com.br', password: PASSWORD });
    const otherAdmin = (await login(server, 'chefe@outra.com.br', PASSWORD)).accessToken;
    expect((await server.call('DELETE', `/apiKey/${id}`, { token: otherAdmin })).status).toBe(404);
    expect((await server.call('GET', '/user/', { key })).status).toBe(200);
    const revoked = await server.call('DELETE', `/apiKey/${id}`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect((await server.call('GET', '/user/', { key })).status).toBe(401);
    expect(other.tenantId).not.toBe(tenantId);
  });
});

describe('rate limits on API keys', () => {
  it('answers 429 with Retry-After once a key used its minute', async () => {
    const { key } = await server.keys.createKey(tenantId, { permissions: ['user:read'] });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 7; i++) {
      const res = await server.call('GET', '/user/', { key });
      statuses.push(res.status);
      retryAfter ??= res.headers.get('retry-after');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("caps an account's keys together at three times one key's minute", async () => {
    const other = await seedAccount(server, 'Rede', { email: 'chefe@rede.com.br', password: PASSWORD });
    const keys = await Promise.all(
      [1, 2, 3, 4].map(async () => (await server.keys.createKey(other.tenantId, { permissions: ['user:read'] })).key),
    );
    const statuses: number[] = [];
    for (const key of keys) {
      for (let i = 0; i < 5; i++) statuses.push((await server.call('GET', '/user/', { key })).status);
    }
    expect(statuses.slice(0, 15).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(15)).toEqual([429, 429, 429, 429, 429]);
  });

  it('slows an address sending unknown keys', async () => {
    let last = 0;
    for (let i = 0; i < 35 && last !== 429; i++) {
      last = (await server.call('GET', '/user/', { key: `chave-inventada-numero-${i}`, ip: '192.0.2.77' })).status;
    }
    expect(last).toBe(429);
  });
});
