/** The installation commands of `npm run admin`: a code from the CLI enrols over REST; list and revoke. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runSyncAdminCommand } from '../../sync-server/sync/index.js';
import { seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
beforeEach(async () => {
  server = await startSyncServer();
});
afterEach(async () => {
  await server.close();
});

it('creates a code that enrols a totem, lists it and revokes it', async () => {
  const { tenantId } = await seedAdmin(server, 'Clínica Mar');
  const lines = await runSyncAdminCommand(server.devices, ['installation', 'code'], {
    account: tenantId,
    name: 'Totem',
    kind: 'totem',
  });
  const code = /código de instalação: (\S+)/.exec(lines![0]!)![1]!;
  const enrolled = await server.call('POST', '/installation/enrolment', { body: { code } });
  expect(enrolled.body.installation).toMatchObject({ kind: 'totem', name: 'Totem', createdBy: 'cli' });
  const id = (enrolled.body.installation as { id: string }).id;
  expect(await runSyncAdminCommand(server.devices, ['installation', 'list'], { account: tenantId })).toEqual([
    `${id}  totem  Totem  ativa`,
  ]);
  await runSyncAdminCommand(server.devices, ['installation', 'revoke', id], { account: tenantId });
  const pulled = await server.call('GET', '/sync/patients/pull', { token: enrolled.body.token as string });
  expect(pulled.status).toBe(401);
});

it('leaves other commands to the rest of the CLI and names missing flags', async () => {
  expect(await runSyncAdminCommand(server.devices, ['account', 'list'], {})).toBeUndefined();
  await expect(runSyncAdminCommand(server.devices, ['installation', 'code'], { name: 'x' })).rejects.toMatchObject({
    code: 'validation',
    details: [{ path: 'account' }],
  });
});
