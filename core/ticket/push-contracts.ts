/** Push contracts of tickets and ticket settings (core/sync/push-contract.ts). */
import { z } from 'zod';
import { recordBaseShape, storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { priorityRatioInput } from './ticket-control-record.js';
import { ticketOutput } from './ticket-record.js';

/** Push contract of `tickets` (core/sync/push-contract.ts). */
export const ticketPush: PushContract = {
  record: storedRecord(ticketOutput, { callSeq: z.number(), panelSeq: z.number() }),
  deletes: { refuse: 'uma senha não é apagada: ela fica como registro do atendimento do dia' },
  sample: (refs) => ({
    clinic: refs.clinic,
    day: '2026-11-23',
    service: 'N',
    number: 901,
    code: 'N901',
    class: 'normal',
    status: 'waiting',
    issuedAt: '2026-11-23T09:00:00-03:00',
    recalls: 0,
    callSeq: 0,
    panelSeq: 0,
  }),
};

/** Push contract of `ticket_controls` (core/sync/push-contract.ts). */
export const ticketControlPush: PushContract = {
  record: z.object({
    ...recordBaseShape,
    clinic: recordBaseShape.id,
    services: z
      .array(
        z.object({
          prefix: z.string().regex(/^[A-Z]{1,3}$/, '1 a 3 letras maiúsculas'),
          name: z.string().min(1).max(60),
          class: z.enum(['normal', 'priority']),
          active: z.boolean(),
        }),
      )
      .min(1)
      .max(30),
    priorityRatio: priorityRatioInput,
  }),
  deletes: { refuse: 'as configurações de senhas não são apagadas: edite-as pela operação' },
  sample: (refs) => ({
    clinic: refs.clinic,
    services: [{ prefix: 'N', name: 'Normal', class: 'normal', active: true }],
    priorityRatio: 2,
  }),
};
