/** The Insurance group's master data: insurances (operators, ANS registry) and their plans. */
export { insuranceModule } from './module.js';
export { insurances, type Insurance, type InsurancePlan } from './insurance-record.js';
export { requireInsuranceScope } from './scope.js';
