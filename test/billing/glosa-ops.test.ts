/** Glosa import and refusal appeal on the real RxDB memory store (issue 25). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAttendance } from '#core/billing/attendance-ops.js';
import { addAttendances, createBatch } from '#core/billing/batch-ops.js';
import { createAppeal, importGlosa } from '#core/billing/glosa-ops.js';
import { STATEMENT } from '#core/billing/testing-statement.js';
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

describe('glosas', () => {
  it('imports the statement into the attendances and appeals the refused line', async () => {
    const { batch } = await h.run(createBatch, { clinic: h.clinic, insurance: h.insurance, guideType: 'spsadt' });
    const filled = await h.run(addAttendances, {
      id: batch.id,
      appointments: [await h.attended([h.consultation, h.exam]), await h.attended([h.exam, h.consultation])],
    });
    const [paid, refused] = filled.attendances;
    const numbers = await Promise.all(
      [paid!, refused!].map(async (id) => (await h.run(getAttendance, { id })).guideNumber),
    );
    expect(await h.failure(createAppeal, { id: batch.id, justification: 'x' })).toMatchObject({
      code: 'invalid_transition',
    });
    await h.run(sendBatch, { id: batch.id });
    const statement = STATEMENT.replace(
      '<ans:numeroLotePrestador>42<',
      `<ans:numeroLotePrestador>${batch.batchNumber}<`,
    )
      .replace('<ans:numeroGuiaPrestador>1<', `<ans:numeroGuiaPrestador>${numbers[0]}<`)
      .replace('<ans:numeroGuiaPrestador>2<', `<ans:numeroGuiaPrestador>${numbers[1]}<`);
    const imported = await h.run(importGlosa, { id: batch.id, xml: statement });
    expect(imported).toMatchObject({ matched: 2, unmatched: [], batch: { protocol: '998877' } });
    expect((await h.run(getAttendance, { id: paid! })).analysis).toMatchObject({
      status: '3',
      released: 150,
      glosas: [],
    });
    expect((await h.run(getAttendance, { id: refused! })).analysis).toMatchObject({
      released: 0,
      glosas: [{ sequence: 1, code: '1801', value: 45.9 }],
    });
    const { appeal, batch: appealed } = await h.run(createAppeal, {
      id: batch.id,
      justification: 'Exame pedido na consulta; cobertura contratual',
    });
    expect(appeal).toMatchObject({ number: 1, total: 45.9 });
    expect(appeal.xml).toContain('<ans:numeroProtocolo>998877</ans:numeroProtocolo>');
    expect(appeal.xml).toContain(`<ans:numeroGuiaOrigem>${numbers[1]}</ans:numeroGuiaOrigem>`);
    expect(appeal.xml).toContain('<ans:codigoProcedimento>40101010</ans:codigoProcedimento>');
    expect(appealed.appeals).toEqual([expect.objectContaining({ number: 1, attendances: [refused], total: 45.9 })]);
  });

  it('refuses a statement that fails the schemas or is not of the batch', async () => {
    const { batch } = await h.run(createBatch, { clinic: h.clinic, insurance: h.insurance, guideType: 'consulta' });
    const broken = STATEMENT.replace('<ans:situacaoProtocolo>3<', '<ans:situacaoProtocolo>X<');
    expect(await h.failure(importGlosa, { id: batch.id, xml: broken })).toMatchObject({
      code: 'validation',
      details: [{ path: 'situacaoProtocolo' }],
    });
    expect(await h.failure(importGlosa, { id: batch.id, xml: STATEMENT })).toMatchObject({
      code: 'validation',
      details: [{ path: 'xml', message: `sem o lote ${batch.batchNumber}` }],
    });
  });
});
