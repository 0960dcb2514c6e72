/**
 * Issue 18.3: a push batch replayed by the installation that sent it (a retry after a lost answer)
 * lists nothing and changes nothing, even when the record was edited in between; it is answered the
 * server's current version. The same state pushed by another installation is no replay and still
 * conflicts. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '#core/patient/patient-record.js';
import type { SyncDocument } from '#core/sync/protocol.js';
import { patientDoc } from './patient-doc.js';
import {
  enrolDevice,
  seedAdmin,
  startSyncServerOn,
  syncEngines,
  type SyncEngine,
  type SyncTestServer,
} from './sync-fixture.js';

const engines = await syncEngines('PostgreSQL replayed-push tests');

describe.each(engines)('replayed pushes on %s', (engine: SyncEngine) => {
  let server: SyncTestServer;
  let accounts = 0;
  beforeAll(async () => {
    server = await startSyncServerOn(engine);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  async function account() {
    const admin = await seedAdmin(server, `Clínica Reenvio ${++accounts}`);
    const a = await enrolDevice(server, admin.token, 'desk', 'Recepção A');
    const b = await enrolDevice(server, admin.token, 'desk', 'Recepção B');
    const push = async (token: string, rows: unknown[]) => {
      const res = await server.call('POST', '/sync/patients/push', { token, body: rows });
      expect(res.status).toBe(200);
      return res.body as unknown as SyncDocument[];
    };
    const conflicts = async () =>
      (await server.call('GET', '/sync/conflicts', { token: a.token })).body['items'] as {
        id: string;
        document: Record<string, unknown>;
      }[];
    const onServer = async (id: string) => server.database.forTenant(admin.tenantId).collection(patients).get(id);
    return { tenantId: admin.tenantId, a, b, push, conflicts, onServer };
  }

  it('a batch re-sent after the record was edited elsewhere lists nothing, changes nothing and gets the master', async () => {
    const { tenantId, a, b, push, conflicts, onServer } = await account();
    const id = '0193a1c2-7b3e-7cc1-9a52-0000000000c1';
    const s0 = { ...patientDoc(tenantId, id, 'Ana'), _deleted: false };
    const s1 = { ...s0, cellPhone: '+5511911112222', updatedAt: '2026-11-23T09:05:00-03:00' };
    const s2 = { ...s1, name: 'Ana Lima', nameKey: 'ana lima', updatedAt: '2026-11-23T09:10:00-03:00' };
    expect(await push(a.token, [{ newDocumentState: s0 }])).toEqual([]);
    const batch = [{ assumedMasterState: s0, newDocumentState: s1 }];
    expect(await push(a.token, batch)).toEqual([]);
    expect(await push(b.token, [{ assumedMasterState: s1, newDocumentState: s2 }])).toEqual([]);
    const before = await onServer(id);

    // A's answer was lost: it sends the batch again, and its creation too.
    expect(await push(a.token, batch)).toEqual([s2]);
    expect(await push(a.token, [{ newDocumentState: s0 }])).toEqual([s2]);
    expect(await conflicts()).toEqual([]);
    expect(await onServer(id)).toEqual(before);

    // The same state from another installation is an edit over a stale version: a conflict to review.
    expect(await push(b.token, batch)).toEqual([s2]);
    expect(await conflicts()).toMatchObject([{ document: { cellPhone: '+5511911112222', name: 'Ana' } }]);
  });

  it('a conflict already listed and dismissed is not listed again when its batch is re-sent', async () => {
    const { tenantId, a, b, push, conflicts } = await account();
    const id = '0193a1c2-7b3e-7cc1-9a52-0000000000c2';
    const s0 = { ...patientDoc(tenantId, id, 'Bia'), _deleted: false };
    const theirs = { ...s0, cellPhone: '+5511933334444', updatedAt: '2026-11-23T09:05:00-03:00' };
    const mine = { ...s0, cellPhone: '+5511955556666', updatedAt: '2026-11-23T09:06:00-03:00' };
    await push(a.token, [{ newDocumentState: s0 }]);
    await push(b.token, [{ assumedMasterState: s0, newDocumentState: theirs }]);
    const batch = [{ assumedMasterState: s0, newDocumentState: mine }];
    expect(await push(a.token, batch)).toEqual([theirs]);
    const [listed] = await conflicts();
    const resolved = await server.call('POST', `/sync/review/${listed!.id}/resolution`, {
      token: a.token,
      body: { decision: 'keep_server', by: 'Rita' },
    });
    expect(resolved.status).toBe(200);

    expect(await push(a.token, batch)).toEqual([theirs]);
    expect(await conflicts()).toEqual([]);
  });
});
