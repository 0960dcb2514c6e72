/** Push contracts of clinics and events (core/sync/push-contract.ts). */
import { z } from 'zod';
import { storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { clinicOutput } from './clinic-record.js';
import { eventOutput } from './event-record.js';

const nameKey = z.string().min(1);

/** Push contract of `clinics` (core/sync/push-contract.ts). */
export const clinicPush: PushContract = {
  record: storedRecord(clinicOutput, { nameKey }),
  deletes: { refuse: 'uma clínica não é apagada: desative-a pela operação (o histórico fica)' },
  sample: () => ({
    name: 'Clínica Norte',
    nameKey: 'clinica norte',
    timeZone: 'America/Sao_Paulo',
    openingHours: [],
    places: [],
    subspecialties: [],
    active: true,
  }),
};

/** Push contract of `events` (core/sync/push-contract.ts). */
export const eventPush: PushContract = {
  record: storedRecord(eventOutput, { nameKey }),
  deletes: { refuse: 'um procedimento não é apagado: desative-o pela operação (o histórico fica)' },
  sample: () => ({ name: 'Consulta', nameKey: 'consulta', type: 'consultation', custom: true, active: true }),
};
