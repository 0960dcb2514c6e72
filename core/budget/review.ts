/**
 * How the desk's sync review names a budget and reads its fields, in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import {
  BUDGET_STATUS,
  choice,
  counted,
  date,
  moment,
  nameOr,
  number,
  PAYMENT_METHOD,
  reais,
  ref,
  text,
} from '#core/sync/review/fields.js';
import { money } from '#core/sync/review/formats.js';

const BUDGET: CollectionDescriber = {
  noun: 'Orçamento',
  title: (doc, lookup) =>
    `Orçamento nº ${typeof doc.budgetNumber === 'number' ? doc.budgetNumber : '—'} de ${nameOr(lookup, 'patients', doc.patient)}`,
  fields: {
    type: choice('Tipo', { dental: 'Odontológico', medical: 'Médico', aesthetic: 'Estético' }),
    budgetNumber: number('Número'),
    status: choice('Situação', BUDGET_STATUS),
    items: counted('Itens', 'item', 'itens'),
    value: reais('Valor'),
    approvedBy: ref('Aprovado por', 'users'),
    approvedAt: moment('Aprovado em'),
    disapprovedBy: ref('Reprovado por', 'users'),
    disapprovedAt: moment('Reprovado em'),
    disapprovalReason: text('Motivo da reprovação'),
    validUntil: date('Válido até'),
    executedAt: moment('Executado em'),
    expiredAt: moment('Vencido em'),
    paymentInformation: {
      label: 'Pagamento',
      show: (v) => {
        const p = (v ?? {}) as { quantity?: number; parcelValue?: number; entry?: number; method?: string };
        const parcels = p.quantity ? `${p.quantity}× de ${reaisText(p.parcelValue)}` : '';
        const entry = p.entry ? `entrada de ${reaisText(p.entry)}` : '';
        const method = p.method ? (PAYMENT_METHOD[p.method] ?? p.method) : '';
        return [parcels, entry, method].filter(Boolean).join(', ') || '—';
      },
    },
  },
};

function reaisText(reaisValue: unknown): string {
  return typeof reaisValue === 'number' ? money(reaisValue) : '—';
}

/** Budget describers, by collection name (the `review` of each collection in module.ts). */
export const budgetReview = {
  budgets: BUDGET,
} satisfies Record<string, CollectionDescriber>;
