/** Push contract of patients (core/sync/push-contract.ts). */
import { z } from 'zod';
import { storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { patientOutput } from './patient-schemas.js';

/** Push contract of `patients` (core/sync/push-contract.ts). */
export const patientPush: PushContract = {
  record: storedRecord(patientOutput, { nameKey: z.string().min(1) }),
  deletes: { refuse: 'um paciente não é apagado: inative-o pela operação (o prontuário fica)' },
  sample: () => ({
    name: 'Bruno Dias',
    nameKey: 'bruno dias',
    insurances: [],
    allergies: [],
    vaccines: [],
    temporary: false,
    active: true,
    merges: [],
  }),
};
