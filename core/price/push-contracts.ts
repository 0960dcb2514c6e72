/** Push contracts of price tables and prices (core/sync/push-contract.ts). */
import { z } from 'zod';
import { declarePushContract, storedRecord } from '../sync/push-contract.js';
import { priceOutput, priceTableOutput } from './price-table-record.js';

declarePushContract('price_tables', {
  record: storedRecord(priceTableOutput, { nameKey: z.string().min(1) }),
  deletes: { refuse: 'uma tabela de preços não é apagada: desative-a pela operação (o histórico fica)' },
});

declarePushContract('prices', {
  record: storedRecord(priceOutput, {}),
  deletes: {
    allow: 'priceTable.alter and the CSV import replace and remove prices for good; quotes copy the value they used',
  },
});
