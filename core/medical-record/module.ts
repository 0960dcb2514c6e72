/**
 * The attendance medical record (prontuário, spec §4.4 Medical Record): the domain module. Health
 * data (LGPD art. 11): the guarded store checks `medicalRecord:read`/`:write` and audits every read
 * and write; installations whose role lacks `medicalRecord:read` never receive a record
 * (docs/decisions/medical-record.md MED-002).
 */
import { rw } from '#core/access/role-grants.js';
import { z } from 'zod';
import { domainModule } from '#core/module.js';
import { isoInstantSchema, storedRecord } from '#core/sync/push-contract.js';
import { searchCid10Operation } from './cid10/cid10-ops.js';
import { medicalRecordPushProblems, resolveMedicalRecordConflict } from './merge.js';
import { medicalRecordOperations } from './record-ops.js';
import { medicalRecordOutput, medicalRecords } from './record.js';
import { medicalRecordReview } from './review.js';
import { protocolLibraryOperations } from './protocols/protocol-ops.js';
import { medicalProtocolOutput, medicalProtocols } from './protocols/protocol-record.js';
import { recordProtocolOperations } from './protocols/record-protocol-ops.js';
import { dentalOperations } from './dental/dental-ops.js';
import { dentalEntryPushProblems } from './dental/dental-sync.js';
import { dentalChartEntries, dentalChartEntryOutput } from './dental/dental-record.js';
import { answerCustomForm } from './forms/answer-ops.js';
import { medicalRecordConfigOperations } from './forms/config-ops.js';
import { medicalRecordConfigs, storedConfigShape } from './forms/config-record.js';
import { customFormOperations } from './forms/form-ops.js';
import { customFormOutput, medicalRecordForms } from './forms/form-record.js';
import { gestationOperations } from './gestation/gestation-ops.js';
import { attendancePatientOperations } from './attendance/attendance-patient-ops.js';
import { gestationFields, gestations } from './gestation/gestation-record.js';
import { gestationPushProblems } from './gestation/gestation-sync.js';

