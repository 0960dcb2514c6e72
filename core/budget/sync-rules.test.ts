import { describe, expect, it } from 'vitest';
import { budgetPushProblems, resolveBudgetConflict } from './sync-rules.js';

/** A budget as the desk last saw it: awaiting approval, valid until 30 November. */
const seen = {
  id: 'b1',
  tenantId: 't1',
  createdAt: '2026-11-23T09:00:00.000-03:00',
  updatedAt: '2026-11-23T09:00:00.000-03:00',
  budgetNumber: 7,
  status: 1,
  active: true,
  value: 480,
  validUntil: '2026-11-30',
};
/** The server's version after the expiry job ran on 1 December. */
const expired = {
  ...seen,
  status: 5,
  expiredAt: '2026-12-01T00:30:00.000-03:00',
  updatedAt: '2026-12-01T00:30:00.000-03:00',
};
const approvedOn = (day: string) => ({
  ...seen,
  status: 2,
  approvedAt: `${day}T15:00:00.000-03:00`,
  updatedAt: `${day}T15:00:00.000-03:00`,
});

describe('budgets pushed over the server expiry', () => {
  it('merges an approval of the last valid day, dropping the expiry, and the push check takes it', () => {
    const merged = resolveBudgetConflict(expired, seen, approvedOn('2026-11-30'))!;
    expect(merged).toMatchObject({ status: 2, approvedAt: '2026-11-30T15:00:00.000-03:00' });
    expect(merged.expiredAt).toBeUndefined();
    expect(merged.updatedAt).toBe(expired.updatedAt);
    expect(budgetPushProblems(merged, expired)).toEqual([]);
  });

  it('refuses an approval dated after the validity, so the expiry stands', () => {
    const merged = resolveBudgetConflict(expired, seen, approvedOn('2026-12-01'))!;
    expect(budgetPushProblems(merged, expired).map((p) => p.path)).toEqual(['status']);
  });

  it('keeps the expiry under a logical delete, and the trail under an edit that reopens the quote', () => {
    expect(resolveBudgetConflict(expired, seen, { ...seen, active: false })).toMatchObject({
      status: 5,
      active: false,
      expiredAt: expired.expiredAt,
    });
    const edited = { ...seen, value: 520, validUntil: '2026-12-31', updatedAt: '2026-12-02T10:00:00.000-03:00' };
    const merged = resolveBudgetConflict(expired, seen, edited)!;
    expect(merged).toMatchObject({ status: 1, value: 520, validUntil: '2026-12-31', expiredAt: expired.expiredAt });
    expect(merged.updatedAt).toBe(edited.updatedAt);
    expect(budgetPushProblems(merged, expired)).toEqual([]);
  });

  it('merges nothing when the server changed more than the expiry', () => {
    const editedElsewhere = { ...expired, value: 500 };
    expect(resolveBudgetConflict(editedElsewhere, seen, approvedOn('2026-11-30'))).toBeUndefined();
    expect(resolveBudgetConflict({ ...seen, value: 500 }, seen, approvedOn('2026-11-30'))).toBeUndefined();
  });

  it('still refuses leaving 5 in any other way, and takes a desk treatment (2 → 4) as no edit', () => {
    expect(budgetPushProblems({ ...expired, status: 2 }, expired).map((p) => p.path)).toEqual(['status']);
    const approved = { ...approvedOn('2026-11-30') };
    const executed = { ...approved, status: 4, treatment: 'tr1', executedAt: '2026-11-30T16:00:00.000-03:00' };
    expect(budgetPushProblems(executed, approved)).toEqual([]);
  });
});

describe('budgets moved several times offline', () => {
  it('takes an approval then an execution by their stamps, and refuses the same jump without them', () => {
    const executed = {
      ...approvedOn('2026-11-24'),
      status: 4,
      executedAt: '2026-11-24T15:10:00.000-03:00',
      treatment: 'tr1',
    };
    expect(budgetPushProblems(executed, seen)).toEqual([]);
    expect(budgetPushProblems({ ...seen, status: 4 }, seen).map((p) => p.path)).toEqual(['status']);
    // Executed before it was approved: not a path the operations take.
    const backwards = { ...executed, executedAt: '2026-11-24T14:00:00.000-03:00' };
    expect(budgetPushProblems(backwards, seen).map((p) => p.path)).toEqual(['status']);
  });

  it('takes an approved budget disapproved then edited, and refuses the edit without the disapproval', () => {
    const approved = approvedOn('2026-11-24');
    const reopened = {
      ...approved,
      status: 0,
      value: 520,
      disapprovedAt: '2026-11-24T16:00:00.000-03:00',
      disapprovalReason: 'valor',
    };
    expect(budgetPushProblems(reopened, approved)).toEqual([]);
    expect(budgetPushProblems({ ...approved, value: 520 }, approved).map((p) => p.path)).toEqual(['status']);
  });
});
