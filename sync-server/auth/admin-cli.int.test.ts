import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../admin/commands.js';
import { login, startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('admin CLI: user invite', () => {
  it('gives a new account its first admin without an e-mail server', async () => {
    const [created] = await runAdminCommand(server.keys, ['account', 'create'], { name: 'Clínica Nova' });
    const account = /conta criada: (\S+)/.exec(created!)![1]!;
    const lines = await runAdminCommand(
      server.keys,
      ['user', 'invite'],
      { account, email: 'Dona@nova.com.br', name: 'Dona da Clínica' },
      server.access,
    );
    const token = /token do convite: (\S+)/.exec(lines.join('\n'))![1]!;
    const accepted = await server.call('POST', '/user/invitation/acceptance', {
      body: { token, password: 'a primeira senha da dona' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ role: 'admin', email: 'dona@nova.com.br' });
    await login(server, 'dona@nova.com.br', 'a primeira senha da dona');
  });

  it('names a bad flag and an unknown account', async () => {
    await expect(
      runAdminCommand(server.keys, ['user', 'invite'], { account: 'x', email: 'nada', name: 'Fulano' }, server.access),
    ).rejects.toMatchObject({ code: 'validation', details: [{ path: 'email' }] });
    await expect(
      runAdminCommand(
        server.keys,
        ['user', 'invite'],
        { account: 'x', email: 'a@b.com.br', name: 'Fulano' },
        server.access,
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
