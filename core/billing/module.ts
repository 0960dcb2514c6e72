/**
 * Insurer billing in TISS (spec §4.4 Billing, and the TISS operations of Insurance and Unregulated;
 * issue 25): billed attendances, batches and the TISS 4.01.00 message. Both collections hold patient
 * data (card numbers, what was done to whom): the store checks `billing:*` on every read and write
 * and audits them all.
 */
import { z } from 'zod';
import { r, rw } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { isoDateSchema, storedRecord } from '#core/sync/push-contract.js';
import { attendanceOperations } from './attendance-ops.js';
import { billingAttendanceOutput, billingAttendances } from './attendance-record.js';
import { batchOperations } from './batch-ops.js';
import { billingBatches, billingBatchOutput } from './batch-record.js';
import { tissOperations } from './tiss-ops.js';
import { glosaOperations } from './glosa-ops.js';
import { billingReview } from './review.js';
import { enterAnalysis } from './analysis-ops.js';
import { createBatchReceivable } from './receivable-ops.js';

const patientData = { resource: 'billing', check: true, audit: 'all' } as const;
// Desks hold billing:read (reception) and pull both collections for the Faturamento screen; nobody's
// installation holds billing:write, so every write goes through the server's operations (TISS-016).
const billingSync = { readPermission: 'billing:read', writePermission: 'billing:write' } as const;

export const billingModule = domainModule({
  name: 'billing',
  // Finance bills; the desk sees whether an attendance is billed and in which batch (issue 25).
  access: { resources: ['billing'], roles: { reception: r('billing'), finance: rw('billing') } },
  collections: [
    {
      def: billingAttendances,
      storageGroup: 'finance',
      review: billingReview.billing_attendances,
      push: {
        record: storedRecord(billingAttendanceOutput, { date: isoDateSchema }),
        deletes: { refuse: 'um atendimento faturado não é apagado: retire-o do lote (o histórico fica)' },
        sample: (refs) => ({
          patient: refs.patient,
          clinic: refs.clinic,
          professional: refs.professional,
          insurance: refs.idOf('insurances'),
          cardNumber: '0012345678901',
          newborn: false,
          guideType: 'consulta',
          guideNumber: '900001',
          date: '2026-11-20',
          professionalData: { name: 'Dra. Ana', council: '06', councilNumber: '123456', state: '35', cbo: '225125' },
          items: [],
          returnVisit: false,
        }),
      },
      policy: patientData,
      patientFields: ['patient'],
      sync: billingSync,
    },
    {
      def: billingBatches,
      storageGroup: 'finance',
      review: billingReview.billing_batches,
      push: {
        record: storedRecord(billingBatchOutput, { batchNumber: z.number().int().positive() }),
        deletes: { allow: 'excluir um lote aberto libera seus atendimentos (billing.batch.delete)' },
        sample: (refs) => ({
          clinic: refs.clinic,
          insurance: refs.idOf('insurances'),
          guideType: 'consulta',
          batchNumber: 900_001,
          tissVersion: '4.01.00',
          status: 'open',
          attendances: [],
          sendings: [],
        }),
      },
      policy: patientData,
      sync: billingSync,
    },
  ],
  operations: [
    ...batchOperations,
    ...attendanceOperations,
    ...tissOperations,
    ...glosaOperations,
    enterAnalysis,
    createBatchReceivable,
  ],
});
