/** Push contract of patients (core/sync/push-contract.ts). */
import { z } from 'zod';
import { declarePushContract, storedRecord } from '../sync/push-contract.js';
import { patientOutput } from './patient-schemas.js';

declarePushContract('patients', {
  record: storedRecord(patientOutput, { nameKey: z.string().min(1) }),
  deletes: { refuse: 'um paciente não é apagado: inative-o pela operação (o prontuário fica)' },
});
