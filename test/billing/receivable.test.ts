/** The receivable of a sent batch in finance (spec §4.4 Billing, issue 25), on the real RxDB memory store. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAttendances, createBatch } from '#core/billing/batch-ops.js';
import { createBatchReceivable } from '#core/billing/receivable-ops.js';
import { openBilling, type BillingHarness } from '#core/billing/testing.js';
import { sendBatch } from '#core/billing/tiss-ops.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { getBill } from '#core/finance/bill-ops.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

setTissSchemaSource(diskTissSchemas);

let h: BillingHarness;
beforeEach(async () => {
  h = await openBilling();
});
afterEach(() => h.close());

describe('receivable of a batch', () => {
  it('makes one bill to receive of the sent batch total, due when the contract says', async () => {
    const { batch } = await h.run(createBatch, { clinic: h.clinic, insurance: h.insurance, guideType: 'spsadt' });
    await h.run(addAttendances, {
      id: batch.id,
      appointments: [await h.attended([h.consultation, h.exam]), await h.attended([h.exam, h.exam])],
    });
    expect(await h.failure(createBatchReceivable, { id: batch.id, dueDate: '2026-12-30' })).toMatchObject({
      code: 'invalid_transition',
    });
    await h.run(sendBatch, { id: batch.id, protocol: '998877' });
    const { batch: billed } = await h.run(createBatchReceivable, { id: batch.id, dueDate: '2026-12-30' });
    expect(billed.receivable).toMatchObject({ amount: 287.7, dueDate: '2026-12-30' });
    const bill = await h.run(getBill, { id: billed.receivable!.bill });
    expect(bill).toMatchObject({
      type: 'receivable',
      value: 287.7,
      open: 287.7,
      dueDate: '2026-12-30',
      clinic: h.clinic,
      method: 'insurance',
      description: `Lote TISS ${batch.batchNumber} · Saúde Exemplo · protocolo 998877`,
    });
    expect(await h.failure(createBatchReceivable, { id: batch.id, dueDate: '2026-12-30' })).toMatchObject({
      code: 'conflict',
    });
  });
});
