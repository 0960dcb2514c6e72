/** How the desk's sync review names procedure requests and insurance interactions, in pt-BR. */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { choice, counted, date, nameOr, ref, text } from '#core/sync/review/fields.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const KIND = { spsadt: 'Solicitação de SP/SADT', hospitalization: 'Solicitação de internação' } as const;
const STATUS = {
  draft: 'Rascunho',
  sent: 'Enviada',
  authorized: 'Autorizada',
  partiallyAuthorized: 'Autorizada parcialmente',
  inAnalysis: 'Em análise',
  awaitingDocuments: 'Aguardando documentação',
  denied: 'Negada',
  cancelled: 'Cancelada',
  billed: 'Faturada',
} as const;

/** Describers by collection name. */
export const requestReview = {
  procedure_requests: {
    noun: 'Solicitação ao convênio',
    title: (doc, lookup) =>
      `${KIND[str(doc.kind) as keyof typeof KIND] ?? 'Solicitação'} de ${nameOr(lookup, 'patients', doc.patient)}`,
    fields: {
      patient: ref('Paciente', 'patients'),
      insurance: ref('Convênio', 'insurances'),
      kind: choice('Tipo', KIND),
      guideNumber: text('Número da guia'),
      status: choice('Situação', STATUS),
      date: date('Data da solicitação'),
      procedures: counted('Procedimentos', 'procedimento', 'procedimentos'),
    },
  },
  insurance_interactions: {
    noun: 'Interação com o convênio',
    title: (doc, lookup) => `${str(doc.summary).slice(0, 60)} (${nameOr(lookup, 'patients', doc.patient)})`,
    fields: {
      patient: ref('Paciente', 'patients'),
      insurance: ref('Convênio', 'insurances'),
      summary: text('Resumo'),
    },
  },
} satisfies Record<string, CollectionDescriber>;
