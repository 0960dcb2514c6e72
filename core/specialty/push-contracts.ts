/** Push contract of specialties (core/sync/push-contract.ts). */
import { z } from 'zod';
import { declarePushContract, storedRecord } from '../sync/push-contract.js';
import { specialtyOutput } from './specialty-record.js';

declarePushContract('specialties', {
  record: storedRecord(specialtyOutput, { nameKey: z.string().min(1) }),
  deletes: { refuse: 'uma especialidade não é apagada: desative-a pela operação (o histórico fica)' },
});
