import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, login } from '../../../sync-server/auth/test-server.js';
import { seedAdmin, startSyncServer, type SyncTestServer } from '../../../test/sync/sync-fixture.js';
import { enrolAsAdmin } from './self-enrol.js';

const BASE = 'http://clinic.test';

describe("connecting a new account's first desk as its admin, against the real server", () => {
  let server: SyncTestServer;
  let admin: { tenantId: string; token: string };
  let fetchFn: typeof fetch;

  beforeAll(async () => {
    server = await startSyncServer();
    admin = await seedAdmin(server, 'Clinica Vida');
    fetchFn = async (url, init) => server.app.request(url instanceof Request ? url.url : url.toString(), init);
  });
  afterAll(() => server.close());

  it('makes a code and enrols with it at once, as an installation of the account', async () => {
    const result = await enrolAsAdmin(`${BASE}/`, admin.token, 'Recepção 1', admin.tenantId, fetchFn);
    expect(result).toMatchObject({
      ok: true,
      installation: { mode: 'server', serverUrl: BASE, tenantId: admin.tenantId, name: 'Recepção 1' },
    });
    const listed = await server.call('GET', '/installation/', { token: admin.token });
    expect((listed.body['items'] as { name: string }[]).map((i) => i.name)).toEqual(['Recepção 1']);
  });

  it('refuses someone who may not add stations, and says when the server is not there', async () => {
    await addMember(server, admin.tenantId, {
      email: 'rita@vida.test',
      password: 'senha-muito-segura-3',
      role: 'reception',
      name: 'Rita',
    });
    const rita = await login(server, 'rita@vida.test', 'senha-muito-segura-3');
    expect(await enrolAsAdmin(BASE, rita.accessToken, 'Recepção 2', admin.tenantId, fetchFn)).toEqual({
      ok: false,
      reason: 'code',
    });
    const down: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await enrolAsAdmin(BASE, admin.token, 'Recepção 2', admin.tenantId, down)).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });
});
