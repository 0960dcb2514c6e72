/**
 * Windows per collection, as configuration: installations get appointments from 90 days back onward,
 * active patients only (a patient made inactive leaves them), budgets of the last two years; the
 * configuration changes it without code, and a `never` collection does not go down at all.
 */
import { afterEach, expect, it } from 'vitest';
import { budgets } from '#core/budget/budget-record.js';
import { patients } from '#core/patient/patient-record.js';
import { appointments } from '#core/schedule/appointment-record.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import type { PullResponse } from '#core/sync/protocol.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer | undefined;
afterEach(async () => {
  delete process.env.CLINIC_SYNC_WINDOWS;
  await server?.close();
  server = undefined;
});

let n = 0;
const newId = () => `0193a1c2-7b3e-7cc1-9a52-${String(++n).padStart(12, '0')}`;

async function setUp(windows?: string) {
  if (windows !== undefined) process.env.CLINIC_SYNC_WINDOWS = windows;
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Janelas');
  const { token } = await enrolDevice(server, admin.token);
  const s = server;
  const insert = async (def: AnyCollectionDef, fields: Record<string, unknown>) => {
    const doc = { id: newId(), tenantId: admin.tenantId, createdAt: '2026-11-01T09:00:00-03:00', ...fields };
    await s.database
      .forTenant(admin.tenantId)
      .collection(def)
      .insert({ updatedAt: doc.createdAt, ...doc } as never);
    return doc.id;
  };
  const pull = async (collection: string, seq = 0, limit = 100) => {
    const query = new URLSearchParams({ checkpoint: JSON.stringify({ seq }), limit: String(limit) });
    const res = await s.app.request(`/sync/${collection}/pull?${query.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as PullResponse };
  };
  return { tenantId: admin.tenantId, insert, pull };
}

// The test server's clock reads 2026-11-23T12:00Z.
it('sends recent and future appointments, active patients and budgets of two years, filling each page', async () => {
  const { insert, pull } = await setUp();
  const old: string[] = [];
  for (let i = 0; i < 5; i++) old.push(await insert(appointments, { startUtc: '2026-06-01T12:00:00Z', status: 1 }));
  const recent = await insert(appointments, { startUtc: '2026-09-01T12:00:00Z', status: 1 });
  const future = await insert(appointments, { startUtc: '2027-01-10T12:00:00Z', status: 1 });

  // Two documents per page: the five old ones are skipped without a short page ending the pull early.
  const page = await pull('appointments', 0, 2);
  expect(page.body.documents.map((d) => d.id)).toEqual([recent, future]);

  const active = await insert(patients, { name: 'Ana', nameKey: 'ana', active: true, temporary: false });
  const inactive = await insert(patients, { name: 'Bia', nameKey: 'bia', active: false, temporary: false });
  const first = await pull('patients');
  expect(first.body.documents.map((d) => d.id)).toEqual([active]);

  const recentBudget = await insert(budgets, { createdAt: '2025-03-01T10:00:00-03:00', status: 1, active: true });
  const oldBudget = await insert(budgets, { createdAt: '2023-03-01T10:00:00-03:00', status: 1, active: true });
  const budgetIds = (await pull('budgets')).body.documents.map((d) => d.id);
  expect(budgetIds).toContain(recentBudget);
  expect(budgetIds).not.toContain(oldBudget);
  expect(inactive).toBeDefined();
});

it('drops a patient made inactive from installations that hold it', async () => {
  const { tenantId, insert, pull } = await setUp();
  const id = await insert(patients, { name: 'Caio', nameKey: 'caio', active: true, temporary: false });
  const first = await pull('patients');
  expect(first.body.documents.map((d) => d.id)).toEqual([id]);
  const collection = server!.database.forTenant(tenantId).collection(patients);
  const current = (await collection.get(id))!;
  await collection.update(id, current._rev, { ...current, active: false });
  const next = await pull('patients', first.body.checkpoint.seq);
  expect(next.body.documents).toMatchObject([{ id, _deleted: true }]);
});

it('follows CLINIC_SYNC_WINDOWS: whole collections, other periods, collections that never go down', async () => {
  const { insert, pull } = await setUp('{"appointments":"all","patients":"never"}');
  const old = await insert(appointments, { startUtc: '2020-06-01T12:00:00Z', status: 1 });
  expect((await pull('appointments')).body.documents.map((d) => d.id)).toEqual([old]);
  expect((await pull('patients')).status).toBe(403);
});
