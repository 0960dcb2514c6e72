/** Price tables and prices: collections, operations, CSV import and export, money helpers. */
import { exportPriceTable } from './csv-export.js';
import './push-contracts.js';
import { importPriceTableCsv } from './csv-import.js';
import { checkPricesOperation, pricesOfEventsOperation } from './price-lookup.js';
import { priceTableOperations } from './price-table-ops.js';
import { prices, priceTables } from './price-table-record.js';

export { importPriceCsv, type PriceImportOptions, type PriceImportReport } from './csv-import.js';
export { readCsvRows, textChunks, type CsvRow, type CsvRowReader } from './csv-rows.js';
export { fromCentavos, reaisInput, sumReais, toCentavos } from './money.js';
export { prices, priceTables, type Price, type PriceTable } from './price-table-record.js';

/** This group's collections, for `allCollections`. */
export const priceCollections = [priceTables, prices];
/** This group's operations, for `allOperations`. */
export const priceGroupOperations = [
  ...priceTableOperations,
  pricesOfEventsOperation,
  checkPricesOperation,
  importPriceTableCsv,
  exportPriceTable,
];
