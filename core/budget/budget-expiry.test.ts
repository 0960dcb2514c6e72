import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { fixedClock } from '#core/clock.js';
import { invoke } from '#core/operation.js';
import { budgets } from './budget-record.js';
import { expireLapsedBudgets } from './budget-expiry.js';
import { createBudget, editBudget, getBudget } from './budget-ops.js';
import { approveBudget, deleteBudget, disapproveBudget } from './budget-status-ops.js';
import { seedBudgetReferences, type BudgetRefs } from './testing.js';
import { treatments } from './treatment-ops.js';

let h: MasterDataHarness;
let refs: BudgetRefs;
/** A clinic in Manaus (UTC−4), to show each budget is judged in its own clinic's calendar. */
let manaus: string;
beforeAll(async () => {
  h = await openMasterData([users, budgets, treatments]);
  refs = await seedBudgetReferences(
    (op, input) => h.run(op, input),
    async (user) => void (await h.database.forTenant('t1').collection(users).insert(user)),
    't1',
  );
  manaus = (await h.run(createClinic, { name: 'Clínica Manaus', phone: '(92) 3333-4444', timeZone: 'America/Manaus' }))
    .clinic.id;
});
afterAll(() => h.close());

const store = () => h.database.forTenant('t1');
const line = () => [{ event: refs.events[0], quantity: 1, valueUnity: 300 }];
/** A budget of the São Paulo clinic (America/Sao_Paulo) valid until `validUntil`. */
async function quote(validUntil: string, status: 0 | 1 | 2 = 1, clinic = refs.clinic): Promise<string> {
  const { budget } = await h.run(createBudget, { patient: refs.patient, clinic, items: line(), validUntil, status });
  return budget.id;
}
const statusOf = async (id: string) => (await h.run(getBudget, { id })).status;

describe('expiring lapsed quotes', () => {
  it('keeps a quote valid until today open at 23:30 in São Paulo, though it is tomorrow in UTC, and expires it at midnight', async () => {
    const id = await quote('2026-11-30');
    // 23:30 of the 30th in São Paulo (UTC−3) is 02:30 of 1 December in UTC.
    const lateEvening = fixedClock('2026-12-01T02:30:00.000Z');
    expect(await expireLapsedBudgets(store(), lateEvening)).toMatchObject({ expired: 0 });
    expect(await statusOf(id)).toBe(1);

    const midnight = fixedClock('2026-12-01T03:00:30.000Z');
    const result = await expireLapsedBudgets(store(), midnight);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const expired = await h.run(getBudget, { id });
    expect(expired).toMatchObject({
      status: 5,
      expiredAt: '2026-12-01T00:00:30.000-03:00',
      updatedAt: '2026-12-01T00:00:30.000-03:00',
    });
  });

  it("judges each budget in its own clinic's time zone", async () => {
    const saoPaulo = await quote('2026-12-02');
    const inManaus = await quote('2026-12-02', 0, manaus);
    // 00:30 of the 3rd in São Paulo, 23:30 of the 2nd in Manaus.
    await expireLapsedBudgets(store(), fixedClock('2026-12-03T03:30:00.000Z'));
    expect(await statusOf(saoPaulo)).toBe(5);
    expect(await statusOf(inManaus)).toBe(0);
    await expireLapsedBudgets(store(), fixedClock('2026-12-03T04:30:00.000Z'));
    const expired = await h.run(getBudget, { id: inManaus });
    expect(expired).toMatchObject({ status: 5, expiredAt: '2026-12-03T00:30:00.000-04:00' });
  });

  it('never touches approved, disapproved, executed or deleted budgets, and a second run changes nothing', async () => {
    const approved = await quote('2026-12-04', 2);
    const disapproved = await quote('2026-12-04', 1);
    await h.run(disapproveBudget, { id: disapproved, reason: 'Paciente desistiu' });
    const deleted = await quote('2026-12-04', 1);
    await h.run(deleteBudget, { id: deleted });
    const open = await quote('2026-12-04', 0);
    const clock = fixedClock('2026-12-10T12:00:00.000Z');
    await expireLapsedBudgets(store(), clock);
    expect(await statusOf(approved)).toBe(2);
    expect(await statusOf(disapproved)).toBe(3);
    expect(await statusOf(deleted)).toBe(1);
    const expired = await h.run(getBudget, { id: open });
    expect(expired.status).toBe(5);
    expect(await expireLapsedBudgets(store(), clock)).toEqual({ expired: 0, skipped: 0 });
    expect(await h.run(getBudget, { id: open })).toEqual(expired);
  });

  it('pages through more budgets than one page holds, ties on createdAt included', async () => {
    const ids: string[] = [];
    // The harness's clock is fixed: every one of these shares its createdAt.
    for (let i = 0; i < 7; i++) ids.push(await quote('2026-12-05', (i % 2) as 0 | 1));
    const result = await expireLapsedBudgets(store(), fixedClock('2026-12-20T12:00:00.000Z'), { pageSize: 2 });
    expect(result.expired).toBeGreaterThanOrEqual(7);
    for (const id of ids) expect(await statusOf(id)).toBe(5);
    const open = await store()
      .collection(budgets)
      .find({ selector: { status: { $in: [0, 1] }, active: true } });
    expect(open.filter((b) => b.validUntil < '2026-12-20')).toEqual([]);
  });

  it('an expired quote cannot be approved; an edit with a new validity reopens it and keeps when it lapsed', async () => {
    const id = await quote('2026-11-25');
    await expireLapsedBudgets(store(), fixedClock('2026-11-26T12:00:00.000Z'));
    const expired = await h.run(getBudget, { id });
    expect(expired.status).toBe(5);
    expect((await h.failure(approveBudget, { id })).code).toBe('invalid_transition');
    const edited = await h.run(editBudget, {
      id,
      patient: refs.patient,
      clinic: refs.clinic,
      items: line(),
      validUntil: '2026-12-31',
    });
    expect(edited).toMatchObject({ status: 0, validUntil: '2026-12-31', expiredAt: expired.expiredAt });
    await expireLapsedBudgets(store(), fixedClock('2026-12-31T12:00:00.000Z'));
    expect(await statusOf(id)).toBe(0);
  });

  it("approves on the last valid day until the clinic's midnight, whatever the machine's time zone", async () => {
    const id = await quote('2026-11-30');
    const at = (iso: string) => ({ ...h.ctx, clock: fixedClock(iso) });
    const lapsed = await invoke(approveBudget, at('2026-12-01T03:00:30.000Z'), { id }).catch((e: unknown) => e);
    expect(lapsed).toMatchObject({ code: 'invalid_transition' });
    // 23:30 of the 30th in São Paulo.
    const approved = await invoke(approveBudget, at('2026-12-01T02:30:00.000Z'), { id });
    expect(approved.status).toBe(2);
  });
});
