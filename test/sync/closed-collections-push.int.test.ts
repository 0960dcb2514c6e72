/**
 * Desks push the collections that were closed to them: schedule blocks, the wait list, receivables
 * (within what their operations allow) and users (only temporary professionals and profile edits;
 * role, `active` and the rest that grants access stay the server's).
 */
import { beforeAll, afterAll, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { scheduleBlocks } from '#core/schedule/block-record.js';
import { receivables } from '#core/schedule/receivable-record.js';
import { waitList } from '#core/schedule/wait-list-ops.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import type { SyncDocument } from '#core/sync/protocol.js';
import { listReview } from '../../sync-server/sync/review.js';
import type { SyncTables } from '../../sync-server/sync/sync-tables.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let token: string;
let n = 0;

beforeAll(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Regras');
  tenantId = admin.tenantId;
  token = (await enrolDevice(server, admin.token, 'desk')).token;
});
afterAll(async () => {
  await server.close();
});

const newId = () => `0193a1c2-7b3e-7cc1-9a52-${String(++n).padStart(12, '0')}`;
const NOW = '2026-11-23T09:00:00-03:00';
const base = () => ({ id: newId(), tenantId, createdAt: NOW, updatedAt: NOW });

async function push(collection: string, doc: Record<string, unknown>, assumed?: Record<string, unknown>) {
  const res = await server.app.request(`/sync/${collection}/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify([
      { ...(assumed ? { assumedMasterState: { ...assumed, _deleted: false } } : {}), newDocumentState: doc },
    ]),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SyncDocument[];
}

const stored = (def: AnyCollectionDef, id: string) =>
  server.database.forTenant(tenantId).collection(def).get(id) as Promise<Record<string, unknown> | undefined>;

async function review(kind: 'rejection' | 'conflict', docId: string): Promise<string[]> {
  const entries = await listReview(
    server.database.kysely.withTables<SyncTables>(),
    tenantId,
    kind,
    ['schedule_blocks', 'wait_list', 'receivables', 'users'],
    { limit: 500 },
  );
  return entries.filter((e) => e.docId === docId).flatMap((e) => e.reasons.map((r) => r.message));
}

it('takes a schedule block made offline, refuses a backwards one and an edit, takes its removal', async () => {
  const block = {
    ...base(),
    professional: 'prof-1',
    start: '2026-11-24T12:00:00-03:00',
    end: '2026-11-24T14:00:00-03:00',
    startUtc: '2026-11-24T15:00:00Z',
    endUtc: '2026-11-24T17:00:00Z',
    timeZone: 'America/Sao_Paulo',
    reason: 'Congresso',
    createdBy: 'device',
    _deleted: false,
  };
  const withSeries = { ...block, series: block.id };
  expect(await push('schedule_blocks', withSeries)).toEqual([]);
  expect((await stored(scheduleBlocks, block.id))?.reason).toBe('Congresso');

  const backwards = { ...withSeries, ...base(), endUtc: '2026-11-24T14:00:00Z' };
  await push('schedule_blocks', backwards);
  expect(await stored(scheduleBlocks, backwards.id)).toBeUndefined();
  expect(await review('rejection', backwards.id)).toContain('o fim deve ser depois do início');

  await push('schedule_blocks', { ...withSeries, reason: 'Férias' }, withSeries);
  expect((await stored(scheduleBlocks, block.id))?.reason).toBe('Congresso');

  expect(await push('schedule_blocks', { ...withSeries, _deleted: true }, withSeries)).toEqual([]);
  expect(await stored(scheduleBlocks, block.id)).toBeUndefined();
});

it('takes wait-list entries and their logical removal, never a hard deletion', async () => {
  const entry = {
    ...base(),
    patient: 'pat-1',
    professional: 'prof-1',
    periods: [{ weekdays: [1, 3], from: '08:00', to: '12:00' }],
    priority: 'high',
    active: true,
    createdBy: 'device',
    _deleted: false,
  };
  expect(await push('wait_list', entry)).toEqual([]);
  expect((await stored(waitList, entry.id))?.priority).toBe('high');

  const nobody = { ...entry, ...base(), professional: undefined };
  await push('wait_list', nobody);
  expect(await stored(waitList, nobody.id)).toBeUndefined();

  const answer = await push('wait_list', { ...entry, _deleted: true }, entry);
  expect(answer.map((d) => d._deleted)).toEqual([false]);
  expect(await stored(waitList, entry.id)).toBeDefined();

  expect(await push('wait_list', { ...entry, active: false }, entry)).toEqual([]);
  expect((await stored(waitList, entry.id))?.active).toBe(false);
});

it('takes an open receivable, refuses other births, edits of the amount and deletions, lists a double charge', async () => {
  const receivable = {
    ...base(),
    appointment: 'appt-1',
    patient: 'pat-1',
    clinic: 'clinic-1',
    amountCentavos: 25_000,
    dueDate: '2026-11-24',
    description: 'Consulta',
    status: 'open',
    createdBy: 'device',
    _deleted: false,
  };
  expect(await push('receivables', receivable)).toEqual([]);
  expect((await stored(receivables, receivable.id))?.amountCentavos).toBe(25_000);

  const paid = { ...receivable, ...base(), appointment: 'appt-2', status: 'paid' };
  await push('receivables', paid);
  expect(await stored(receivables, paid.id)).toBeUndefined();

  await push('receivables', { ...receivable, amountCentavos: 1 }, receivable);
  expect((await stored(receivables, receivable.id))?.amountCentavos).toBe(25_000);
  await push('receivables', { ...receivable, _deleted: true }, receivable);
  expect(await stored(receivables, receivable.id)).toBeDefined();

  const second = { ...receivable, ...base() };
  expect(await push('receivables', second)).toEqual([]);
  expect((await review('conflict', second.id)).join()).toMatch(/consulta já cobrada/);
});

it('takes a temporary professional created offline and profile edits, never access changes', async () => {
  const professional = {
    ...base(),
    name: 'Dr. Caio Substituto',
    email: null,
    cpf: null,
    role: 'professional',
    council: 'CRM',
    councilNumber: '12345',
    councilState: 'RJ',
    specialties: [],
    status: 'temporary',
    active: true,
    credentialsChangedAt: null,
    _deleted: false,
  };
  expect(await push('users', professional)).toEqual([]);
  expect((await stored(users, professional.id))?.status).toBe('temporary');

  const admin = { ...professional, ...base(), role: 'admin' };
  await push('users', admin);
  expect(await stored(users, admin.id)).toBeUndefined();
  const invited = { ...professional, ...base(), email: 'caio@example.com', status: 'invited' };
  await push('users', invited);
  expect(await stored(users, invited.id)).toBeUndefined();

  expect(await push('users', { ...professional, name: 'Dr. Caio Reis' }, professional)).toEqual([]);
  const renamed = { ...professional, name: 'Dr. Caio Reis' };
  expect((await stored(users, professional.id))?.name).toBe('Dr. Caio Reis');

  for (const change of [{ role: 'admin' }, { active: false }, { email: 'x@example.com' }]) {
    await push('users', { ...renamed, ...change }, renamed);
  }
  expect(await stored(users, professional.id)).toMatchObject({ role: 'professional', active: true, email: null });
  await push('users', { ...renamed, _deleted: true }, renamed);
  expect(await stored(users, professional.id)).toBeDefined();
});
