/**
 * Offline integrity at the sync server (INV-001, INV-004): two desks that consumed the same lot while
 * offline both push their movement; both are kept, the one that leaves the lot below zero is listed for
 * review (never corrected), the lot shows in `inventory.discrepancies`, and a pushed edit or deletion of
 * a stored movement is refused into the rejection list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidV7Ids } from '#core/ids.js';
import { lotBalanceId, lotBalances } from '#core/inventory/balance-record.js';
import { inventoryMovements } from '#core/inventory/movement-record.js';
import { withoutRevision } from '#core/store/record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import type { SyncDocument } from '#core/sync/protocol.js';
import { login, seedAccount, startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import type { DeviceActor } from '../../sync-server/sync/devices.js';
import { pushChanges } from '../../sync-server/sync/push.js';
import { listReview } from '../../sync-server/sync/review.js';
import type { SyncTables } from '../../sync-server/sync/sync-tables.js';
import { enrolDevice, type SyncTestServer } from '../sync/sync-fixture.js';

const PASSWORD = 'senha-muito-segura-1';
const AT = '2026-11-23T10:00:00-03:00';
const def = inventoryMovements as unknown as CollectionDef<RecordBase>;
const balanceDef = lotBalances as unknown as CollectionDef<RecordBase>;

let server: TestServer;
let tenantId = '';
let token = '';
let clinic = '';
let product = '';
const desks: DeviceActor[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ({ tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD }));
  token = (await login(server, 'admin@sol.test', PASSWORD)).accessToken;
  for (const name of ['Recepção 1', 'Recepção 2']) {
    const desk = await enrolDevice(server as SyncTestServer, token, 'desk', name);
    desks.push({
      kind: 'device',
      id: desk.id,
      tenantId,
      permissions: new Set(['inventory:read', 'inventory:write']),
      clinicId: null,
      deviceKind: 'desk',
    });
  }
  const created = await server.call('POST', '/clinic/', { token, body: { name: 'Clínica Centro' } });
  clinic = (created.body.clinic as { id: string }).id;
  const made = await server.call('POST', '/inventory/product/', {
    token,
    body: {
      name: 'Anestésico',
      kind: 'medication',
      purchaseUnit: 'caixa',
      consumptionUnit: 'tubete',
      unitsPerPurchase: 50,
    },
  });
  product = made.body.id as string;
  const entry = await server.call('POST', '/inventory/movement/', {
    token,
    body: { clinic, product, kind: 'entry', quantity: 5, lot: 'L1', expiry: '2099-12-31' },
  });
  expect(entry.status).toBe(201);
}, 60_000);
afterAll(() => server?.close());

/** A consumption as a desk's operation stored it offline, seeing 5 in the lot. */
const consumption = (quantity: number): SyncDocument => ({
  id: uuidV7Ids.next(),
  tenantId,
  createdAt: AT,
  updatedAt: AT,
  clinic,
  product,
  lot: 'L1',
  expiry: '2099-12-31',
  kind: 'consumption',
  quantity: -quantity,
  occurredAt: AT,
  by: 'desk-user',
  balanceAfter: 5 - quantity,
  _deleted: false,
});

const push = (desk: DeviceActor, rows: Parameters<typeof pushChanges>[2], to = def) =>
  pushChanges({ database: server.database, actor: desk, clock: server.clock, ids: uuidV7Ids }, to, rows);

/**
 * The lot's balance record as a desk that pulled it (5 in the lot) pushes it after its consumption:
 * the server merges the two desks' versions as a counter (INV-009).
 */
async function pushBalance(desk: DeviceActor, pulled: SyncDocument, quantity: number) {
  const pushed = { ...pulled, quantity: (pulled.quantity as number) - quantity, updatedAt: AT } as SyncDocument;
  return push(desk, [{ assumedMasterState: pulled, newDocumentState: pushed }], balanceDef);
}
const review = (kind: 'conflict' | 'rejection') =>
  listReview(server.database.kysely.withTables<SyncTables>(), tenantId, kind, [def.name], { limit: 100 });

describe('two desks consuming one lot offline', () => {
  // Built in the tests: the ids they point at exist once `beforeAll` ran.
  let first: SyncDocument;
  let second: SyncDocument;

  it('keeps both movements and lists the one that took the lot below zero', async () => {
    first = consumption(4);
    second = consumption(3);
    const balances = server.database.forTenant(tenantId).collection(lotBalances);
    const stored = await balances.get(lotBalanceId(tenantId, clinic, product, 'L1'));
    const pulled = { ...withoutRevision(stored!), _deleted: false } as SyncDocument;
    expect(pulled.quantity).toBe(5);
    expect(await push(desks[0]!, [{ newDocumentState: first }])).toEqual([]);
    expect(await pushBalance(desks[0]!, pulled, 4)).toEqual([]);
    expect(await review('conflict')).toEqual([]);
    expect(await push(desks[1]!, [{ newDocumentState: second }])).toEqual([]);
    // Desk 2 started from the same 5: its push conflicts, and the server adds both changes.
    const answered = await pushBalance(desks[1]!, pulled, 3);
    expect(answered.map((d) => d.quantity)).toEqual([-2]);
    expect((await balances.get(pulled.id))?.quantity).toBe(-2);
    const store = server.database.forTenant(tenantId).collection(inventoryMovements);
    expect(await store.get(first.id)).toBeDefined();
    expect(await store.get(second.id)).toBeDefined();
    const listed = (await review('conflict')).filter((e) => e.collection === def.name);
    expect(listed.map((e) => e.docId)).toEqual([second.id]);
    expect(JSON.stringify(listed[0])).toContain('ficou em -2');

    const res = await server.call('GET', `/inventory/clinic/${clinic}/discrepancies`, { token });
    expect(res.status).toBe(200);
    const items = res.body.items as { lot: string; quantity: number }[];
    expect(items.map((i) => [i.lot, i.quantity])).toEqual([['L1', -2]]);
  });

  it('refuses a pushed edit or deletion of a stored movement', async () => {
    const edited = { ...first, quantity: -1, balanceAfter: 4 } as SyncDocument;
    await push(desks[0]!, [{ assumedMasterState: first, newDocumentState: edited }]);
    await push(desks[0]!, [{ assumedMasterState: first, newDocumentState: { ...first, _deleted: true } }]);
    const stored = await server.database.forTenant(tenantId).collection(inventoryMovements).get(first.id);
    expect(stored?.quantity).toBe(-4);
    const rejected = (await review('rejection')).filter((e) => e.docId === first.id);
    expect(rejected.length).toBe(2);
  });
});
