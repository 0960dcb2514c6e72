/**
 * Budgets made or changed on a desk offline reach the server through sync only as the budget
 * operations allow: the table of statuses, a number that never changes, no edits after approval; a
 * number two budgets share is listed for the reception.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedAccount } from '../../sync-server/auth/test-server.js';
import { enrolDevice, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let desk: string;
let budget: Record<string, unknown>;

beforeAll(async () => {
  server = await startSyncServer();
  await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: 'senha-muito-segura-1' });
  const { accessToken } = await login(server, 'admin@sol.test', 'senha-muito-segura-1');
  desk = (await enrolDevice(server, accessToken)).token;
  const call = (path: string, body: unknown) => server.call('POST', path, { token: accessToken, body });
  const clinic = (await call('/clinic/', { name: 'Centro' })).body.clinic as { id: string };
  const patient = (await call('/patient/', { name: 'Helena Prado' })).body.patient as { id: string };
  const created = await call('/budget/', { patient: patient.id, clinic: clinic.id, status: 0 });
  expect(created.status).toBe(201);
  budget = await master();
});
afterAll(() => server.close());

async function master(): Promise<Record<string, unknown>> {
  const pulled = await server.call('GET', `/sync/budgets/pull?checkpoint=${encodeURIComponent('{"seq":0}')}&limit=10`, {
    token: desk,
  });
  return (pulled.body.documents as Record<string, unknown>[])[0]!;
}
const push = (rows: unknown[]) => server.call('POST', '/sync/budgets/push', { token: desk, body: rows });
const review = async (kind: 'rejections' | 'conflicts') =>
  ((await server.call('GET', `/sync/${kind}`, { token: desk })).body.items as { reasons: { path: string }[] }[]).map(
    (item) => item.reasons.map((r) => r.path),
  );

describe('budgets pushed by a desk', () => {
  it('takes an edit of a draft, and refuses a changed number or an executed jump', async () => {
    const edited = { ...budget, cellPhone: '+5511987654321', updatedAt: '2026-11-23T15:00:00.000-03:00' };
    expect((await push([{ assumedMasterState: budget, newDocumentState: edited }])).body).toEqual([]);
    const current = await master();
    expect(current.cellPhone).toBe('+5511987654321');

    const renumbered = { ...current, budgetNumber: 999_999 };
    expect((await push([{ assumedMasterState: current, newDocumentState: renumbered }])).body).toEqual([current]);
    const executed = { ...current, status: 4 };
    expect((await push([{ assumedMasterState: current, newDocumentState: executed }])).body).toEqual([current]);
    expect(await review('rejections')).toEqual([['budgetNumber'], ['status']]);
  });

  it('keeps a budget a desk numbered like another, and lists it', async () => {
    const current = await master();
    const twin = { ...current, id: '0193a1c2-7b3e-7cc1-9a52-000000000999', cellPhone: undefined };
    delete twin.cellPhone;
    expect((await push([{ newDocumentState: twin }])).body).toEqual([]);
    expect(await review('conflicts')).toEqual([['budgetNumber']]);
  });
});
