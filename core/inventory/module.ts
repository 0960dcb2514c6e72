/**
 * Inventory (spec §4.4 Inventory): products, suppliers, categories, reserve reasons and kits; stock
 * as the sum of append-only movements per clinic, product and lot; counts; exports. The domain module
 * (core/module.ts); decisions in docs/decisions/inventory.md.
 */
import { z } from 'zod';
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
import { movementOperations } from './movement-ops.js';
import { inventoryMovements, movementOutput } from './movement-record.js';
import { productOperations } from './product-ops.js';
import { productOutput, products } from './product-record.js';
import { stockOperations } from './stock-ops.js';
import { supplierOperations } from './supplier-ops.js';
import { supplierOutput, suppliers } from './supplier-record.js';
import { balanceSyncRules, countSyncRules, inventoryAccess, movementSyncRules } from './sync-rules.js';

const nameKey = { nameKey: z.string().min(1) };

export const inventoryModule = domainModule({
  name: 'inventory',
  collections: [
    {
      def: products,
      push: {
        record: storedRecord(productOutput, nameKey),
        deletes: { refuse: 'um produto não é apagado: inative-o pela operação (as movimentações apontam para ele)' },
      },
      sync: inventoryAccess,
    },
    {
      def: suppliers,
      push: {
        record: storedRecord(supplierOutput, nameKey),
        deletes: { refuse: 'um fornecedor não é apagado: inative-o pela operação (o histórico fica)' },
      },
      sync: inventoryAccess,
    },
    {
      def: inventoryCategories,
      push: {
        record: storedRecord(categoryOutput, nameKey),
        deletes: { allow: 'inventory.category.delete removes a category for good; it only groups products' },
      },
      sync: inventoryAccess,
    },
    {
      def: reserveReasons,
      push: {
        record: storedRecord(reserveReasonOutput, nameKey),
        deletes: { refuse: 'um motivo de reserva não é apagado: as reservas apontam para ele' },
      },
      sync: inventoryAccess,
    },
    {
      def: kits,
      push: {
        record: storedRecord(kitOutput, nameKey),
        deletes: { refuse: 'um kit não é apagado: as baixas apontam para ele' },
      },
      sync: inventoryAccess,
    },
    {
      def: inventoryMovements,
      push: {
        record: storedRecord(movementOutput, {}),
        deletes: { refuse: 'uma movimentação de estoque não é apagada: lance um ajuste (o estoque é a soma delas)' },
      },
      sync: movementSyncRules,
    },
    {
      def: lotBalances,
      push: {
        record: storedRecord(lotBalanceOutput, {}),
        deletes: { refuse: 'o saldo de um lote não é apagado: ele é a soma das movimentações do lote' },
      },
      sync: balanceSyncRules,
    },
    {
      def: inventoryCounts,
      push: {
        record: storedRecord(countOutput, {}),
        deletes: { refuse: 'uma contagem não é apagada: ela explica os ajustes que gerou' },
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
  ],
});
