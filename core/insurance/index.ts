/** The Insurance group's master data: insurances (operators, ANS registry) and their plans. */
import { insuranceOperations } from './insurance-ops.js';
import './push-contracts.js';
import { insurances } from './insurance-record.js';
import { planOperations } from './plans.js';

export { insurances, type Insurance, type InsurancePlan } from './insurance-record.js';
export { requireInsuranceScope } from './scope.js';

/** This group's collections, for `allCollections`. */
export const insuranceCollections = [insurances];
/** This group's operations, for `allOperations`. */
export const insuranceGroupOperations = [...insuranceOperations, ...planOperations];
