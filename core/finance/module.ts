/**
 * Finance (spec §4.4 Finance and Payment): accounts, the chart of accounts, bills to receive and to
 * pay with their payments, the cash register and the PIX BR Code — the domain module.
 * Decisions: docs/decisions/finance.md.
 */
import { z } from 'zod';
import type { CollectionPolicy } from '#core/access/policy.js';
import { r, rw } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { recordBaseShape, storedRecord } from '#core/sync/push-contract.js';
import { accountOperations } from './account-ops.js';
import { accountOutput, financeAccounts } from './account-record.js';
import { billOperations } from './bill-ops.js';
import { billStoredShape, bills } from './bill-record.js';
import { categoryOperations } from './category-ops.js';
import { chargeAppointment } from './charge-ops.js';
import { creditOperations } from './credit-ops.js';
import { creditStoredShape, patientCredits } from './credit-record.js';
import { refundPayment } from './refund-ops.js';
import { categoryOutput, financeCategories } from './category-record.js';
import { paymentOperations } from './payment-ops.js';
import { paymentStoredShape, payments } from './payment-record.js';
import { retrievePixQrCode } from './pix-ops.js';
import { statementOperations } from './statement-ops.js';
import { registerOperations } from './register-ops.js';
import { financeReview } from './review.js';
import { transferOperations } from './transfer-ops.js';
import { cashMovements, cashRegisters, movementStoredShape, registerStoredShape } from './register-record.js';
import { mergeRegisterDay, registerDayPushProblems } from './register-summary-merge.js';
import { registerDays, registerDayStoredShape } from './register-summary-record.js';
import {
  appendOnlyProblems,
  billPushProblems,
  concurrentPayments,
  mergeBill,
  overdrawnCredit,
  paymentPushProblems,
  registerPushProblems,
  sharedStation,
} from './sync-rules.js';

/** Money owed by patients: not health data, but every write is audited (who marked what paid). */
const audited: CollectionPolicy = { resource: 'finance', check: false, audit: 'writes' };
const removedWhenUnused = {
  allow:
    'a operação remove a conta ou categoria só quando nada a usa; o histórico aponta para contas a pagar/receber, não para ela',
};
const appendOnly = { refuse: 'um lançamento financeiro não é apagado: lance um estorno' };

