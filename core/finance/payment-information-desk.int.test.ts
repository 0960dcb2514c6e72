import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPatient } from '#core/patient/patient-ops.js';
import { dexieStorage } from '#core/store/rxdb/index.js';
import { createBill } from './bill-ops.js';
import { depositCredit } from './credit-ops.js';
import { markPaid, patientPaymentInformation } from './payment-ops.js';
import { openRegister } from './register-ops.js';
import { openFinance, type FinanceHarness } from './testing.js';

// RxDB's Dexie storage advertises its premium storages once per process; keep the test output clean.
const warn = console.warn.bind(console);
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (!String(args[0]).includes('RxDB Open Core RxStorage')) warn(...args);
});

// The desk's storage (RxDB on Dexie), where the patient's bills, payments and credit are read through the
// (patient, dueDate), (patient, paidAt) and (patient, at) indexes (payment-ops.ts, credit-balance.ts).
let h: FinanceHarness;
let ana: string;
let bruno: string;
beforeAll(async () => {
  h = await openFinance(dexieStorage(indexedDB, IDBKeyRange));
  ana = (await h.run(createPatient, { name: 'Ana Desk' })).patient.id;
  bruno = (await h.run(createPatient, { name: 'Bruno Desk' })).patient.id;
  const bill = (patient: string, value: number, dueDate: string) =>
    h.run(createBill, { type: 'receivable', value, description: 'Consulta', patient, dueDate });
  const overdue = await bill(ana, 100, '2026-10-10');
  await bill(ana, 250.5, '2026-12-10');
  const paid = await bill(ana, 80, '2026-11-01');
  await h.run(markPaid, { id: paid.finance.id, value: 80, method: 'pix' });
  await h.run(markPaid, { id: overdue.finance.id, value: 40, method: 'cash' });
  for (let i = 0; i < 5; i++) await bill(bruno, 10 + i, `2026-11-0${i + 1}`);
  const { register } = await h.run(openRegister, { station: 'desk-1', changeFund: 0 });
  await h.run(depositCredit, { patient: ana, value: 30, method: 'cash', register: register.id, station: 'desk-1' });
});
afterAll(() => h.close());

describe("a patient's payment information on the desk's storage", () => {
  it('lists only that patient’s bills by due date, their payments newest first, and their credit', async () => {
    const info = await h.run(patientPaymentInformation, { patient: ana });
    expect(info.bills.map((b) => [b.dueDate, b.value])).toEqual([
      ['2026-10-10', 100],
      ['2026-11-01', 80],
      ['2026-12-10', 250.5],
    ]);
    expect(info.overdue).toEqual({ count: 1, value: 60 });
    expect(info.open).toEqual({ count: 1, value: 250.5 });
    expect(info.paid).toEqual({ count: 1, value: 80 });
    expect(info.payments.map((p) => p.received).sort()).toEqual([40, 80]);
    expect(info.credit.unapplied).toBe(30);
    const other = await h.run(patientPaymentInformation, { patient: bruno });
    expect(other.bills).toHaveLength(5);
    expect(other.payments).toHaveLength(0);
    expect(other.credit.unapplied).toBe(0);
  });
});
