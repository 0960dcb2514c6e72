/** Push contract of insurances (core/sync/push-contract.ts). */
import { z } from 'zod';
import { storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { insuranceOutput } from './insurance-record.js';

/** Push contract of `insurances` (core/sync/push-contract.ts). */
export const insurancePush: PushContract = {
  record: storedRecord(insuranceOutput, { nameKey: z.string().min(1) }),
  deletes: { refuse: 'um convênio não é apagado: desative-o pela operação (o histórico fica)' },
  sample: () => ({ name: 'Vida Plena', nameKey: 'vida plena', plans: [], active: true }),
};
