/** The Insurance group's master data: insurances and their plans: the domain module (core/module.ts). */
import { r } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { insuranceOperations } from './insurance-ops.js';
import { insurances } from './insurance-record.js';
import { planOperations } from './plans-ops.js';
import { insurancePush } from './push-contracts.js';
import { insuranceReview } from './review.js';

export const insuranceModule = domainModule({
  name: 'insurance',
  access: { resources: ['insurance'], roles: { staff: r('insurance') } },
  collections: [
    { def: insurances, storageGroup: 'reference', review: insuranceReview.insurances, push: insurancePush },
  ],
  operations: [...insuranceOperations, ...planOperations],
});
