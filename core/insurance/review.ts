/**
 * How the desk's sync review names an insurer and reads its fields, in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { named, names, number, ref, text } from '#core/sync/review/fields.js';

const INSURANCE: CollectionDescriber = {
  noun: 'Convênio',
  title: named('Convênio'),
  fields: {
    legalName: text('Razão social'),
    ansRegistry: text('Registro ANS'),
    tissVersion: text('Versão TISS'),
    providerCode: text('Código do prestador'),
    priceTable: ref('Tabela de preços', 'price_tables'),
    returnDays: number('Prazo de retorno', ' dias'),
    plans: names('Planos', 'name'),
  },
};

/** Insurance describers, by collection name (the `review` of each collection in module.ts). */
export const insuranceReview = {
  insurances: INSURANCE,
} satisfies Record<string, CollectionDescriber>;
