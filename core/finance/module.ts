/**
 * Finance (spec §4.4 Finance and Payment): accounts, the chart of accounts, bills to receive and to
 * pay with their payments, the cash register and the PIX BR Code — the domain module.
 * Decisions: docs/decisions/finance.md.
 */
import { z } from 'zod';
import type { CollectionPolicy } from '#core/access/policy.js';
import { domainModule } from '#core/module.js';
import { recordBaseShape, storedRecord } from '#core/sync/push-contract.js';
import { accountOperations } from './account-ops.js';
import { accountOutput, financeAccounts } from './account-record.js';
import { billOperations } from './bill-ops.js';
import { billStoredShape, bills } from './bill-record.js';
import { categoryOperations } from './category-ops.js';
import { chargeAppointment } from './charge-ops.js';
import { categoryOutput, financeCategories } from './category-record.js';
import { paymentOperations } from './payment-ops.js';
import { paymentStoredShape, payments } from './payment-record.js';
import { retrievePixQrCode } from './pix-ops.js';
import { registerOperations } from './register-ops.js';
import { transferOperations } from './transfer-ops.js';
import { cashMovements, cashRegisters, movementStoredShape, registerStoredShape } from './register-record.js';
import {
  appendOnlyProblems,
  billPushProblems,
  concurrentPayments,
  mergeBill,
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
  collections: [
    {
      def: financeAccounts,
      push: { record: storedRecord(accountOutput, { nameKey: z.string() }), deletes: removedWhenUnused },
      sync: { readPermission: 'finance:read', writePermission: 'finance:write' },
      policy: audited,
    },
    {
      def: financeCategories,
      push: { record: storedRecord(categoryOutput, { nameKey: z.string() }), deletes: removedWhenUnused },
      sync: { readPermission: 'finance:read', writePermission: 'finance:write' },
      policy: audited,
    },
    {
      def: bills,
      push: {
        record: z.looseObject({ ...recordBaseShape, ...billStoredShape }),
        deletes: { refuse: 'uma conta a pagar ou a receber não é apagada: cancele-a ou estorne os pagamentos' },
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
      push: { record: z.looseObject({ ...recordBaseShape, ...paymentStoredShape }), deletes: appendOnly },
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
      def: cashRegisters,
      push: {
        record: z.looseObject({ ...recordBaseShape, ...registerStoredShape }),
        deletes: { refuse: 'um caixa não é apagado: feche-o' },
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
      push: { record: z.looseObject({ ...recordBaseShape, ...movementStoredShape }), deletes: appendOnly },
      sync: { readPermission: 'cashier:read', writePermission: 'cashier:write', check: appendOnlyProblems },
      policy: audited,
    },
  ],
  operations: [
    ...accountOperations,
    ...categoryOperations,
    ...billOperations,
    ...paymentOperations,
    retrievePixQrCode,
    ...registerOperations,
    chargeAppointment,
    ...transferOperations,
  ],
});
