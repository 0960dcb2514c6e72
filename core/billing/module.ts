/**
 * Insurer billing in TISS (spec §4.4 Billing, and the TISS operations of Insurance and Unregulated;
 * issue 25): billed attendances, batches and the TISS 4.01.00 message. Both collections hold patient
 * data (card numbers, what was done to whom): the store checks `billing:*` on every read and write
 * and audits them all.
 */
import { z } from 'zod';
import { domainModule } from '#core/module.js';
import { isoDateSchema, storedRecord } from '#core/sync/push-contract.js';
import { attendanceOperations } from './attendance-ops.js';
import { billingAttendanceOutput, billingAttendances } from './attendance-record.js';
import { batchOperations } from './batch-ops.js';
import { billingBatches, billingBatchOutput } from './batch-record.js';
import { tissOperations } from './tiss-ops.js';
import { glosaOperations } from './glosa-ops.js';
import { enterAnalysis } from './analysis-ops.js';
import { createBatchReceivable } from './receivable-ops.js';

const patientData = { resource: 'billing', check: true, audit: 'all' } as const;
// Desks hold billing:read (reception) and pull both collections for the Faturamento screen; nobody's
// installation holds billing:write, so every write goes through the server's operations (TISS-016).
const billingSync = { readPermission: 'billing:read', writePermission: 'billing:write' } as const;

export const billingModule = domainModule({
  name: 'billing',
  collections: [
    {
      def: billingAttendances,
      push: {
        record: storedRecord(billingAttendanceOutput, { date: isoDateSchema }),
        deletes: { refuse: 'um atendimento faturado não é apagado: retire-o do lote (o histórico fica)' },
      },
      policy: patientData,
      patientFields: ['patient'],
      sync: billingSync,
    },
    {
      def: billingBatches,
      push: {
        record: storedRecord(billingBatchOutput, { batchNumber: z.number().int().positive() }),
        deletes: { allow: 'excluir um lote aberto libera seus atendimentos (billing.batch.delete)' },
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
