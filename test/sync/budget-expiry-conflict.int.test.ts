/**
 * A desk offline changes quotes while the server's daily job marks them vencido (5). When the desk
 * comes back (a real RxDB installation replicating with the real server on SQLite), what each person
 * did stands where the budget operations allow it (docs/decisions/budgets.md): an approval made
 * while the quote held and a disapproval undo the expiry; an edit reopens the quote as `budget.edit`
 * does from 5; a logical delete keeps it expired; an untouched quote arrives expired. An approval
 * dated after the validity does not beat the expiry: the server's version stays and it is listed.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '#core/actor.js';
import { budgets, type Budget } from '#core/budget/budget-record.js';
import { editBudget } from '#core/budget/budget-ops.js';
import { approveBudget, deleteBudget, disapproveBudget } from '#core/budget/budget-status-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { fixedClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { patients } from '#core/patient/patient-record.js';
import { startBudgetExpiry } from '../../sync-server/budget/budget-expiry-job.js';
import { seededRandom } from './in-process-fetch.js';
import { openInstallation, type TestInstallation } from './installation.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let desk: TestInstallation;
let deskToken: string;
let refs: { clinic: string; patient: string; event: string };
/** Quotes valid until 2026-11-30, made on the server while the desk was online. */
const ids = {} as Record<'approved' | 'disapproved' | 'edited' | 'deleted' | 'untouched' | 'late', string>;
/** The late one as the desk last saw it, for a hand-made push. */
let lateAsSeen: Record<string, unknown>;

const actor = (): Actor => ({ kind: 'user', id: 'recepcao', tenantId, permissions: new Set(['*']) });
/** Runs a budget operation on the desk's own store, at `at` on the desk's clock, as the renderer does. */
function onDesk<I, O>(op: Operation, input: I, at: string): Promise<O> {
  const ctx: OperationContext = {
    store: desk.database.forTenant(tenantId),
    actor: actor(),
    clock: fixedClock(at),
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
  return invoke(op, ctx, input) as Promise<O>;
}
const onServer = (id: string) => server.database.forTenant(tenantId).collection(budgets).get(id);
const onTheDesk = (id: string) => desk.database.forTenant(tenantId).collection(budgets).get(id);

beforeAll(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Sol');
  tenantId = admin.tenantId;
  deskToken = (await enrolDevice(server, admin.token)).token;
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: admin.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };
  refs = {
    clinic: ((await post('/clinic/', { name: 'Centro' })).clinic as { id: string }).id,
    patient: ((await post('/patient/', { name: 'Helena Prado' })).patient as { id: string }).id,
    event: ((await post('/event/', { name: 'Restauração em resina', type: 'procedure' })).event as { id: string }).id,
  };
  for (const key of ['approved', 'disapproved', 'edited', 'deleted', 'untouched', 'late'] as const) {
    const { budget } = (await post('/budget/', {
      patient: refs.patient,
      clinic: refs.clinic,
      status: 1,
      validUntil: '2026-11-30',
      items: [{ event: refs.event, quantity: 1, valueUnity: 480 }],
    })) as { budget: { id: string } };
    ids[key] = budget.id;
  }
  desk = await openInstallation(server.app, deskToken, [budgets, clinics, patients, events], seededRandom(7));
  await vi.waitFor(async () => expect((await onTheDesk(ids.late))?.status).toBe(1), { timeout: 10_000 });
  const pulled = await server.call('GET', `/sync/budgets/pull?checkpoint=${encodeURIComponent('{"seq":0}')}`, {
    token: deskToken,
  });
  lateAsSeen = (pulled.body.documents as { id: string }[]).find((d) => d.id === ids.late)!;
});
afterAll(async () => {
  await desk?.close();
  await server?.close();
});

