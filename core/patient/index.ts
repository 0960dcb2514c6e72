/** The Patient and Patients groups: patients, temporary patients, allergies, vaccines, unification. */
import { clinicalListOperations } from './clinical-lists.js';
import './push-contracts.js';
import { listPatients, patientExistsByCpf } from './patient-list.js';
import { patientOperations } from './patient-ops.js';
import { patients } from './patient-record.js';
import { temporaryPatientOperations } from './temporary.js';
import { unifyPatients } from './unify.js';

export { patients, type Patient, type PatientInsurance, type PatientMerge } from './patient-record.js';
export { patientReferences, registerPatientReference, type PatientReference } from './references.js';
export { onPatientsUnified, type UnifyListener } from './unify.js';

/** This group's collections, for `allCollections`. */
export const patientCollections = [patients];
/** This group's operations, for `allOperations`. */
export const patientGroupOperations = [
  ...patientOperations,
  listPatients,
  patientExistsByCpf,
  ...temporaryPatientOperations,
  unifyPatients,
  ...clinicalListOperations,
];
