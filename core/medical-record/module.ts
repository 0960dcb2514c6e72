/**
 * The attendance medical record (prontuário, spec §4.4 Medical Record): the domain module. Health
 * data (LGPD art. 11): the guarded store checks `medicalRecord:read`/`:write` and audits every read
 * and write; installations whose role lacks `medicalRecord:read` never receive a record
 * (docs/decisions/medical-record.md MED-002).
 */
import { domainModule } from '#core/module.js';
import { isoInstantSchema, storedRecord } from '#core/sync/push-contract.js';
import { searchCid10Operation } from './cid10/cid10-ops.js';
import { medicalRecordPushProblems, resolveMedicalRecordConflict } from './merge.js';
import { medicalRecordOperations } from './record-ops.js';
import { medicalRecordOutput, medicalRecords } from './record.js';

export const medicalRecordModule = domainModule({
  name: 'medical-record',
  collections: [
    {
      def: medicalRecords,
      push: {
        record: storedRecord(medicalRecordOutput, { startedUtc: isoInstantSchema }),
        deletes: {
          refuse: 'um prontuário não é apagado (CFM Res. 1.821/2007: guarda por 20 anos); registre um adendo',
        },
      },
      sync: {
        readPermission: 'medicalRecord:read',
        writePermission: 'medicalRecord:write',
        // Only the attending professional's own station holds a record offline (MED-007).
        boundTo: 'professional',
        check: medicalRecordPushProblems,
        resolveConflict: resolveMedicalRecordConflict,
      },
      policy: { resource: 'medicalRecord', check: true, audit: 'all' },
      patientFields: ['patient'],
    },
  ],
  operations: [...medicalRecordOperations, searchCid10Operation],
});
