/**
 * How the desk's sync review names the insurer-billing records (TISS guides and batches), in pt-BR
 * (core/sync/review/): what the billing clerk calls them, never ids.
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { choice, counted, date, flag, moment, nameOr, number, ref, text } from '#core/sync/review/fields.js';
import { day } from '#core/sync/review/formats.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const GUIDE = {
  consulta: 'Guia de consulta',
  spsadt: 'Guia SP/SADT',
  odonto: 'GTO (odontologia)',
  honorarios: 'Guia de honorários',
  internacao: 'Resumo de internação',
} as const;
const guideOf = (v: unknown) => GUIDE[str(v) as keyof typeof GUIDE] ?? 'Guia';

/** Billing describers, by collection name (the `review` of each collection in module.ts). */
export const billingReview = {
  billing_attendances: {
    noun: 'Guia TISS',
    title: (doc, lookup) =>
      `${guideOf(doc.guideType)} de ${nameOr(lookup, 'patients', doc.patient)}${str(doc.date) ? `, ${day(str(doc.date))}` : ''}`,
    fields: {
      patient: ref('Paciente', 'patients'),
      insurance: ref('Convênio', 'insurances'),
      professional: ref('Profissional', 'users'),
      guideType: choice('Tipo de guia', GUIDE),
      guideNumber: text('Número da guia'),
      cardNumber: text('Carteirinha'),
      date: date('Data do atendimento'),
      returnVisit: flag('Retorno'),
      authorizationCode: text('Senha de autorização'),
      items: counted('Itens', 'item', 'itens'),
    },
  },
  billing_batches: {
    noun: 'Lote TISS',
    title: (doc, lookup) =>
      `Lote ${typeof doc.batchNumber === 'number' ? doc.batchNumber : ''} de ${nameOr(lookup, 'insurances', doc.insurance)}`.replace(
        /\s+/g,
        ' ',
      ),
    fields: {
      insurance: ref('Convênio', 'insurances'),
      guideType: choice('Tipo de guia', GUIDE),
      status: choice('Situação', { open: 'Aberto', sent: 'Enviado' }),
      protocol: text('Protocolo'),
      attendances: counted('Guias', 'guia', 'guias'),
    },
  },
  billing_authorization_batches: {
    noun: 'Lote de autorizações',
    title: (doc, lookup) => `Lote de autorizações de ${nameOr(lookup, 'insurances', doc.insurance)}`,
    fields: {
      insurance: ref('Convênio', 'insurances'),
      clinic: ref('Clínica', 'clinics'),
      attendances: counted('Guias', 'guia', 'guias'),
      note: text('Observação'),
    },
  },
  billing_plans: {
    noun: 'Plano de faturamento',
    title: (doc, lookup) => `Plano de faturamento de ${nameOr(lookup, 'insurances', doc.insurance)}`,
    fields: {
      insurance: ref('Convênio', 'insurances'),
      clinic: ref('Clínica', 'clinics'),
      closingDay: number('Dia do fechamento'),
      sendingDeadlineDay: number('Dia limite de envio'),
      paymentTermDays: number('Prazo de pagamento', ' dias'),
      guideTypes: counted('Tipos de guia', 'tipo', 'tipos'),
      note: text('Observação'),
    },
  },
  insurance_solicitations: {
    noun: 'Solicitação ao convênio',
    title: (doc, lookup) => `${str(doc.subject) || 'Solicitação'} a ${nameOr(lookup, 'insurances', doc.insurance)}`,
    fields: {
      insurance: ref('Convênio', 'insurances'),
      patient: ref('Paciente', 'patients'),
      subject: text('Assunto'),
      text: text('Texto'),
      protocol: text('Protocolo'),
      sentAt: moment('Enviada em'),
    },
  },
} satisfies Record<string, CollectionDescriber>;
