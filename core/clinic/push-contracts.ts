/** Push contracts of clinics and events (core/sync/push-contract.ts). */
import { z } from 'zod';
import { declarePushContract, storedRecord } from '../sync/push-contract.js';
import { clinicOutput } from './clinic-record.js';
import { eventOutput } from './event-record.js';

const nameKey = z.string().min(1);

declarePushContract('clinics', {
  record: storedRecord(clinicOutput, { nameKey }),
  deletes: { refuse: 'uma clínica não é apagada: desative-a pela operação (o histórico fica)' },
});

declarePushContract('events', {
  record: storedRecord(eventOutput, { nameKey }),
  deletes: { refuse: 'um procedimento não é apagado: desative-o pela operação (o histórico fica)' },
});
