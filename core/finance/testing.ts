/**
 * Test-only: a real RxDB memory store with the master data, budgets, the schedule's receivables and
 * every finance collection, and the records a budget points at.
 */
import type { RxStorage } from 'rxdb';
import { users } from '#core/access/user.js';
import { budgets } from '#core/budget/budget-record.js';
import { seedBudgetReferences, type BudgetRefs } from '#core/budget/testing.js';
import { treatments } from '#core/budget/treatment-ops.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { receivables } from '#core/schedule/receivable-record.js';
import { financeModule } from './module.js';

/** The open harness and the seeded references of tenant `t1`. */
export interface FinanceHarness extends MasterDataHarness {
  refs: BudgetRefs;
}

/** Opens the store (RxDB memory unless `storage` is given) and seeds the references. */
export async function openFinance(storage?: RxStorage<unknown, unknown>): Promise<FinanceHarness> {
  const h = await openMasterData(
    [users, budgets, treatments, receivables, ...financeModule.collections.map((c) => c.def)],
    undefined,
    storage,
  );
  const refs = await seedBudgetReferences(
    (op, input) => h.run(op, input),
    async (user) => void (await h.database.forTenant('t1').collection(users).insert(user)),
    't1',
  );
  return Object.assign(h, { refs });
}
