import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from '#core/patient/patient-ops.js';
import { createBill } from './bill-ops.js';
import { applyCredit, depositCredit, getCredit, refundCredit } from './credit-ops.js';
import { patientPaymentInformation, unmarkReceived } from './payment-ops.js';
import { registerFlux } from './register-flux-ops.js';
import { getRegister, openRegister } from './register-ops.js';
import { openFinance, type FinanceHarness } from './testing.js';

let h: FinanceHarness;
let patient: string;
beforeAll(async () => {
  h = await openFinance();
  ({
    patient: { id: patient },
  } = await h.run(createPatient, { name: 'João Adiantado', cellPhone: '(11) 91234-5678' }));
});
afterAll(() => h.close());

const receivable = (value: number, who = patient) =>
  h.run(createBill, { type: 'receivable', value, description: 'Tratamento', patient: who, dueDate: '2026-12-10' });

describe('patient credit (adiantamento)', () => {
  it('is a liability until applied: in the register as a prepayment, never as a bill receipt', async () => {
    const { register } = await h.run(openRegister, { station: 'credito-1', changeFund: 0 });
    const deposit = await h.run(depositCredit, {
      patient,
      value: 500,
      method: 'cash',
      register: register.id,
      station: 'credito-1',
    });
    expect(deposit.credit).toEqual({ received: 500, applied: 0, refunded: 0, unapplied: 500 });
    const flux = await h.run(registerFlux, { from: '2026-11-23', to: '2026-11-23', station: 'credito-1' });
    expect(flux).toMatchObject({ in: 500, net: 500, bills: 0, prepayments: 500, byKind: { prepayment: 500 } });
    expect((await h.run(getRegister, { id: register.id })).register.byMethod).toEqual({ cash: 500 });
    const info = await h.run(patientPaymentInformation, { patient });
    expect(info.credit.unapplied).toBe(500);
    expect(info.paid.count).toBe(0);
  });

  it('applying it pays the bill (revenue of that bill) without moving a register; a reversal gives it back', async () => {
    const { finance } = await receivable(320.55);
    const applied = await h.run(applyCredit, { id: finance.id });
    expect(applied.finance).toMatchObject({ status: 'paid', open: 0 });
    expect(applied.payment).toMatchObject({ method: 'patientCredit', received: 320.55 });
    expect(applied.credit).toEqual({ received: 500, applied: 320.55, refunded: 0, unapplied: 179.45 });
    const flux = await h.run(registerFlux, { from: '2026-11-23', to: '2026-11-23', station: 'credito-1' });
    expect(flux.net).toBe(500);

    const { finance: bigger } = await receivable(250);
    const partly = await h.run(applyCredit, { id: bigger.id });
    expect(partly.finance).toMatchObject({ status: 'partial', open: 70.55 });
    expect(partly.credit.unapplied).toBe(0);
    const none = await h.failure(applyCredit, { id: bigger.id });
    expect(none.details).toEqual([{ path: 'id', message: 'crédito não aplicado: R$ 0,00' }]);

    await h.run(unmarkReceived, { id: finance.id, reason: 'lançado na conta errada' });
    expect((await h.run(getCredit, { patient })).credit).toEqual({
      received: 500,
      applied: 179.45,
      refunded: 0,
      unapplied: 320.55,
    });
  });

  it('refuses more than the credit, and hands back only what is unapplied', async () => {
    const { finance } = await receivable(400);
    const over = await h.failure(applyCredit, { id: finance.id, value: 400 });
    expect(over.details).toEqual([{ path: 'value', message: 'a aplicar R$ 400,00, crédito não aplicado R$ 320,55' }]);
    const tooMuch = await h.failure(refundCredit, { patient, value: 320.56, method: 'pix', note: 'desistência' });
    expect(tooMuch.details[0]).toMatchObject({ path: 'value' });
    const back = await h.run(refundCredit, {
      patient,
      value: 20.55,
      method: 'cash',
      register: (await h.run(openRegister, { station: 'credito-2', changeFund: 50 })).register.id,
      station: 'credito-2',
      note: 'troco do adiantamento',
    });
    expect(back.credit).toEqual({ received: 500, applied: 179.45, refunded: 20.55, unapplied: 300 });
    const flux = await h.run(registerFlux, { from: '2026-11-23', to: '2026-11-23', station: 'credito-2' });
    expect(flux).toMatchObject({ prepayments: -20.55, bills: 0 });
    const { entries } = await h.run(getCredit, { patient });
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['deposit', 500],
      ['refund', 20.55],
    ]);
  });

  it('pays only a bill to receive of a patient', async () => {
    const { finance } = await h.run(createBill, {
      type: 'payable',
      value: 10,
      description: 'Tarifa',
      dueDate: '2026-12-01',
    });
    expect((await h.failure(applyCredit, { id: finance.id })).details).toEqual([
      { path: 'id', message: 'conta a pagar' },
    ]);
  });
});
