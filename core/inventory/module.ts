/**
 * Inventory (spec §4.4 Inventory): products, suppliers, categories, reserve reasons and kits; stock
 * as the sum of append-only movements per clinic, product and lot; counts; exports. The domain module
 * (core/module.ts); decisions in docs/decisions/inventory.md.
 */
import { z } from 'zod';
import { rw } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { storedRecord } from '#core/sync/push-contract.js';
import { lotBalanceOutput, lotBalances } from './balance-record.js';
import { categoryOperations } from './category-ops.js';
import { categoryOutput, inventoryCategories, reserveReasonOutput, reserveReasons } from './category-record.js';
import { countOperations } from './count-ops.js';
import { countOutput, inventoryCounts } from './count-record.js';
import { exportStock } from './export-ops.js';
import { kitOperations } from './kit-ops.js';
import { kitOutput, kits } from './kit-record.js';
import { materialOperations } from './material-ops.js';
import { materialOutput, materialsOrExams } from './material-record.js';
import { movementOperations } from './movement-ops.js';
import { inventoryMovements, movementOutput } from './movement-record.js';
import { productOperations } from './product-ops.js';
import { productOutput, products } from './product-record.js';
import { inventoryReview } from './review.js';
import { stockOperations } from './stock-ops.js';
import { supplierOperations } from './supplier-ops.js';
import { supplierOutput, suppliers } from './supplier-record.js';
import { balanceSyncRules, countSyncRules, inventoryAccess, movementSyncRules } from './sync-rules.js';

const nameKey = { nameKey: z.string().min(1) };

export const inventoryModule = domainModule({
  name: 'inventory',
  // The materials a procedure uses are taken out where it is done, so professionals move stock too.
  access: { resources: ['inventory'], roles: { staff: rw('inventory') } },
  collections: [
    {
      def: products,
      storageGroup: 'reference',
      review: inventoryReview.inventory_products,
      push: {
        record: storedRecord(productOutput, nameKey),
        deletes: { refuse: 'um produto não é apagado: inative-o pela operação (as movimentações apontam para ele)' },
        sample: () => ({
          name: 'Luva M',
          nameKey: 'luva m',
          kind: 'material',
          purchaseUnit: 'caixa',
          consumptionUnit: 'par',
          unitsPerPurchase: 50,
          minimumStock: 0,
          suppliers: [],
          active: true,
        }),
      },
      sync: inventoryAccess,
    },
    {
      def: suppliers,
      storageGroup: 'reference',
      review: inventoryReview.inventory_suppliers,
      push: {
        record: storedRecord(supplierOutput, nameKey),
        deletes: { refuse: 'um fornecedor não é apagado: inative-o pela operação (o histórico fica)' },
        sample: () => ({ name: 'Dental Sul', nameKey: 'dental sul', cnpj: '11222333000181', active: true }),
      },
      sync: inventoryAccess,
    },
    {
      def: inventoryCategories,
      storageGroup: 'reference',
      review: inventoryReview.inventory_categories,
      push: {
        record: storedRecord(categoryOutput, nameKey),
        deletes: { allow: 'inventory.category.delete removes a category for good; it only groups products' },
        sample: () => ({ name: 'Descartáveis', nameKey: 'descartaveis' }),
      },
      sync: inventoryAccess,
    },
    {
      def: reserveReasons,
      storageGroup: 'reference',
      review: inventoryReview.inventory_reserve_reasons,
      push: {
        record: storedRecord(reserveReasonOutput, nameKey),
        deletes: { refuse: 'um motivo de reserva não é apagado: as reservas apontam para ele' },
        sample: () => ({ name: 'Cirurgia', nameKey: 'cirurgia', active: true }),
      },
      sync: inventoryAccess,
    },
    {
      def: kits,
      storageGroup: 'reference',
      review: inventoryReview.inventory_kits,
      push: {
        record: storedRecord(kitOutput, nameKey),
        deletes: { refuse: 'um kit não é apagado: as baixas apontam para ele' },
        sample: (refs) => ({
          name: 'Kit restauração',
          nameKey: 'kit restauracao',
          items: [{ product: refs.idOf('inventory_products'), quantity: 2 }],
          active: true,
        }),
      },
      sync: inventoryAccess,
    },
    {
      def: materialsOrExams,
      storageGroup: 'reference',
      review: inventoryReview.materials_or_exams,
      push: {
        record: storedRecord(materialOutput, nameKey),
        deletes: { refuse: 'um material ou exame não é apagado: importe-o de novo com active false' },
        sample: () => ({
          tussTable: '19',
          code: '70000018',
          name: 'Fio de sutura',
          nameKey: 'fio de sutura',
          unit: 'UN',
          active: true,
        }),
      },
      sync: inventoryAccess,
    },
    {
      def: inventoryMovements,
      storageGroup: 'finance',
      review: inventoryReview.inventory_movements,
      push: {
        record: storedRecord(movementOutput, {}),
        deletes: { refuse: 'uma movimentação de estoque não é apagada: lance um ajuste (o estoque é a soma delas)' },
        sample: (refs) => ({
          clinic: refs.clinic,
          product: refs.idOf('inventory_products'),
          lot: 'L1',
          kind: 'entry',
          quantity: 10,
          occurredAt: '2026-11-23T09:00:00-03:00',
          by: refs.professional,
          balanceAfter: 10,
        }),
      },
      sync: movementSyncRules,
    },
    {
      def: lotBalances,
      storageGroup: 'finance',
      review: inventoryReview.inventory_lot_balances,
      push: {
        record: storedRecord(lotBalanceOutput, {}),
        deletes: { refuse: 'o saldo de um lote não é apagado: ele é a soma das movimentações do lote' },
        sample: (refs) => ({ clinic: refs.clinic, product: refs.idOf('inventory_products'), lot: 'L1', quantity: 10 }),
      },
      sync: balanceSyncRules,
    },
    {
      def: inventoryCounts,
      storageGroup: 'finance',
      review: inventoryReview.inventory_counts,
      push: {
        record: storedRecord(countOutput, {}),
        deletes: { refuse: 'uma contagem não é apagada: ela explica os ajustes que gerou' },
        sample: (refs) => ({
          clinic: refs.clinic,
          status: 'open',
          openedAt: '2026-11-23T09:00:00-03:00',
          openedBy: refs.professional,
          lines: [],
          adjustments: [],
        }),
      },
      sync: countSyncRules,
    },
  ],
  operations: [
    ...productOperations,
    ...supplierOperations,
    ...categoryOperations,
    ...kitOperations,
    ...movementOperations,
    ...stockOperations,
    ...countOperations,
    exportStock,
    ...materialOperations,
  ],
});
