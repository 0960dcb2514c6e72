/** The Patient and Patients groups: patients, temporary patients, allergies, vaccines, unification. */
export { patientModule } from './module.js';
export { patients, type Patient, type PatientInsurance, type PatientMerge } from './patient-record.js';
export { patientReferences, type PatientReference } from './references.js';
export { onPatientsUnified, type UnifyListener } from './unify-ops.js';
