/**
 * The Patient and Patients groups (spec §4.4): patients (temporary ones, allergies and vaccines are
 * fields of the patient record), unification: the domain module (core/module.ts).
 */
import { healthData } from '#core/access/policy.js';
import { r, rw } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { clinicalListOperations } from './clinical-lists-ops.js';
import { listPatients, patientExistsByCpf } from './patient-list-ops.js';
import { patientOperations } from './patient-ops.js';
import { patients } from './patient-record.js';
import { patientPush } from './push-contracts.js';
import { patientReview } from './review.js';
import { temporaryPatientOperations } from './temporary-ops.js';
import { unifyPatients } from './unify-ops.js';

export const patientModule = domainModule({
  name: 'patient',
  // The totem checks patients in through `attendance:write` (a grant below): no `patient` permission.
  access: {
    resources: ['patient'],
    roles: { reception: rw('patient'), professional: rw('patient'), finance: r('patient') },
  },
  collections: [
    {
      def: patients,
      storageGroup: 'people',
      review: patientReview.patients,
      push: patientPush,
      policy: healthData('patient'),
      // The totem check-in (core/ticket/totem-ops.ts) reads the one patient whose CPF was typed.
      grants: [{ permission: 'attendance:write', access: 'read' }],
      // Installations hold the active patients; an inactivated one goes down as a tombstone.
      window: { where: { active: true } },
    },
  ],
  operations: [
    ...patientOperations,
    listPatients,
    patientExistsByCpf,
    ...temporaryPatientOperations,
    unifyPatients,
    ...clinicalListOperations,
  ],
});
