/**
 * The faturista's insurer records (TISS-035..037): an authorization batch of attendances still
 * waiting for the operator's senha, followed as codes are assigned; the insurer's billing plan with
 * its next closing, sending deadline and expected payment; a solicitation outside TISS kept with the
 * document sent. On the real RxDB memory store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assignAuthorization, createAttendance } from '#core/billing/attendance-ops.js';
import {
  authorizationBatches,
  createAuthorizationBatch,
  getAuthorizationBatch,
} from '#core/billing/authorization-batch.js';
import { billingPlans, createBillingPlan, nextBillingDates } from '#core/billing/billing-plan.js';
import { openBilling, type BillingHarness } from '#core/billing/testing.js';
import { createUnregulatedSolicitation, insuranceSolicitations } from '#core/billing/unregulated-solicitation.js';

let h: BillingHarness;
beforeEach(async () => {
  h = await openBilling();
});
afterEach(() => h.close());

async function billed() {
  const { attendance } = await h.run(createAttendance, { appointment: await h.attended([h.exam]) });
  return attendance.id;
}

describe('authorization batch', () => {
  it('groups attendances without a senha and shows each as authorized once its code is assigned', async () => {
    const [first, second] = [await billed(), await billed()];
    const { batch } = await h.run(createAuthorizationBatch, {
      clinic: h.clinic,
      insurance: h.insurance,
      attendances: [first, second],
      note: 'Pedido no portal',
    });
    expect(batch).toMatchObject({ pending: 2, entries: [{ status: 'pending' }, { status: 'pending' }] });
    await h.run(assignAuthorization, { id: first, authorizationCode: 'S123' });
    const read = await h.run(getAuthorizationBatch, { id: batch.id });
    expect(read.entries).toMatchObject([
      { attendance: first, status: 'authorized', authorizationCode: 'S123' },
      { attendance: second, status: 'pending' },
    ]);
    expect(read.pending).toBe(1);
    const again = await h
      .run(createAuthorizationBatch, { clinic: h.clinic, insurance: h.insurance, attendances: [first] })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'validation' });
    expect(JSON.stringify(again)).toContain('já tem senha');
    expect(await h.ctx.store.collection(authorizationBatches).find()).toHaveLength(1);
  });
});

describe('billing plan', () => {
  it('records the insurer’s calendar once per clinic and answers the next dates', async () => {
    const { plan } = await h.run(createBillingPlan, {
      insurance: h.insurance,
      clinic: h.clinic,
      closingDay: 25,
      sendingDeadlineDay: 10,
      paymentTermDays: 30,
    });
    expect(plan).toMatchObject({ guideTypes: ['consulta', 'spsadt'], next: { closing: expect.any(String) as string } });
    const twice = await h
      .run(createBillingPlan, {
        insurance: h.insurance,
        clinic: h.clinic,
        closingDay: 1,
        sendingDeadlineDay: 5,
        paymentTermDays: 15,
      })
      .catch((e: unknown) => e);
    expect(twice).toMatchObject({ code: 'conflict' });
    expect(await h.ctx.store.collection(billingPlans).find()).toHaveLength(1);
  });

  it('closes on the last day of a short month and sends in the month after', () => {
    expect(nextBillingDates({ closingDay: 31, sendingDeadlineDay: 10, paymentTermDays: 30 }, '2026-02-14')).toEqual({
      closing: '2026-02-28',
      sendingDeadline: '2026-03-10',
      expectedPayment: '2026-04-09',
    });
    expect(nextBillingDates({ closingDay: 20, sendingDeadlineDay: 5, paymentTermDays: 45 }, '2026-12-21')).toEqual({
      closing: '2027-01-20',
      sendingDeadline: '2027-02-05',
      expectedPayment: '2027-03-22',
    });
  });
});

describe('unregulated solicitation', () => {
  it('keeps a request outside TISS with its PDF, refuses a file that is not one', async () => {
    const attendance = await billed();
    const pdf = btoa('%PDF-1.4\n% pedido de material\n');
    const { solicitation } = await h.run(createUnregulatedSolicitation, {
      insurance: h.insurance,
      attendance,
      subject: 'Material especial',
      text: 'Pedido de liberação de placa de titânio, laudo anexo.',
      document: { format: 'pdf', fileName: 'laudo.pdf', content: pdf },
      protocol: 'OP-1182',
    });
    expect(solicitation).toMatchObject({
      patient: h.patient,
      attendance,
      protocol: 'OP-1182',
      document: { format: 'pdf' },
    });
    const notPdf = await h
      .run(createUnregulatedSolicitation, {
        insurance: h.insurance,
        subject: 'x',
        text: 'y',
        document: { format: 'pdf', fileName: 'a.pdf', content: btoa('GIF89a') },
      })
      .catch((e: unknown) => e);
    expect(notPdf).toMatchObject({ code: 'validation' });
    const badXml = await h
      .run(createUnregulatedSolicitation, {
        insurance: h.insurance,
        subject: 'x',
        text: 'y',
        document: { format: 'xml', fileName: 'a.xml', content: '<pedido><sem-fim>' },
      })
      .catch((e: unknown) => e);
    expect(badXml).toMatchObject({ code: 'validation' });
    expect(await h.ctx.store.collection(insuranceSolicitations).find()).toHaveLength(1);
  });
});
