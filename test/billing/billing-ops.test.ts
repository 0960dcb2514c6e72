/** Billing operations on the real RxDB memory store (issue 25). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testActor } from '#core/common/testing.js';
import { alterPriceTable } from '#core/price/price-table-ops.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { STATUS } from '#core/schedule/status.js';
import {
  addExpenses,
  assignAuthorization,
  createAttendance,
  getAttendance,
  justifyAttendance,
} from '#core/billing/attendance-ops.js';
import { billingAttendances } from '#core/billing/attendance-record.js';
import {
  addAttendances,
  createBatch,
  deleteBatch,
  getBatch,
  listBatches,
  removeAttendances,
  revalueBatch,
} from '#core/billing/batch-ops.js';
import { openBilling, type BillingHarness } from '#core/billing/testing.js';
import { cancelBatchSending, getBatchTissXml, sendBatch, setBatchProtocol } from '#core/billing/tiss-ops.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

// The server reads the ANS schemas from disk (core reads none).
setTissSchemaSource(diskTissSchemas);

let h: BillingHarness;
beforeEach(async () => {
  h = await openBilling();
});
afterEach(() => h.close());

async function consultaBatch() {
  const { batch } = await h.run(createBatch, { clinic: h.clinic, insurance: h.insurance, guideType: 'consulta' });
  return batch;
}

describe('billing batches', () => {
  it('bills attended appointments as consultation guides and writes a valid TISS batch', async () => {
    const batch = await consultaBatch();
    expect(batch).toMatchObject({ batchNumber: 1, status: 'open', tissVersion: '4.01.00', total: 0 });
    const first = await h.attended([h.consultation]);
    const second = await h.attended([h.consultation], '2026-11-21T10:00:00-03:00');
    const filled = await h.run(addAttendances, { id: batch.id, appointments: [first, second] });
    expect(filled).toMatchObject({ guides: 2, total: 300 });
    const [attendance] = await h.ctx.store.collection(billingAttendances).find({ selector: { appointment: first } });
    expect(attendance).toMatchObject({
      guideType: 'consulta',
      cardNumber: '0012345678901',
      batch: batch.id,
      professionalData: { council: '06', state: '35', cbo: '225120', councilNumber: '123456' },
      items: [{ code: '10101012', table: '22', unitValue: 150, quantity: 1, date: '2026-11-20' }],
    });
    const xml = await h.run(getBatchTissXml, { id: batch.id });
    expect(xml.problems).toEqual([]);
    expect(xml).toMatchObject({ valid: true, encoding: 'ISO-8859-1' });
    expect(xml.fileName).toBe(`00000000000000000001_${xml.hash}.xml`);
    expect(xml.xml).toContain('<ans:registroANS>123456</ans:registroANS>');
    expect(xml.xml).toContain('<ans:codigoPrestadorNaOperadora>PREST001</ans:codigoPrestadorNaOperadora>');
    expect(xml.xml).toContain(
      '<ans:dataRegistroTransacao>2026-11-23</ans:dataRegistroTransacao><ans:horaRegistroTransacao>09:00:00',
    );
  });

  it('puts exams and other expenses in SP/SADT guides with authorization and return marks', async () => {
    const { batch } = await h.run(createBatch, { clinic: h.clinic, insurance: h.insurance, guideType: 'spsadt' });
    const { attendance } = await h.run(createAttendance, { appointment: await h.attended([h.consultation, h.exam]) });
    expect(attendance).toMatchObject({ guideType: 'spsadt', total: 195.9 });
    await h.run(addExpenses, {
      id: attendance.id,
      expenses: [
        { expenseCode: '03', code: '70000001', description: 'Eletrodo descartável', quantity: 10, unitValue: 0.35 },
      ],
    });
    await h.run(assignAuthorization, { id: attendance.id, authorizationCode: 'A998877' });
    const justified = await h.run(justifyAttendance, {
      id: attendance.id,
      justification: 'Retorno com exame',
      returnVisit: true,
    });
    expect(justified).toMatchObject({
      authorizationCode: 'A998877',
      authorizationDate: '2026-11-20',
      returnVisit: true,
      total: 199.4,
    });
    await h.run(addAttendances, { id: batch.id, attendances: [attendance.id] });
    const xml = await h.run(getBatchTissXml, { id: batch.id });
    expect(xml.problems).toEqual([]);
    expect(xml.xml).toContain('<ans:tipoConsulta>2</ans:tipoConsulta>');
    expect(xml.xml).toContain('<ans:observacao>Retorno com exame</ans:observacao>');
    expect(xml.xml).toContain(
      '<ans:valorMateriais>3.50</ans:valorMateriais><ans:valorTotalGeral>199.40</ans:valorTotalGeral>',
    );
    expect((await h.run(getBatch, { id: batch.id })).total).toBe(199.4);
  });

  it('refuses what does not fit a batch and changes nothing', async () => {
    const batch = await consultaBatch();
    const exam = await h.attended([h.exam]);
    const error = await h.failure(addAttendances, {
      id: batch.id,
      appointments: [await h.attended([h.consultation]), exam],
    });
    expect(error).toMatchObject({ code: 'validation', details: [{ path: 'attendances' }] });
    expect(error.details[0]!.message).toContain('spsadt');
    expect(await h.ctx.store.collection(billingAttendances).count()).toBe(0);
    expect((await h.run(getBatch, { id: batch.id })).guides).toBe(0);
    const scheduled = await h.attended([h.consultation]);
    const appointment = (await h.ctx.store.collection(appointments).get(scheduled))!;
    await h.ctx.store
      .collection(appointments)
      .update(scheduled, appointment._rev, { ...appointment, status: STATUS.scheduled });
    expect(await h.failure(createAttendance, { appointment: scheduled })).toMatchObject({ code: 'invalid_transition' });
    const billed = await h.attended([h.consultation]);
    await h.run(createAttendance, { appointment: billed });
    expect(await h.failure(createAttendance, { appointment: billed })).toMatchObject({ code: 'conflict' });
  });

  it('removes attendances, deletes a batch releasing them all', async () => {
    const batch = await consultaBatch();
    const filled = await h.run(addAttendances, {
      id: batch.id,
      appointments: [await h.attended([h.consultation]), await h.attended([h.consultation])],
    });
    const [one, two] = filled.attendances;
    const after = await h.run(removeAttendances, { id: batch.id, attendances: [one!] });
    expect(after).toMatchObject({ guides: 1, total: 150, attendances: [two] });
    expect((await h.run(getAttendance, { id: one! })).batch).toBeUndefined();
    expect(await h.run(deleteBatch, { id: batch.id })).toEqual({ message: 'Lote excluído', released: 1 });
    expect((await h.run(getAttendance, { id: two! })).batch).toBeUndefined();
    expect(await h.failure(getBatch, { id: batch.id })).toMatchObject({ code: 'not_found' });
    const again = await consultaBatch();
    expect((await h.run(addAttendances, { id: again.id, attendances: [one!, two!] })).guides).toBe(2);
  });

  it('revalues prices from the price table in force', async () => {
    const batch = await consultaBatch();
    await h.run(addAttendances, { id: batch.id, appointments: [await h.attended([h.consultation])] });
    await h.run(alterPriceTable, {
      id: h.priceTable,
      name: 'Convênio Saúde 2026',
      prices: [{ event: h.consultation, value: 172.35 }],
    });
    const revalued = await h.run(revalueBatch, { id: batch.id });
    expect(revalued).toMatchObject({ changed: 1, unpriced: [], batch: { total: 172.35 } });
    expect((await h.run(revalueBatch, { id: batch.id })).changed).toBe(0);
  });

  it('sends only a valid batch, locks it, keeps the protocol and cancels the sending', async () => {
    const batch = await consultaBatch();
    expect(await h.failure(sendBatch, { id: batch.id })).toMatchObject({
      code: 'validation',
      details: [{ path: 'attendances', message: 'lote sem atendimentos' }],
    });
    const { attendances } = await h.run(addAttendances, {
      id: batch.id,
      appointments: [await h.attended([h.consultation])],
    });
    const sent = await h.run(sendBatch, { id: batch.id });
    expect(sent.status).toBe('sent');
    expect(sent.sendings).toHaveLength(1);
    expect(await h.failure(removeAttendances, { id: batch.id, attendances })).toMatchObject({
      code: 'invalid_transition',
    });
    expect(await h.failure(justifyAttendance, { id: attendances[0]!, returnVisit: true })).toMatchObject({
      code: 'invalid_transition',
    });
    expect(await h.failure(deleteBatch, { id: batch.id })).toMatchObject({ code: 'invalid_transition' });
    expect((await h.run(setBatchProtocol, { id: batch.id, protocol: '998877' })).sendings[0]!.protocol).toBe('998877');
    const reopened = await h.run(cancelBatchSending, { id: batch.id, reason: 'Operadora recusou no portal' });
    expect(reopened).toMatchObject({
      status: 'open',
      sendings: [{ protocol: '998877', cancelled: { reason: 'Operadora recusou no portal' } }],
    });
    expect(reopened.protocol).toBeUndefined();
    expect((await h.run(listBatches, { status: 'open' })).items.map((b) => b.id)).toEqual([batch.id]);
  });

  it('answers an invalid batch with the validator problems on the TISS fields', async () => {
    const batch = await consultaBatch();
    const { attendance } = await h.run(createAttendance, { appointment: await h.attended([h.consultation]) });
    const stored = (await h.ctx.store.collection(billingAttendances).get(attendance.id))!;
    await h.ctx.store
      .collection(billingAttendances)
      .update(stored.id, stored._rev, { ...stored, professionalData: { ...stored.professionalData, cbo: '000000' } });
    await h.run(addAttendances, { id: batch.id, attendances: [attendance.id] });
    const error = await h.failure(sendBatch, { id: batch.id });
    expect(error).toMatchObject({
      code: 'validation',
      details: [{ path: 'CBOS', message: 'Valor fora do padrão TISS no campo CBOS' }],
    });
    expect((await h.run(getBatch, { id: batch.id })).status).toBe('open');
  });

  it('guards billing data by permission at the store', async () => {
    const batch = await consultaBatch();
    const reception = testActor(['appointment:read', 'patient:read', 'insurance:read']);
    expect(await h.failure(getBatch, { id: batch.id }, reception)).toMatchObject({ code: 'forbidden' });
  });
});