export const financeModule = domainModule({
  name: 'finance',
  // `cashier`: the desk's register and marking bills paid; bills, accounts and reversals stay with finance.
  access: {
    resources: ['cashier', 'finance'],
    roles: { reception: [...rw('cashier'), ...r('finance')], finance: rw('finance', 'cashier') },
  },
  collections: [
    {
      def: financeAccounts,
      storageGroup: 'finance',
      review: financeReview.finance_accounts,
      push: {
        record: storedRecord(accountOutput, { nameKey: z.string() }),
        deletes: removedWhenUnused,
        sample: () => ({ name: 'Caixa da recepção', nameKey: 'caixa da recepcao', kind: 'cash', active: true }),
      },
      sync: { readPermission: 'finance:read', writePermission: 'finance:write' },
      policy: audited,
    },
    {
      def: financeCategories,
      storageGroup: 'finance',
      review: financeReview.finance_categories,
      push: {
        record: storedRecord(categoryOutput, { nameKey: z.string() }),
        deletes: removedWhenUnused,
        sample: () => ({ name: 'Consultas', nameKey: 'consultas', kind: 'income', active: true }),
      },
      sync: { readPermission: 'finance:read', writePermission: 'finance:write' },
      policy: audited,
    },
    {
      def: bills,
      storageGroup: 'finance',
      review: financeReview.finance_bills,
      push: {
        record: z.looseObject({ ...recordBaseShape, ...billStoredShape }),
        deletes: { refuse: 'uma conta a pagar ou a receber não é apagada: cancele-a ou estorne os pagamentos' },
        sample: (refs) => ({
          type: 'receivable',
          description: 'Consulta',
          amountCentavos: 10_000,
          paidCentavos: 0,
          dueDate: '2026-11-30',
          status: 'open',
          source: 'manual',
          createdBy: refs.professional,
        }),
      },
      sync: {
        readPermission: 'finance:read',
        writePermission: 'cashier:write',
        check: billPushProblems,
        resolveConflict: mergeBill,
      },
      policy: audited,
      patientFields: ['patient'],
    },
    {
      def: payments,
      storageGroup: 'finance',
      review: financeReview.finance_payments,
      push: {
        record: z.looseObject({ ...recordBaseShape, ...paymentStoredShape }),
        deletes: appendOnly,
        sample: (refs) => ({
          kind: 'payment',
          bill: refs.idOf('finance_bills'),
          principalCentavos: 1_000,
          discountCentavos: 0,
          interestCentavos: 0,
          fineCentavos: 0,
          receivedCentavos: 1_000,
          openBeforeCentavos: 10_000,
          method: 'cash',
          paidAt: '2026-11-23T09:00:00-03:00',
          by: refs.professional,
        }),
      },
      sync: {
        readPermission: 'finance:read',
        writePermission: 'cashier:write',
        check: paymentPushProblems,
        crossCheck: concurrentPayments,
      },
      policy: audited,
      patientFields: ['patient'],
    },
    {
      def: patientCredits,
      storageGroup: 'finance',
      review: financeReview.finance_credits,
      push: {
        record: z.looseObject({ ...recordBaseShape, ...creditStoredShape }),
        deletes: appendOnly,
        sample: (refs) => ({
          kind: 'deposit',
          patient: refs.idOf('patients'),
          amountCentavos: 30_000,
          method: 'pix',
          at: '2026-11-23T09:00:00-03:00',
          by: refs.professional,
        }),
      },
      sync: {
        readPermission: 'finance:read',
        writePermission: 'cashier:write',
        check: appendOnlyProblems,
        crossCheck: overdrawnCredit,
      },
      policy: audited,
      patientFields: ['patient'],
    },
    {
      def: cashRegisters,
      storageGroup: 'finance',
      review: financeReview.cash_registers,
      push: {
        record: z.looseObject({ ...recordBaseShape, ...registerStoredShape }),
        deletes: { refuse: 'um caixa não é apagado: feche-o' },
        sample: (refs) => ({
          station: 'recepcao-1',
          user: refs.professional,
          status: 'open',
          openedAt: '2026-11-23T09:00:00-03:00',
          changeFundCentavos: 0,
        }),
      },
      sync: {
        readPermission: 'cashier:read',
        writePermission: 'cashier:write',
        check: registerPushProblems,
        crossCheck: sharedStation,
      },
      policy: audited,
    },
    {
      def: cashMovements,
      storageGroup: 'finance',
      review: financeReview.cash_movements,
      push: {
        record: z.looseObject({ ...recordBaseShape, ...movementStoredShape }),
        deletes: appendOnly,
        sample: (refs) => ({
          register: refs.idOf('cash_registers'),
          kind: 'supply',
          method: 'cash',
          amountCentavos: 100,
          at: '2026-11-23T09:00:00-03:00',
          by: refs.professional,
        }),
      },
      sync: { readPermission: 'cashier:read', writePermission: 'cashier:write', check: appendOnlyProblems },
      policy: audited,
    },
    {
      // Derived from cash_movements (FIN-031): written with each movement, merged as counters (FIN-032).
      def: registerDays,
      storageGroup: 'finance',
      review: financeReview.cash_register_days,
      push: {
        record: z.looseObject({ ...recordBaseShape, ...registerDayStoredShape }),
        deletes: { refuse: 'o resumo de um dia do caixa não é apagado: ele é a soma dos movimentos do dia' },
        sample: (refs) => ({
          register: refs.idOf('cash_registers'),
          day: '2026-11-23',
          movements: 1,
          inCentavos: 100,
          outCentavos: 0,
          byKind: {
            supply: { centavos: 100, firstAt: '2026-11-23T09:00:00-03:00', firstId: refs.idOf('cash_movements') },
          },
          byMethod: {
            cash: { centavos: 100, firstAt: '2026-11-23T09:00:00-03:00', firstId: refs.idOf('cash_movements') },
          },
        }),
      },
      sync: {
        readPermission: 'cashier:read',
        writePermission: 'cashier:write',
        check: registerDayPushProblems,
        resolveConflict: mergeRegisterDay,
      },
      policy: audited,
    },
  ],
  operations: [
    ...accountOperations,
    ...categoryOperations,
    ...billOperations,
    ...paymentOperations,
    refundPayment,
    ...creditOperations,
    retrievePixQrCode,
    ...registerOperations,
    chargeAppointment,
    ...transferOperations,
    ...statementOperations,
  ],
});
