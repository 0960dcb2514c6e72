/** Push contracts of budgets and treatments (core/sync/push-contract.ts). */
import { z } from 'zod';
import { storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { BUDGET_STATUSES } from './budget-codes.js';
import { budgetOutput } from './budget-record.js';
import { treatmentOutput } from './treatment-ops.js';

/** Push contract of `budgets` (core/sync/push-contract.ts). */
export const budgetPush: PushContract = {
  record: storedRecord(budgetOutput, {
    // The answers read labels and rules by status: only the codes of spec §2.1.
    status: z.number().refine((n) => (BUDGET_STATUSES as readonly number[]).includes(n), {
      error: `status deve ser um de: ${BUDGET_STATUSES.join(', ')}`,
    }),
  }),
  deletes: { refuse: 'um orçamento não é apagado: exclua-o pela operação (fica inativo, com o histórico)' },
  sample: (refs) => ({
    active: true,
    type: 'dental',
    budgetNumber: 900_001,
    patient: refs.patient,
    clinic: refs.clinic,
    status: 0,
    items: [],
    value: 0,
    paymentInformation: { quantity: 1, entry: 0, parcelValue: 0, lastParcelValue: 0 },
    validUntil: '2026-12-23',
  }),
};

/** Push contract of `treatments` (core/sync/push-contract.ts). */
export const treatmentPush: PushContract = {
  record: storedRecord(treatmentOutput, {}),
  deletes: { refuse: 'um tratamento não é apagado: ele é o registro clínico do que foi feito' },
  sample: (refs) => ({
    budget: refs.idOf('budgets'),
    budgetNumber: 900_001,
    patient: refs.patient,
    clinic: refs.clinic,
    status: 'open',
    steps: [],
    active: true,
  }),
};
