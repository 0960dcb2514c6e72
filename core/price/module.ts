/** Price tables and prices, with CSV import and export: the domain module (core/module.ts). */
import { r, rw } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { exportPriceTable } from './csv-export-ops.js';
import { importPriceTableCsv } from './csv-import-ops.js';
import { pricesOfItemsOperation } from './item-price-ops.js';
import { checkPricesOperation, pricesOfEventsOperation } from './price-lookup-ops.js';
import { priceTableOperations } from './price-table-ops.js';
import { prices, priceTables } from './price-table-record.js';
import { pricePush, priceTablePush } from './push-contracts.js';
import { priceReview } from './review.js';

export const priceModule = domainModule({
  name: 'price',
  access: {
    resources: ['price', 'priceTable'],
    roles: { staff: r('priceTable', 'price'), finance: rw('priceTable', 'price') },
  },
  collections: [
    { def: priceTables, storageGroup: 'reference', review: priceReview.price_tables, push: priceTablePush },
    { def: prices, storageGroup: 'reference', review: priceReview.prices, push: pricePush },
  ],
  operations: [
    ...priceTableOperations,
    pricesOfEventsOperation,
    checkPricesOperation,
    pricesOfItemsOperation,
    importPriceTableCsv,
    exportPriceTable,
  ],
});
