/**
 * Push contracts of the inventory (products, suppliers, categories, reserve reasons, kits, materials and
 * exams, movements, lot balances, counts): the registry-wide checks of suite.ts for this module's
 * collections; run by push-contracts.int.test.ts. A new collection of the module needs no case here: add
 * the operation write that stores its first record to `writeThroughOperations` below (the first case
 * fails until one does).
 */
import type { GroupSuite } from './suite.js';

export const inventory: GroupSuite = {
  group: 'inventory',
  async writeThroughOperations({ write, refs }) {
    const category = (await write('POST', '/inventory/category/', { name: 'Anestésicos' })) as { id: string };
    await write('POST', '/inventory/reserveReason/', { name: 'Cirurgia agendada' });
    const supplier = (await write('POST', '/inventory/supplier/', {
      name: 'Dental Sul',
      cnpj: '11.222.333/0001-81',
    })) as { id: string };
    const product = (await write('POST', '/inventory/product/', {
      name: 'Lidocaína 2%',
      kind: 'medication',
      purchaseUnit: 'caixa',
      consumptionUnit: 'tubete',
      unitsPerPurchase: 50,
      category: category.id,
      suppliers: [supplier.id],
    })) as { id: string };
    await write('POST', '/inventory/kit/', { name: 'Kit anestesia', items: [{ product: product.id, quantity: 1 }] });
    await write('POST', '/inventory/movement/', {
      clinic: refs.clinic,
      product: product.id,
      kind: 'entry',
      quantity: 1,
      inPurchaseUnits: true,
      lot: 'L1',
      expiry: '2027-12-31',
      supplier: supplier.id,
    });
    await write('POST', `/inventory/clinic/${refs.clinic}/count`, {});
    await write('POST', '/materialOrExam/import', {
      items: [{ tussTable: '19', code: '70000018', name: 'Fio de sutura', unit: 'UN', price: 12.5 }],
    });
  },
};
