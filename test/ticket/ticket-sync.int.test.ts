/**
 * Tickets pushed by installations over the real server (SQLite file, enrolled desks): a desk that
 * issued and called offline pushes its tickets; two desks that called one ticket offline both push,
 * the first call stands and the second is listed for the reception; a renumbered ticket is refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tickets } from '#core/ticket/index.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from '../sync/sync-fixture.js';

let server: SyncTestServer;
let deskA: string;
let deskB: string;
let totem: string;
let tenantId = '';

beforeAll(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Fila');
  const { token } = admin;
  tenantId = admin.tenantId;
  deskA = (await enrolDevice(server, token, 'desk', 'Recepção 1')).token;
  deskB = (await enrolDevice(server, token, 'desk', 'Recepção 2')).token;
  totem = (await enrolDevice(server, token, 'totem', 'Totem')).token;
});
afterAll(() => server.close());

const push = (token: string, rows: unknown[]) => server.call('POST', '/sync/tickets/push', { token, body: rows });

const ticket = {
  id: '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b',
  createdAt: '2026-11-23T12:00:00.000+00:00',
  updatedAt: '2026-11-23T12:00:00.000+00:00',
  clinic: 'c1',
  day: '2026-11-23',
  service: 'N',
  number: 1,
  code: 'N001',
  class: 'normal',
  status: 'waiting',
  issuedAt: '2026-11-23T12:00:00.000+00:00',
  recalls: 0,
  callSeq: 0,
  panelSeq: 0,
  _deleted: false,
};
let waiting: typeof ticket & { tenantId: string } = { ...ticket, tenantId: '' };
const calledBy = (place: string, at: string) => ({
  ...waiting,
  status: 'called',
  calledAt: at,
  lastCalledAt: at,
  calledPlace: place,
  callSeq: 1,
  panelSeq: 1,
  updatedAt: at,
});

it('two desks call one ticket offline: the first call stands, the second is listed', async () => {
  waiting = { ...ticket, tenantId };
  const created = await push(deskA, [{ newDocumentState: waiting }]);
  expect(created.status).toBe(200);
  expect(created.body).toEqual([]);
  const first = calledBy('guiche-1', '2026-11-23T12:05:00.000+00:00');
  expect((await push(deskA, [{ assumedMasterState: waiting, newDocumentState: first }])).body).toEqual([]);
  const second = calledBy('guiche-2', '2026-11-23T12:05:02.000+00:00');
  const answer = await push(deskB, [{ assumedMasterState: waiting, newDocumentState: second }]);
  expect(answer.body).toMatchObject([{ status: 'called', calledPlace: 'guiche-1' }]);
  const listed = await server.call('GET', '/sync/conflicts', { token: deskB });
  expect(listed.body.items).toMatchObject([{ docId: waiting.id, document: { calledPlace: 'guiche-2' } }]);
});

it('refuses a renumbered ticket and a totem pushing tickets, changing nothing', async () => {
  const stored = calledBy('guiche-1', '2026-11-23T12:05:00.000+00:00');
  const renumbered = await push(deskA, [{ assumedMasterState: stored, newDocumentState: { ...stored, code: 'N009' } }]);
  // Refused: the desk gets the server's version back, the printed code stays.
  expect(renumbered.body).toMatchObject([{ code: 'N001' }]);
  expect((await server.database.forTenant(tenantId).collection(tickets).get(waiting.id))?.code).toBe('N001');
  const fresh = { ...waiting, id: '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4c' };
  const fromTotem = await push(totem, [{ newDocumentState: fresh }]);
  expect(fromTotem.body).toEqual([{ ...fresh, _deleted: true }]);
  expect(await server.database.forTenant(tenantId).collection(tickets).get(fresh.id)).toBeUndefined();
});
