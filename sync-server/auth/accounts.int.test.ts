import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from './test-server.js';

describe('self-service sign-up', () => {
  let open: TestServer;
  let closed: TestServer;
  beforeAll(async () => {
    open = await startTestServer({ access: { signup: true } });
    closed = await startTestServer();
  });
  afterAll(async () => {
    await open.close();
    await closed.close();
  });

  const signup = { accountName: 'Clínica Nova', name: 'Helena Dias', email: 'helena@nova.com.br' };

  it('is off unless the server opens it', async () => {
    const res = await closed.call('POST', '/account/', { body: signup });
    expect(res.status).toBe(403);
    expect(await closed.keys.listAccounts()).toEqual([]);
  });

  it('creates a pending account whose admin confirms by e-mail, sets a password and logs in', async () => {
    const res = await open.call('POST', '/account/', { body: signup });
    expect(res.status).toBe(201);
    expect(res.body.account).toMatchObject({ name: 'Clínica Nova', status: 'pending' });
    const early = await open.call('POST', '/session/', { body: { email: 'helena@nova.com.br', password: 'x' } });
    expect(early.status).toBe(401);
    const mail = open.messages.find((m) => m.template === 'account.confirmation')!;
    expect(mail.to).toBe('helena@nova.com.br');
    const confirmed = await open.call('POST', '/account/confirmation', {
      body: { token: mail.data.token, password: 'senha da helena 2026' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ role: 'admin' });
    const tokens = await login(open, 'helena@nova.com.br', 'senha da helena 2026');
    const me = await open.call('GET', '/session/current', { token: tokens.accessToken });
    expect(me.body).toMatchObject({ accountName: 'Clínica Nova', permissions: ['*'] });
    const account = (await open.keys.listAccounts()).find((a) => a.name === 'Clínica Nova');
    expect((await open.keys.account(account!.id))?.status).toBe('active');
  });

  it('refuses an unknown confirmation token, naming it', async () => {
    const res = await open.call('POST', '/account/confirmation', {
      body: { token: 'cfm_falso', password: 'senha qualquer longa' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { details: [{ path: 'token' }] } });
  });
});
