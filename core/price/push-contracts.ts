/** Push contracts of price tables and prices (core/sync/push-contract.ts). */
import { z } from 'zod';
import { storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { priceOutput, priceTableOutput } from './price-table-record.js';

/** Push contract of `price_tables` (core/sync/push-contract.ts). */
export const priceTablePush: PushContract = {
  record: storedRecord(priceTableOutput, { nameKey: z.string().min(1) }),
  deletes: { refuse: 'uma tabela de preços não é apagada: desative-a pela operação (o histórico fica)' },
  sample: () => ({ name: 'Particular', nameKey: 'particular', active: true }),
};

/** Push contract of `prices` (core/sync/push-contract.ts). */
export const pricePush: PushContract = {
  record: storedRecord(priceOutput, {}),
  deletes: {
    allow: 'priceTable.alter and the CSV import replace and remove prices for good; quotes copy the value they used',
  },
  sample: (refs) => ({ priceTable: refs.idOf('price_tables'), event: refs.idOf('events'), value: 250 }),
};
