/**
 * The sync review feeds the bell (MSG-039), over the real server on SQLite and PostgreSQL (skipped
 * locally without a server, required in CI): a push that lists a conflict notifies the reception and
 * the admins (not a finance user), once per push; a re-sent push listing nothing new notifies no one;
 * a push that lists nothing notifies no one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '#core/chat/notification-records.js';
import { addMember } from '../../sync-server/auth/test-server.js';
import { patientDoc } from './patient-doc.js';
import {
  enrolDevice,
  seedAdmin,
  startSyncServerOn,
  syncEngines,
  type SyncEngine,
  type SyncTestServer,
} from './sync-fixture.js';

const engines: SyncEngine[] = await syncEngines('review notice tests');

describe.each(engines)('the bell for the sync review on %s', (engine) => {
  let server: SyncTestServer;
  let tenantId: string;
  let desk: { token: string; id: string };
  let reception: string;
  let finance: string;
  let counter = 0;

  beforeEach(async () => {
    server = await startSyncServerOn(engine);
    let adminToken: string;
    ({ tenantId, token: adminToken } = await seedAdmin(server, 'Clínica Sol'));
    desk = await enrolDevice(server, adminToken);
    reception = await addMember(server, tenantId, {
      email: 'rita@sol.test',
      password: 'senha-segura-12',
      role: 'reception',
    });
    finance = await addMember(server, tenantId, {
      email: 'fabio@sol.test',
      password: 'senha-segura-12',
      role: 'finance',
    });
  });
  afterEach(async () => {
    await server.close();
  });

  const push = (rows: unknown[]) => server.call('POST', '/sync/patients/push', { token: desk.token, body: rows });
  const bell = () =>
    server.database
      .forTenant(tenantId)
      .collection(notifications)
      .find({ selector: {} })
      .then((all) => all.filter((n) => n.kind === 'sync.review'));

  function patient(): Record<string, unknown> {
    counter += 1;
    const id = `0193a1c2-7b3e-7cc1-9a52-${String(counter).padStart(12, '0')}`;
    return { ...patientDoc(tenantId, id, `Paciente ${counter}`), _deleted: false };
  }

  it('notifies the reviewers of a conflict once, and not again when the push is re-sent', async () => {
    const original = patient();
    expect((await push([{ newDocumentState: original }])).status).toBe(200);
    await push([{ assumedMasterState: original, newDocumentState: { ...original, name: 'Ana Lima' } }]);
    expect(await bell()).toEqual([]);
    const losing = [{ assumedMasterState: original, newDocumentState: { ...original, name: 'Ana Lima Souza' } }];
    await push(losing);
    const written = await bell();
    const entries = (await server.call('GET', '/sync/conflicts', { token: desk.token })).body.items as { id: string }[];
    expect(entries).toHaveLength(1);
    const users = written.map((n) => n.user);
    expect(users).toContain(reception);
    expect(users).not.toContain(finance);
    // The admin and the reception: one each.
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({
      title: 'Sincronização: itens para revisar',
      body: '1 conflito na lista de revisão',
      link: { collection: 'sync_review', id: entries[0]!.id },
      readAt: null,
    });
    await push(losing);
    expect(await bell()).toHaveLength(2);
  });
});
