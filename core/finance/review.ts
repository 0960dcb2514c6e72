/**
 * Describers of the finance collections (core/finance): how the sync review names a bill, a payment,
 * a register and its movements, so a person deciding between two desks' payments reads them in words.
 */
import { day, moneyCentavos, shortInstant } from '#core/sync/review/formats.js';
import {
  centavos,
  choice,
  date,
  moment,
  nameOr,
  number,
  PAYMENT_METHOD,
  ref,
  text,
  type FieldSpec,
} from '#core/sync/review/fields.js';
import type { CollectionDescriber } from '#core/sync/review/describer.js';

type Doc = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const cents = (doc: Doc, field: string) => (typeof doc[field] === 'number' ? `, ${moneyCentavos(doc[field])}` : '');
const METHODS = { ...PAYMENT_METHOD, bankTransfer: 'Transferência bancária', patientCredit: 'Crédito do paciente' };

const BILL_STATUS = {
  open: 'Em aberto',
  partial: 'Paga em parte',
  paid: 'Quitada',
  split: 'Parcelada',
  cancelled: 'Cancelada',
};

const MOVEMENT_KIND = {
  opening: 'Abertura',
  receipt: 'Recebimento',
  reversal: 'Estorno',
  prepayment: 'Adiantamento do paciente',
  prepaymentRefund: 'Devolução de adiantamento',
  withdrawal: 'Sangria',
  supply: 'Suprimento',
  transfer: 'Transferência',
};

/** A day summary's totals (FIN-031) as `Recebimento R$ 10,00; Sangria -R$ 5,00`. */
const totals = (label: string, words: Readonly<Record<string, string>>): FieldSpec => ({
  label,
  show: (v) =>
    v && typeof v === 'object'
      ? Object.entries(v as Record<string, { centavos?: unknown }>)
          .map(([k, t]) => `${words[k] ?? k} ${typeof t?.centavos === 'number' ? moneyCentavos(t.centavos) : '—'}`)
          .join('; ') || '—'
      : '—',
});

/** Finance describers, by collection name (the `review` of each collection in module.ts). */
export const financeReview = {
  finance_accounts: {
    noun: 'Conta financeira',
    title: (doc) => `Conta financeira ${str(doc.name)}`.trim(),
    fields: {
      kind: choice('Tipo', { bank: 'Banco', cash: 'Caixa', digital: 'Conta digital' }),
      pixKey: text('Chave PIX'),
    },
  },
  finance_categories: {
    noun: 'Categoria financeira',
    title: (doc) => `Categoria ${str(doc.name)}`.trim(),
    fields: {
      kind: choice('Tipo', { income: 'Receita', expense: 'Despesa' }),
      parent: ref('Grupo', 'finance_categories'),
    },
  },
  finance_bills: {
    noun: 'Conta a pagar ou a receber',
    title: (doc, lookup) => {
      const who = str(doc.patient)
        ? ` de ${nameOr(lookup, 'patients', doc.patient)}`
        : str(doc.payee)
          ? ` a ${str(doc.payee)}`
          : '';
      const due = str(doc.dueDate) ? `, vencimento ${day(str(doc.dueDate))}` : '';
      return `${doc.type === 'payable' ? 'Conta a pagar' : 'Conta a receber'}${who}${cents(doc, 'amountCentavos')}${due}`;
    },
    fields: {
      description: text('Descrição'),
      amountCentavos: centavos('Valor'),
      paidCentavos: centavos('Pago'),
      dueDate: date('Vencimento'),
      status: choice('Situação', BILL_STATUS),
      method: choice('Forma de pagamento', METHODS),
    },
  },
  finance_payments: {
    noun: 'Pagamento',
    title: (doc, lookup, zone) => {
      const who = str(doc.patient) ? ` de ${nameOr(lookup, 'patients', doc.patient)}` : '';
      const at = str(doc.paidAt) ? `, ${shortInstant(str(doc.paidAt), zone)}` : '';
      return `${doc.kind === 'reversal' ? 'Estorno' : doc.kind === 'refund' ? 'Estorno parcial' : 'Pagamento'}${who}${cents(doc, 'receivedCentavos')}${at}`;
    },
    fields: {
      receivedCentavos: centavos('Recebido'),
      principalCentavos: centavos('Valor quitado'),
      discountCentavos: centavos('Desconto'),
      interestCentavos: centavos('Juros'),
      fineCentavos: centavos('Multa'),
      method: choice('Forma de pagamento', METHODS),
      paidAt: moment('Pago em'),
    },
  },
  finance_credits: {
    noun: 'Crédito do paciente',
    title: (doc, lookup, zone) => {
      const who = str(doc.patient) ? ` de ${nameOr(lookup, 'patients', doc.patient)}` : '';
      const at = str(doc.at) ? `, ${shortInstant(str(doc.at), zone)}` : '';
      return `${doc.kind === 'refund' ? 'Devolução de crédito' : 'Adiantamento'}${who}${cents(doc, 'amountCentavos')}${at}`;
    },
    fields: {
      kind: choice('Tipo', { deposit: 'Adiantamento', refund: 'Devolução' }),
      amountCentavos: centavos('Valor'),
      method: choice('Forma', METHODS),
      at: moment('Em'),
      note: text('Observação'),
    },
  },
  cash_registers: {
    noun: 'Caixa',
    title: (doc, _lookup, zone) =>
      `Caixa da estação ${str(doc.station)}${str(doc.openedAt) ? `, aberto ${shortInstant(str(doc.openedAt), zone)}` : ''}`,
    fields: {
      status: choice('Situação', { open: 'Aberto', closing: 'Em fechamento', closed: 'Fechado' }),
      changeFundCentavos: centavos('Fundo de troco'),
      openedAt: moment('Aberto em'),
      closedAt: moment('Fechado em'),
      reason: text('Motivo da diferença'),
    },
  },
  cash_movements: {
    noun: 'Movimento de caixa',
    title: (doc, _lookup, zone) =>
      `Movimento de caixa${cents(doc, 'amountCentavos')}${str(doc.at) ? `, ${shortInstant(str(doc.at), zone)}` : ''}`,
    fields: {
      kind: choice('Tipo', MOVEMENT_KIND),
      amountCentavos: centavos('Valor'),
      method: choice('Forma', METHODS),
      note: text('Observação'),
    },
  },
  cash_register_days: {
    noun: 'Resumo do dia do caixa',
    title: (doc, lookup) =>
      `Resumo do caixa${str(doc.day) ? ` em ${day(str(doc.day))}` : ''}${str(doc.register) ? ` (${nameOr(lookup, 'cash_registers', doc.register)})` : ''}`,
    fields: {
      register: ref('Caixa', 'cash_registers'),
      day: date('Dia'),
      movements: number('Movimentos'),
      inCentavos: centavos('Entradas'),
      outCentavos: centavos('Saídas'),
      byKind: totals('Por tipo', MOVEMENT_KIND),
      byMethod: totals('Por forma', METHODS),
    },
  },
} satisfies Record<string, CollectionDescriber>;
