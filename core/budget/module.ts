/** The Report Budget group (spec §4.1, §4.4): budgets and treatments: the domain module (core/module.ts). */
import { healthData } from '#core/access/policy.js';
import { rw } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { budgetPdf } from './budget-document-ops.js';
import { listBudgets } from './budget-list-ops.js';
import { budgetCrudOperations } from './budget-ops.js';
import { budgets } from './budget-record.js';
import { sendBudget } from './budget-send-ops.js';
import { budgetStatusOperations } from './budget-status-ops.js';
import { budgetPush, treatmentPush } from './push-contracts.js';
import { budgetReview } from './review.js';
import { budgetSyncRules } from './sync-rules.js';
import { treatmentOperations, treatments } from './treatment-ops.js';

export const budgetModule = domainModule({
  name: 'budget',
  access: { resources: ['budget'], roles: { staff: rw('budget') } },
  collections: [
    {
      def: budgets,
      storageGroup: 'finance',
      review: budgetReview.budgets,
      push: budgetPush,
      sync: budgetSyncRules,
      // Budgets are health data (what is wrong with whose teeth): checked and audited by the store.
      policy: healthData('budget'),
      patientFields: ['patient'],
      // A desk holds the budgets of the last two years.
      window: { since: 'createdAt', days: 730 },
    },
    {
      def: treatments,
      storageGroup: 'finance',
      push: treatmentPush,
      // What is being done to whose teeth: health data, guarded like the budget it came from.
      policy: healthData('budget'),
      patientFields: ['patient'],
    },
  ],
  operations: [
    ...budgetCrudOperations,
    listBudgets,
    ...budgetStatusOperations,
    ...treatmentOperations,
    budgetPdf,
    sendBudget,
  ],
});
