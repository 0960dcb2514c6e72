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
import {
  authorizationBatches,
  authorizationBatchRecord,
  createAuthorizationBatch,
  getAuthorizationBatch,
} from './authorization-batch.js';
import { billingPlanRecord, billingPlans, createBillingPlan } from './billing-plan.js';
import {
  createUnregulatedSolicitation,
  insuranceSolicitationRecord,
  insuranceSolicitations,
} from './unregulated-solicitation.js';

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
    {
      def: authorizationBatches,
      storageGroup: 'finance',
      review: billingReview.billing_authorization_batches,
      push: {
        record: storedRecord(authorizationBatchRecord, {}),
        deletes: { refuse: 'um lote de autorizações fica como histórico dos pedidos' },
        sample: (refs) => ({
          clinic: refs.clinic,
          insurance: refs.idOf('insurances'),
          attendances: [],
          createdBy: refs.professional,
        }),
      },
      policy: patientData,
      sync: billingSync,
    },
    {
      def: billingPlans,
      storageGroup: 'finance',
      review: billingReview.billing_plans,
      push: {
        record: storedRecord(billingPlanRecord, {}),
        deletes: { allow: 'um plano de faturamento é configuração do convênio' },
        sample: (refs) => ({
          insurance: refs.idOf('insurances'),
          clinic: refs.clinic,
          closingDay: 25,
          sendingDeadlineDay: 10,
          paymentTermDays: 30,
          guideTypes: ['consulta'],
        }),
      },
      // No patient data: the insurer's calendar. Still billing's: finance writes it, reception reads it.
      policy: { resource: 'billing', check: true, audit: 'writes' },
      sync: billingSync,
    },
    {
      def: insuranceSolicitations,
      storageGroup: 'finance',
      review: billingReview.insurance_solicitations,
      push: {
        record: storedRecord(insuranceSolicitationRecord, {}),
        deletes: { refuse: 'uma solicitação enviada ao convênio fica como registro' },
        sample: (refs) => ({
          insurance: refs.idOf('insurances'),
          subject: 'Pedido',
          text: 'Texto do pedido',
          sentAt: '2026-11-27T10:00:00.000Z',
          sentBy: refs.professional,
        }),
      },
      policy: patientData,
      patientFields: ['patient'],
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
    createAuthorizationBatch,
    getAuthorizationBatch,
    createBillingPlan,
    createUnregulatedSolicitation,
  ],
});