describe('a desk offline while the server expires its quotes', () => {
  it('keeps what the reception did where the operations allow it, and expires the rest', async () => {
    desk.link.online = false;
    // 30 November, 15:00 in São Paulo: the last valid day.
    await onDesk(approveBudget, { id: ids.approved }, '2026-11-30T18:00:00.000Z');
    await onDesk(disapproveBudget, { id: ids.disapproved, reason: 'Paciente vai pensar' }, '2026-11-30T18:05:00.000Z');
    await onDesk(deleteBudget, { id: ids.deleted }, '2026-11-30T18:10:00.000Z');
    // 2 December: still offline, the desk redoes a quote with a new validity (the desk still shows 1).
    await onDesk(
      editBudget,
      {
        id: ids.edited,
        patient: refs.patient,
        clinic: refs.clinic,
        items: [{ event: refs.event, quantity: 1, valueUnity: 520 }],
        validUntil: '2026-12-31',
      },
      '2026-12-02T13:00:00.000Z',
    );

    // Meanwhile, on 1 December, the server's job runs.
    server.clock.advance(Date.parse('2026-12-01T09:00:00.000Z') - server.clock.now().getTime());
    const job = startBudgetExpiry({
      database: server.database,
      tenants: () => Promise.resolve([tenantId]),
      clock: server.clock,
      audit: server.access.audit,
      logger: pino({ level: 'silent' }),
      intervalMs: 3_600_000,
    });
    expect(await job.runOnce()).toEqual({ expired: 0, skipped: 0 });
    await job.stop();
    for (const id of Object.values(ids)) expect((await onServer(id))?.status).toBe(5);

    desk.link.online = true;
    desk.sync.resync();
    await vi.waitFor(async () => expect((await onServer(ids.edited))?.status).toBe(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await onTheDesk(ids.untouched))?.status).toBe(5), { timeout: 10_000 });
    await desk.sync.awaitInSync();

    const approved = await onServer(ids.approved);
    expect(approved?.status).toBe(2);
    expect(Date.parse(approved!.approvedAt!)).toBe(Date.parse('2026-11-30T18:00:00.000Z'));
    expect(approved?.expiredAt).toBeUndefined();
    const disapproved = await onServer(ids.disapproved);
    expect(disapproved).toMatchObject({ status: 3, disapprovalReason: 'Paciente vai pensar' });
    expect(disapproved?.expiredAt).toBeUndefined();
    expect(await onServer(ids.edited)).toMatchObject({
      status: 1,
      validUntil: '2026-12-31',
      value: 520,
      expiredAt: '2026-12-01T06:00:00.000-03:00',
    });
    expect(await onServer(ids.deleted)).toMatchObject({ status: 5, active: false });
    expect((await onServer(ids.untouched))?.status).toBe(5);

    // The desk holds exactly what the server holds.
    for (const id of Object.values(ids)) {
      const mine = await onTheDesk(id);
      const theirs = await onServer(id);
      expect(pick(mine), id).toEqual(pick(theirs));
    }
    const conflicts = await server.call('GET', '/sync/conflicts', { token: deskToken });
    const rejections = await server.call('GET', '/sync/rejections', { token: deskToken });
    expect([conflicts.body.items, rejections.body.items]).toEqual([[], []]);
  });

  it('lets the expiry stand over an approval dated after the validity, and lists it', async () => {
    const lateApproval = {
      ...lateAsSeen,
      status: 2,
      approvedAt: '2026-12-01T10:00:00.000-03:00',
      updatedAt: '2026-12-01T10:00:00.000-03:00',
    };
    const answer = await server.call('POST', '/sync/budgets/push', {
      token: deskToken,
      body: [{ assumedMasterState: lateAsSeen, newDocumentState: lateApproval }],
    });
    expect((answer.body as unknown as { status: number }[])[0]?.status).toBe(5);
    expect((await onServer(ids.late))?.status).toBe(5);
    const conflicts = (await server.call('GET', '/sync/conflicts', { token: deskToken })).body.items as {
      document: { id: string; status: number };
    }[];
    expect(conflicts.map((c) => [c.document.id, c.document.status])).toEqual([[ids.late, 2]]);
  });
});

/** What a person sees of a budget; `_rev` and storage fields differ between the stores. */
function pick(budget: Budget | undefined) {
  if (!budget) return undefined;
  const { status, active, validUntil, value, expiredAt, approvedAt, disapprovedAt, updatedAt } = budget;
  return { status, active, validUntil, value, expiredAt, approvedAt, disapprovedAt, updatedAt };
}
