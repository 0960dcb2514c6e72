/** Number blocks served to installations: disjoint ranges per lease, tenant-scoped, bad input named. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fetchNumberLeaser } from '#core/sync/transport.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
beforeEach(async () => {
  server = await startSyncServer();
});
afterEach(async () => {
  await server.close();
});

it('two desks lease disjoint blocks of one series; another tenant counts on its own', async () => {
  const sol = await seedAdmin(server, 'Clínica Sol');
  const lua = await seedAdmin(server, 'Clínica Lua');
  const fetchFn = async (url: string, init: RequestInit) => server.app.request(url, init);
  const [a, b, c] = await Promise.all([
    enrolDevice(server, sol.token, 'desk', 'A'),
    enrolDevice(server, sol.token, 'desk', 'B'),
    enrolDevice(server, lua.token, 'desk', 'C'),
  ]);
  const ranges = await Promise.all(
    [a, b].map((d) => fetchNumberLeaser('http://clinica.test', d.token, fetchFn).lease('budget', 50)),
  );
  const sorted = ranges.sort((x, y) => x.from - y.from);
  expect(sorted).toEqual([
    { from: 1, to: 50 },
    { from: 51, to: 100 },
  ]);
  expect(await fetchNumberLeaser('http://clinica.test', c.token, fetchFn).lease('budget', 10)).toEqual({
    from: 1,
    to: 10,
  });
});

it('answers 400 for a bad size or series and 401 without a device token', async () => {
  const sol = await seedAdmin(server, 'Clínica Sol');
  const { token } = await enrolDevice(server, sol.token);
  const bad = await server.call('POST', '/sync/numbers/budget/lease', { token, body: { size: 0 } });
  expect(bad.status).toBe(400);
  expect((bad.body.error as { details: { path: string }[] }).details[0]!.path).toBe('body.size');
  expect((await server.call('POST', '/sync/numbers/9x/lease', { token, body: { size: 5 } })).status).toBe(400);
  expect((await server.call('POST', '/sync/numbers/budget/lease', { body: { size: 5 } })).status).toBe(401);
});
