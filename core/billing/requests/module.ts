/**
 * Authorization requests to insurers (spec §4.3 Schedule's insurance rows, §4.4 Integration; issue
 * 25): procedure and hospitalization requests per attendance and the attendance's insurance
 * interactions. Both hold patient data: the store checks `authorization:*` on every read and write
 * and audits them all. The reception and professionals request; finance reads and bills (TISS-031).
 */
import { healthData } from '#core/access/policy.js';
import { rw } from '#core/access/role-grants.js';
import { searchTussProcedureOperation } from '#core/billing/tuss/tuss-ops.js';
import { domainModule } from '#core/module.js';
import { isoDateSchema, isoInstantSchema, storedRecord } from '#core/sync/push-contract.js';
import { interactionOutput, insuranceInteractions } from './interaction-record.js';
import { attendanceExams, materialExamCombinations } from './integration-ops.js';
import { createCodeInteraction, listInteractions, publishResponse } from './interaction-ops.js';
import { procedureRequestOutput, procedureRequests } from './request-record.js';
import { authorizeManually, getProcedureRequest, saveHospitalizationRequest } from './request-ops.js';
import { requestReview } from './review.js';
import { sendInsuranceToken } from './token-ops.js';

const sync = { readPermission: 'authorization:read', writePermission: 'authorization:write' } as const;
const PROFESSIONAL = { name: 'Dra. Ana', council: '06', councilNumber: '123456', state: '35', cbo: '225125' };

export const insuranceRequestsModule = domainModule({
  name: 'insurance-requests',
  access: {
    resources: ['authorization'],
    roles: { reception: rw('authorization'), professional: rw('authorization'), finance: rw('authorization') },
  },
  collections: [
    {
      def: procedureRequests,
      storageGroup: 'schedule',
      review: requestReview.procedure_requests,
      push: {
        record: storedRecord(procedureRequestOutput, { date: isoDateSchema }),
        deletes: { refuse: 'uma solicitação ao convênio não é apagada: cancele-a (o histórico fica)' },
        sample: (refs) => ({
          appointment: refs.idOf('appointments'),
          patient: refs.patient,
          clinic: refs.clinic,
          professional: refs.professional,
          insurance: refs.idOf('insurances'),
          kind: 'spsadt',
          guideNumber: '900001',
          cardNumber: '0012345678901',
          newborn: false,
          character: '1',
          date: '2026-11-27',
          professionalData: PROFESSIONAL,
          procedures: [{ table: '22', code: '40304361', description: 'Hemograma', quantity: 1 }],
          status: 'draft',
          refusals: [],
        }),
      },
      policy: healthData('authorization'),
      patientFields: ['patient'],
      sync,
    },
    {
      def: insuranceInteractions,
      storageGroup: 'schedule',
      review: requestReview.insurance_interactions,
      push: {
        record: storedRecord(interactionOutput, { at: isoInstantSchema }),
        deletes: { refuse: 'uma interação com o convênio não é apagada (o histórico fica)' },
        sample: (refs) => ({
          appointment: refs.idOf('appointments'),
          patient: refs.patient,
          insurance: refs.idOf('insurances'),
          kind: 'code',
          channel: 'integration',
          at: '2026-11-27T09:00:00-03:00',
          by: refs.professional,
          summary: 'Código 40304361: pede autorização',
          ok: true,
        }),
      },
      policy: healthData('authorization'),
      patientFields: ['patient'],
      sync,
    },
  ],
  operations: [
    saveHospitalizationRequest,
    authorizeManually,
    getProcedureRequest,
    listInteractions,
    publishResponse,
    sendInsuranceToken,
    createCodeInteraction,
    attendanceExams,
    materialExamCombinations,
    searchTussProcedureOperation,
  ],
});
