/**
 * Describers of the inventory collections (core/inventory): how the sync review names a product, a
 * supplier, a kit, a stock movement and a count, so a person reading a refused push or a stock
 * discrepancy reads them in words, never ids.
 */
import { MOVEMENT_KIND_LABELS } from './movement-record.js';
import { day } from '#core/sync/review/formats.js';
import { choice, counted, date, flag, moment, nameOr, number, reais, ref, text } from '#core/sync/review/fields.js';
import type { CollectionDescriber } from '#core/sync/review/describer.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const named = (noun: string) => (doc: Record<string, unknown>) => `${noun} ${str(doc.name)}`.trim();

/** Inventory describers, by collection name (the `review` of each collection in module.ts). */
export const inventoryReview = {
  inventory_products: {
    noun: 'Produto',
    title: named('Produto'),
    fields: {
      kind: choice('Tipo', { material: 'Material', medication: 'Medicamento', consumable: 'Consumível' }),
      tussCode: text('Código TUSS'),
      purchaseUnit: text('Unidade de compra'),
      consumptionUnit: text('Unidade de consumo'),
      unitsPerPurchase: number('Unidades por compra'),
      minimumStock: number('Estoque mínimo'),
      category: ref('Categoria', 'inventory_categories'),
      active: flag('Ativo'),
    },
  },
  inventory_suppliers: {
    noun: 'Fornecedor',
    title: named('Fornecedor'),
    fields: { cnpj: text('CNPJ'), active: flag('Ativo') },
  },
  materials_or_exams: {
    noun: 'Material ou exame',
    title: (doc: Record<string, unknown>) => `${str(doc.code)} ${str(doc.name)}`.trim(),
    fields: {
      tussTable: choice('Tabela TUSS', {
        '19': 'Materiais e OPME',
        '20': 'Medicamentos',
        '22': 'Procedimentos e exames',
      }),
      code: text('Código TUSS'),
      unit: text('Unidade'),
      price: reais('Preço'),
      active: flag('Ativo'),
    },
  },
  inventory_categories: { noun: 'Categoria de estoque', title: named('Categoria de estoque'), fields: {} },
  inventory_reserve_reasons: {
    noun: 'Motivo de reserva',
    title: named('Motivo de reserva'),
    fields: { active: flag('Ativo') },
  },
  inventory_kits: {
    noun: 'Kit',
    title: named('Kit'),
    fields: {
      event: ref('Procedimento', 'events'),
      items: counted('Itens', 'item', 'itens'),
      active: flag('Ativo'),
    },
  },
  inventory_movements: {
    noun: 'Movimento de estoque',
    title: (doc, lookup) => {
      const kind = MOVEMENT_KIND_LABELS[doc.kind as keyof typeof MOVEMENT_KIND_LABELS] ?? 'Movimento';
      const lot = str(doc.lot) ? `, lote ${str(doc.lot)}` : '';
      return `${kind} de ${nameOr(lookup, 'inventory_products', doc.product)}${lot}`;
    },
    fields: {
      kind: choice('Tipo', MOVEMENT_KIND_LABELS),
      clinic: ref('Clínica', 'clinics'),
      product: ref('Produto', 'inventory_products'),
      lot: text('Lote'),
      expiry: date('Validade'),
      quantity: number('Quantidade'),
      occurredAt: moment('Quando'),
      by: ref('Por', 'users'),
      reason: text('Motivo'),
      note: text('Observação'),
    },
  },
  inventory_counts: {
    noun: 'Contagem de estoque',
    title: (doc, lookup) =>
      `Contagem de estoque de ${nameOr(lookup, 'clinics', doc.clinic)}${str(doc.openedAt) ? `, aberta em ${day(str(doc.openedAt).slice(0, 10))}` : ''}`,
    fields: {
      status: choice('Situação', { open: 'Aberta', closed: 'Fechada' }),
      openedAt: moment('Aberta em'),
      closedAt: moment('Fechada em'),
      lines: counted('Linhas', 'linha', 'linhas'),
    },
  },
  inventory_lot_balances: {
    noun: 'Saldo de lote',
    title: (doc, lookup) =>
      `Saldo de ${nameOr(lookup, 'inventory_products', doc.product)}${str(doc.lot) ? `, lote ${str(doc.lot)}` : ''}`,
    fields: {
      clinic: ref('Clínica', 'clinics'),
      product: ref('Produto', 'inventory_products'),
      lot: text('Lote'),
      expiry: date('Validade'),
      quantity: number('Quantidade'),
    },
  },
} satisfies Record<string, CollectionDescriber>;
