/** The Insurance group's master data: insurances and their plans: the domain module (core/module.ts). */
import { domainModule } from '#core/module.js';
import { insuranceOperations } from './insurance-ops.js';
import { insurances } from './insurance-record.js';
import { planOperations } from './plans.js';
import { insurancePush } from './push-contracts.js';

export const insuranceModule = domainModule({
  name: 'insurance',
  collections: [{ def: insurances, push: insurancePush }],
  operations: [...insuranceOperations, ...planOperations],
});
