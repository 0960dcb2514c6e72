/**
 * How the desk's sync review names price tables and prices, in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { named, nameOr, reais, ref, text } from '#core/sync/review/fields.js';

const PRICE: CollectionDescriber = {
  noun: 'Preço',
  title: (doc, lookup) =>
    `Preço de ${nameOr(lookup, 'events', doc.event)} na tabela ${nameOr(lookup, 'price_tables', doc.priceTable)}`,
  fields: {
    priceTable: ref('Tabela de preços', 'price_tables'),
    event: ref('Procedimento', 'events'),
    insurancePlan: text('Plano'),
    value: reais('Valor'),
  },
};

/** Price describers, by collection name (the `review` of each collection in module.ts). */
export const priceReview = {
  price_tables: {
    noun: 'Tabela de preços',
    title: named('Tabela de preços'),
    fields: { description: text('Descrição') },
  },
  prices: PRICE,
} satisfies Record<string, CollectionDescriber>;
