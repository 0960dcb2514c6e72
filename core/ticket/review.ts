/**
 * How the desk's sync review names a ticket and reads its fields, in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { appointmentRef } from '#core/schedule/review.js';
import { choice, date, moment, number, ref, text } from '#core/sync/review/fields.js';
import { day } from '#core/sync/review/formats.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const TICKET: CollectionDescriber = {
  noun: 'Senha de atendimento',
  title: (doc) => `Senha ${str(doc.code)}${str(doc.day) ? ` de ${day(str(doc.day))}` : ''}`,
  fields: {
    day: date('Dia'),
    code: text('Senha'),
    number: number('Número'),
    service: text('Serviço'),
    class: choice('Tipo', { normal: 'Normal', priority: 'Prioritária', super: 'Prioritária (80+)' }),
    priorityReason: choice('Prioridade', {
      elderly: 'Pessoa idosa (60+)',
      elderly80: 'Pessoa idosa (80+)',
      pregnant: 'Gestante',
      lactating: 'Lactante',
      lapInfant: 'Pessoa com criança de colo',
      disabled: 'Pessoa com deficiência',
      autism: 'Pessoa com autismo',
      reducedMobility: 'Mobilidade reduzida',
      obesity: 'Pessoa obesa',
      bloodDonor: 'Doador(a) de sangue',
    }),
    status: choice('Situação', { waiting: 'Aguardando', called: 'Chamada', started: 'Em atendimento' }),
    appointment: { label: 'Consulta', show: (v, c) => appointmentRef(c.lookup, v, c.timeZone) },
    issuedAt: moment('Emitida em'),
    calledAt: moment('Chamada em'),
    lastCalledAt: moment('Última chamada'),
    calledBy: ref('Chamada por', 'users'),
    recalls: number('Rechamadas'),
    startedAt: moment('Atendimento iniciado em'),
  },
};

/** Ticket describers, by collection name (the `review` of each collection in module.ts). */
export const ticketReview = {
  tickets: TICKET,
} satisfies Record<string, CollectionDescriber>;
