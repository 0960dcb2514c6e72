import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedAccount, startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
let tenantId: string;
const PASSWORD = 'senha certa do doutor';

beforeAll(async () => {
  server = await startTestServer();
  ({ tenantId } = await seedAccount(server, 'Clínica Sorriso', { email: 'dr@sorriso.com.br', password: PASSWORD }));
});
afterAll(() => server.close());

describe('brute force on one user (issue 3)', () => {
  it('answers 429 with Retry-After within 20 wrong passwords in a minute, and logs it', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await server.call('POST', '/session/', {
        body: { email: 'dr@sorriso.com.br', password: `chute ${i}` },
        ip: '198.51.100.7',
      });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get('retry-after');
        expect(res.body).toMatchObject({ error: { code: 'rate_limited' } });
      }
      server.clock.advance(2_000);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right password waits at that address: the guesser learns nothing from it.
    const right = await server.call('POST', '/session/', {
      body: { email: 'dr@sorriso.com.br', password: PASSWORD },
      ip: '198.51.100.7',
    });
    expect(right.status).toBe(429);

    const admin = await login(server, 'dr@sorriso.com.br', PASSWORD, '203.0.113.50');
    const audit = await server.call('GET', '/audit/?action=login.blocked', { token: admin.accessToken });
    expect(audit.status).toBe(200);
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        action: 'login.blocked',
        ip: '198.51.100.7',
        detail: expect.stringContaining('login:user-ip') as string,
      }),
    ]);
    const failed = await server.call('GET', '/audit/?action=login.failed', { token: admin.accessToken });
    expect((failed.body.items as unknown[]).length).toBeGreaterThanOrEqual(10);
  });

  it('lets the right password in from another address meanwhile', async () => {
    const res = await server.call('POST', '/session/', {
      body: { email: 'dr@sorriso.com.br', password: PASSWORD },
      ip: '203.0.113.9',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ tenantId });
  });

  it('lets the blocked address try again once the window passed', async () => {
    server.clock.advance(16 * 60_000);
    await login(server, 'dr@sorriso.com.br', PASSWORD, '198.51.100.7');
  });

  it('limits one address trying many e-mails', async () => {
    let last = 0;
    for (let i = 0; i < 110 && last !== 429; i++) {
      last = (
        await server.call('POST', '/session/', {
          body: { email: `pessoa${i}@x.com.br`, password: 'qualquer uma' },
          ip: '192.0.2.200',
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});
