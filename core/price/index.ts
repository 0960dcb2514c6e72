/** Price tables and prices: collections, operations, CSV import and export, money helpers. */
export { priceModule } from './module.js';

export { importPriceCsv, type PriceImportOptions, type PriceImportReport } from './csv-import-ops.js';
export { readCsvRows, textChunks, type CsvRow, type CsvRowReader } from './csv-rows.js';
export { fromCentavos, reaisInput, sumReais, toCentavos } from './money.js';
export { prices, priceTables, type Price, type PriceTable } from './price-table-record.js';
