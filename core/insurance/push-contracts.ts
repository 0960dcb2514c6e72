/** Push contract of insurances (core/sync/push-contract.ts). */
import { z } from 'zod';
import { declarePushContract, storedRecord } from '../sync/push-contract.js';
import { insuranceOutput } from './insurance-record.js';

declarePushContract('insurances', {
  record: storedRecord(insuranceOutput, { nameKey: z.string().min(1) }),
  deletes: { refuse: 'um convênio não é apagado: desative-o pela operação (o histórico fica)' },
});
