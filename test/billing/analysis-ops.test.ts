/** The operator's analysis entered by hand (a return sent as PDF or spreadsheet), then appealed (issue 25). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enterAnalysis } from '#core/billing/analysis-ops.js';
import { getAttendance } from '#core/billing/attendance-ops.js';
import { addAttendances, createBatch } from '#core/billing/batch-ops.js';
import { createAppeal } from '#core/billing/glosa-ops.js';
import { openBilling, type BillingHarness } from '#core/billing/testing.js';
import { sendBatch } from '#core/billing/tiss-ops.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

// The server reads the ANS schemas from disk (core reads none).
setTissSchemaSource(diskTissSchemas);

let h: BillingHarness;
beforeEach(async () => {
  h = await openBilling();
});
afterEach(() => h.close());

describe('glosa entered by hand', () => {
  it('records a refused line after sending, refuses incoherent values, and the appeal takes it', async () => {
    const { batch } = await h.run(createBatch, { clinic: h.clinic, insurance: h.insurance, guideType: 'spsadt' });
    const filled = await h.run(addAttendances, {
      id: batch.id,
      appointments: [await h.attended([h.consultation, h.exam])],
    });
    const id = filled.attendances[0]!;
    const entry = { id, status: '3' as const, released: 150, glosas: [{ sequence: 2, code: '1801', value: 45.9 }] };
    expect(await h.failure(enterAnalysis, entry)).toMatchObject({ code: 'invalid_transition' });
    await h.run(sendBatch, { id: batch.id, protocol: '202611270001' });
    expect(await h.failure(enterAnalysis, { ...entry, released: 160 })).toMatchObject({
      code: 'validation',
      details: [{ path: 'released', message: 'liberado mais glosado passa do total da guia (R$ 195,90)' }],
    });
    expect(await h.failure(enterAnalysis, { ...entry, glosas: [{ sequence: 3, code: '18' }] })).toMatchObject({
      code: 'validation',
      details: [expect.objectContaining({ path: 'glosas.0.code' })],
    });
    await h.run(enterAnalysis, entry);
    expect((await h.run(getAttendance, { id })).analysis).toMatchObject({
      status: '3',
      released: 150,
      glosas: [{ sequence: 2, code: '1801', value: 45.9 }],
    });
    const { appeal } = await h.run(createAppeal, { id: batch.id, justification: 'Exame pedido na consulta' });
    expect(appeal).toMatchObject({ total: 45.9 });
  });
});
