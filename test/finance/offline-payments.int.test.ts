/**
 * Offline integrity of payments (docs/decisions/finance.md FIN-004): two desks mark the same bill paid
 * while offline, each with the real operation on its own RxDB store, then push. Both payments are
 * stored (nothing typed is dropped) and the second is listed for a person with both payments'
 * details; the bill keeps the first desk's version and the second's goes to the conflict list (never
 * merged silently). A third desk's edit of another field of the bill merges.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { bills, type Bill } from '#core/finance/bill-record.js';
import { financeModule } from '#core/finance/module.js';
import { markPaid } from '#core/finance/payment-ops.js';
import { payments } from '#core/finance/payment-record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import type { SyncDocument } from '#core/sync/protocol.js';
import { login, seedAccount, startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import type { DeviceActor } from '../../sync-server/sync/devices.js';
import { pushChanges } from '../../sync-server/sync/push.js';
import { listReview } from '../../sync-server/sync/review.js';
import type { SyncTables } from '../../sync-server/sync/sync-tables.js';
import { enrolDevice, type SyncTestServer } from '../sync/sync-fixture.js';

type Doc = Record<string, unknown>;
type Def = CollectionDef<RecordBase>;

let server: TestServer;
let tenantId = '';
let token = '';
const desks: { id: string }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const email = `admin@caixa-${randomBytes(3).toString('hex')}.test`;
  ({ tenantId } = await seedAccount(server, 'Clínica Caixa', { email, password: 'senha-muito-segura-1' }));
  token = (await login(server, email, 'senha-muito-segura-1')).accessToken;
  for (const name of ['Recepção A', 'Recepção B', 'Financeiro'])
    desks.push(await enrolDevice(server as SyncTestServer, token, 'desk', name));
}, 60_000);
afterAll(() => server?.close());

const actor = (i: number): DeviceActor => ({
  kind: 'device',
  id: desks[i]!.id,
  tenantId,
  permissions: new Set(['*']),
  clinicId: null,
  deviceKind: 'desk',
});
const push = (i: number, def: Def, rows: { assumedMasterState?: Doc; newDocumentState: Doc }[]) =>
  pushChanges(
    { database: server.database, actor: actor(i), clock: server.clock, ids: uuidV7Ids },
    def,
    rows.map((r) => ({
      ...(r.assumedMasterState
        ? { assumedMasterState: { ...r.assumedMasterState, _deleted: false } as SyncDocument }
        : {}),
      newDocumentState: { ...r.newDocumentState, _deleted: false } as SyncDocument,
    })),
  );
const strip = (doc: object): Doc => {
  const copy = { ...(doc as Doc) };
  delete copy._rev;
  return copy;
};

/** A desk's own store holding the bill as it last pulled it; runs `markPaid` there, offline. */
async function payOffline(bill: Doc, desk: number, method: 'cash' | 'pix') {
  const database = await openRxdbDatabase({
    name: `desk-${desk}-${randomBytes(4).toString('hex')}`,
    storage: memoryStorage(),
    collections: financeModule.collections.map((c) => c.def),
    multiInstance: false,
  });
  const store = database.forTenant(tenantId);
  await store.collection(bills).insert(bill as unknown as Bill);
  const ctx: OperationContext = {
    store,
    actor: { kind: 'user', id: `pessoa-${desk}`, tenantId, permissions: new Set(['*']) },
    clock: fixedClock(`2026-11-23T1${desk}:00:00.000Z`),
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
  const done = await invoke(markPaid, ctx, { id: bill.id, method });
  const written = {
    payment: strip((await store.collection(payments).get(done.payment.id))!),
    bill: strip((await store.collection(bills).get(bill.id as string))!),
  };
  await database.close();
  return written;
}

describe('two desks mark one bill paid offline', () => {
  it('both payments are kept, the second is listed with both details, and the bill is not merged silently', async () => {
    const created = await server.call('POST', '/finance/bill', {
      token,
      body: { type: 'receivable', value: 180, description: 'Consulta', dueDate: '2026-11-23' },
    });
    expect(created.status).toBe(201);
    const id = (created.body.finance as { id: string }).id;
    const pulled = strip((await server.database.forTenant(tenantId).collection(bills).get(id))!);

    const a = await payOffline(pulled, 0, 'cash');
    const b = await payOffline(pulled, 1, 'pix');

    // Desk A syncs first: its payment and its bill land, nothing is listed.
    expect(await push(0, payments as unknown as Def, [{ newDocumentState: a.payment }])).toEqual([]);
    expect(await push(0, bills as unknown as Def, [{ assumedMasterState: pulled, newDocumentState: a.bill }])).toEqual(
      [],
    );
    // Desk B: its payment is stored too, and listed; its bill conflicts with A's and is kept for a person.
    expect(await push(1, payments as unknown as Def, [{ newDocumentState: b.payment }])).toEqual([]);
    const billAnswer = await push(1, bills as unknown as Def, [
      { assumedMasterState: pulled, newDocumentState: b.bill },
    ]);
    expect(billAnswer).toHaveLength(1);
    expect(billAnswer[0]).toMatchObject({ paidCentavos: 18_000, status: 'paid', paidAt: a.bill.paidAt });

    const store = server.database.forTenant(tenantId);
    const stored = await store.collection(payments).find({ selector: { bill: id } });
    expect(stored.map((p) => p.id).sort()).toEqual([a.payment.id, b.payment.id].sort());
    expect((await store.collection(bills).get(id))?.paidCentavos).toBe(18_000);

    const db = server.database.kysely.withTables<SyncTables>();
    const listed = await listReview(db, tenantId, 'conflict', ['finance_payments', 'finance_bills'], { limit: 50 });
    const second = listed.filter((e) => e.collection === 'finance_payments');
    expect(second.map((e) => e.docId)).toEqual([b.payment.id]);
    const reason = JSON.stringify(second[0]);
    expect(reason).toContain(`pagamento ${a.payment.id as string}: R$ 180,00 em cash`);
    expect(reason).toContain(`pagamento ${b.payment.id as string}: R$ 180,00 em pix`);
    expect(reason).toContain('soma R$ 360,00 acima do valor R$ 180,00');
    expect(listed.filter((e) => e.collection === 'finance_bills').map((e) => e.docId)).toEqual([id]);
  });

  it('a desk that edited another field of the bill meanwhile merges with the payment', async () => {
    const created = await server.call('POST', '/finance/bill', {
      token,
      body: { type: 'receivable', value: 90, description: 'Retorno', dueDate: '2026-11-30' },
    });
    const id = (created.body.finance as { id: string }).id;
    const pulled = strip((await server.database.forTenant(tenantId).collection(bills).get(id))!);
    const a = await payOffline(pulled, 0, 'cash');
    expect(await push(0, payments as unknown as Def, [{ newDocumentState: a.payment }])).toEqual([]);
    expect(await push(0, bills as unknown as Def, [{ assumedMasterState: pulled, newDocumentState: a.bill }])).toEqual(
      [],
    );
    const edited = { ...pulled, description: 'Retorno — Dra. Ana', updatedAt: '2026-11-23T12:30:00.000-03:00' };
    await push(2, bills as unknown as Def, [{ assumedMasterState: pulled, newDocumentState: edited }]);
    expect(await server.database.forTenant(tenantId).collection(bills).get(id)).toMatchObject({
      description: 'Retorno — Dra. Ana',
      paidCentavos: 9_000,
      status: 'paid',
    });
  });
});