export const medicalRecordModule = domainModule({
  name: 'medical-record',
  // Professionals keep medical records; reception never reads them (403, no pull).
  // Custom form definitions (`medicalRecordForm`) are not clinical content; their answers are (MED-023).
  access: {
    resources: ['medicalRecord', 'medicalRecordForm'],
    roles: { professional: rw('medicalRecord', 'medicalRecordForm') },
  },
  collections: [
    {
      def: medicalRecords,
      storageGroup: 'schedule',
      review: medicalRecordReview.medical_records,
      push: {
        record: storedRecord(medicalRecordOutput, { startedUtc: isoInstantSchema }),
        deletes: {
          refuse: 'um prontuário não é apagado (CFM Res. 1.821/2007: guarda por 20 anos); registre um adendo',
        },
        sample: (refs) => ({
          patient: refs.patient,
          professional: refs.professional,
          kind: 'instant',
          status: 'open',
          startedAt: '2026-11-23T09:00:00-03:00',
          startedUtc: '2026-11-23T12:00:00.000Z',
          sections: {},
          comments: [],
          addenda: [],
          transfers: [],
          createdBy: refs.professional,
        }),
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
    {
      // The clinic's protocol library (MED-040): not patient data, but clinical knowledge only
      // professionals use, so it travels with their permissions.
      def: medicalProtocols,
      storageGroup: 'reference',
      review: medicalRecordReview.medical_protocols,
      push: {
        record: storedRecord(medicalProtocolOutput.omit({ shipped: true }), { nameKey: z.string().min(1) }),
        deletes: { refuse: 'um protocolo não é apagado: inative-o (prontuários guardam a cópia que usaram)' },
        sample: () => ({
          name: 'Lombalgia aguda',
          nameKey: 'lombalgia aguda',
          cid10: [],
          symptoms: [],
          illnesses: [],
          text: 'Afastar sinais de alerta.',
          exams: [],
          prescriptions: [],
          active: true,
        }),
      },
      sync: { readPermission: 'medicalRecord:read', writePermission: 'medicalRecord:write' },
    },
    {
      // The dental chart (MED-044): clinical content of the patient, guarded and audited as the record;
      // every professional's station holds the whole chart (a dentist reads a colleague's entries).
      def: dentalChartEntries,
      storageGroup: 'schedule',
      review: medicalRecordReview.dental_chart_entries,
      push: {
        record: storedRecord(dentalChartEntryOutput, { atUtc: isoInstantSchema }),
        deletes: { refuse: 'um registro do odontograma não é apagado: registre o estado atual do dente' },
        sample: (refs) => ({
          patient: refs.patient,
          tooth: '36',
          state: 'ausente',
          professional: refs.professional,
          at: '2026-11-23T09:00:00-03:00',
          atUtc: '2026-11-23T12:00:00.000Z',
        }),
      },
      sync: {
        readPermission: 'medicalRecord:read',
        writePermission: 'medicalRecord:write',
        check: dentalEntryPushProblems,
      },
      policy: { resource: 'medicalRecord', check: true, audit: 'all' },
      patientFields: ['patient'],
    },
    {
      def: medicalRecordForms,
      storageGroup: 'reference',
      review: medicalRecordReview.medical_record_forms,
      push: {
        record: storedRecord(customFormOutput, {}),
        deletes: {
          allow:
            'medicalRecord.customForm.delete apaga o formulário; as respostas nos prontuários guardam perguntas e escore (MED-021)',
        },
        sample: () => ({
          titleKey: 'dor',
          owner: 'clinic',
          questionnaire: {
            resourceType: 'Questionnaire',
            title: 'Dor',
            status: 'active',
            item: [{ linkId: 'dor', text: 'Sente dor?', type: 'boolean' }],
          },
          createdBy: 'admin',
        }),
      },
      sync: { readPermission: 'medicalRecordForm:read', writePermission: 'medicalRecordForm:write' },
    },
    {
      def: medicalRecordConfigs,
      storageGroup: 'account',
      review: medicalRecordReview.medical_record_configs,
      push: {
        record: storedRecord(storedConfigShape, {}),
        deletes: { refuse: 'a configuração do prontuário não é apagada: grave outra' },
        sample: (refs) => ({ professional: refs.professional, sections: ['anamnese'], forms: [] }),
      },
      // Each professional's own, on their own station only (MED-024).
      sync: { readPermission: 'medicalRecord:read', writePermission: 'medicalRecord:write', boundTo: 'professional' },
    },
    {
      // Gestations (MED-056): health data of the patient, bound to the following professional's station.
      def: gestations,
      storageGroup: 'schedule',
      review: medicalRecordReview.gestations,
      push: {
        record: storedRecord(z.object(gestationFields), {}),
        deletes: { refuse: 'uma gestação não é apagada: encerre-a com o desfecho' },
        sample: (refs) => ({
          patient: refs.patient,
          professional: refs.professional,
          lastMenstrualPeriod: '2026-05-01',
          dueDate: '2027-02-08',
          status: 'ongoing',
          createdBy: refs.professional,
        }),
      },
      sync: {
        readPermission: 'medicalRecord:read',
        writePermission: 'medicalRecord:write',
        boundTo: 'professional',
        check: gestationPushProblems,
      },
      policy: { resource: 'medicalRecord', check: true, audit: 'all' },
      patientFields: ['patient'],
    },
  ],
  operations: [
    ...medicalRecordOperations,
    ...medicalRecordConfigOperations,
    ...customFormOperations,
    answerCustomForm,
    ...dentalOperations,
    searchCid10Operation,
    ...protocolLibraryOperations,
    ...recordProtocolOperations,
    ...gestationOperations,
    ...attendancePatientOperations,
  ],
});
