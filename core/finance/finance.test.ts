import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBudget } from '#core/budget/budget-ops.js';
import { fullBudgetBody } from '#core/budget/testing.js';
import { receivables } from '#core/schedule/receivable-record.js';
import { testActor } from '#core/common/testing.js';
import { createAccount, listAccounts, removeAccount, updateAccount } from './account-ops.js';
import {
  billFromAppointment,
  billsFromBudget,
  createBill,
  getBill,
  listBills,
  splitBill,
  updateBill,
} from './bill-ops.js';
import { bills } from './bill-record.js';
import { createCategory, listCategories, removeCategory } from './category-ops.js';
import { markPaid, patientPaymentInformation, payBatch, unmarkReceived } from './payment-ops.js';
import { payments } from './payment-record.js';
import { retrievePixQrCode } from './pix-ops.js';
import { closeRegister, getRegister, openRegister, supplyCash, transferCash, withdrawCash } from './register-ops.js';
import { registerFlux } from './register-flux-ops.js';
import { openFinance, type FinanceHarness } from './testing.js';
import { createTransfer, deleteTransfer, updateTransfer } from './transfer-ops.js';

let h: FinanceHarness;
beforeAll(async () => {
  h = await openFinance();
});
afterAll(() => h.close());

const bill = (value: number, dueDate = '2026-11-30') =>
  h.run(createBill, { type: 'receivable', value, description: 'Consulta', patient: h.refs.patient, dueDate });

describe('accounts and categories', () => {
  it('creates, edits, lists and removes an account; removal is refused while a bill uses it, saying where', async () => {
    const { account } = await h.run(createAccount, { name: 'Banco do Brasil', kind: 'bank', bank: '001' });
    const edited = await h.run(updateAccount, { id: account.id, name: 'Banco do Brasil — movimento', kind: 'bank' });
    expect(edited).toMatchObject({ name: 'Banco do Brasil — movimento', kind: 'bank' });
    expect(edited).not.toHaveProperty('bank');
    expect((await h.run(listAccounts, { q: 'banco' })).items.map((a) => a.id)).toEqual([account.id]);
    expect((await h.failure(createAccount, { name: 'banco do brasil — MOVIMENTO', kind: 'cash' })).code).toBe(
      'conflict',
    );
    const { finance } = await h.run(createBill, {
      type: 'payable',
      value: 10,
      description: 'Tarifa',
      dueDate: '2026-11-30',
      account: account.id,
    });
    const refused = await h.failure(removeAccount, { id: account.id });
    expect(refused.code).toBe('conflict');
    expect(refused.message).toMatch(/em uso/);
    expect(refused.details).toEqual([{ path: 'id', message: 'usada em 1 conta(s) a pagar ou a receber' }]);
    await h.run(updateBill, { id: finance.id, value: 10, description: 'Tarifa', dueDate: '2026-11-30' });
    expect(await h.run(removeAccount, { id: account.id })).toEqual({ message: 'Conta removida' });
    expect((await h.run(listAccounts, { q: 'banco' })).items).toEqual([]);
  });

  it('keeps the chart of accounts at two levels of one kind; removal is refused while used', async () => {
    const { category: group } = await h.run(createCategory, { name: 'Receitas de atendimentos', kind: 'income' });
    const { category: sub } = await h.run(createCategory, { name: 'Consultas', kind: 'income', parent: group.id });
    const third = await h.failure(createCategory, { name: 'Retornos', kind: 'income', parent: sub.id });
    expect(third.details[0]).toMatchObject({ path: 'parent', message: expect.stringMatching(/dois níveis/) as string });
    const otherKind = await h.failure(createCategory, { name: 'Aluguel', kind: 'expense', parent: group.id });
    expect(otherKind.details[0]!.path).toBe('parent');
    expect((await h.run(listCategories, { kind: 'income' })).items.map((c) => c.name)).toEqual([
      'Consultas',
      'Receitas de atendimentos',
    ]);
    const wrongKind = await h.failure(createBill, {
      type: 'payable',
      value: 1,
      description: 'x',
      dueDate: '2026-11-30',
      category: sub.id,
    });
    expect(wrongKind.details).toEqual([{ path: 'category', message: 'use uma categoria de despesa' }]);
    await h.run(createBill, {
      type: 'receivable',
      value: 1,
      description: 'x',
      dueDate: '2026-11-30',
      category: sub.id,
    });
    const used = await h.failure(removeCategory, { id: sub.id });
    expect(used.details).toEqual([{ path: 'id', message: 'usada em 1 conta(s) a pagar ou a receber' }]);
    const parent = await h.failure(removeCategory, { id: group.id });
    expect(parent.details).toEqual([{ path: 'id', message: 'grupo de 1 subcategoria(s)' }]);
  });
});

describe('bills', () => {
  it('splits a bill into parcels that sum to it to the centavo, with monthly due dates', async () => {
    const { finance } = await bill(100);
    const { items } = await h.run(splitBill, { id: finance.id, quantity: 3, firstDueDate: '2026-12-31' });
    expect(items.map((b) => b.value)).toEqual([33.34, 33.33, 33.33]);
    expect(items.map((b) => b.dueDate)).toEqual(['2026-12-31', '2027-01-31', '2027-02-28']);
    expect(items.map((b) => [b.parcel, b.parcels, b.parent])).toEqual([
      [1, 3, finance.id],
      [2, 3, finance.id],
      [3, 3, finance.id],
    ]);
    expect((await h.run(getBill, { id: finance.id })).status).toBe('split');
    expect((await h.failure(splitBill, { id: finance.id, quantity: 2 })).code).toBe('invalid_transition');
  });

  it('marks paid with discount, interest and fine; a partial payment leaves the rest open; unmarking reopens', async () => {
    const { finance } = await bill(300, '2026-11-20');
    expect(finance.overdue).toBe(true);
    const first = await h.run(markPaid, { id: finance.id, value: 100, method: 'cash' });
    expect(first.finance).toMatchObject({ status: 'partial', paid: 100, open: 200 });
    expect(first.message).toMatch(/em aberto R\$ 200,00/);
    const second = await h.run(markPaid, { id: finance.id, discount: 10, interest: 1.33, fine: 4, method: 'pix' });
    expect(second.finance).toMatchObject({ status: 'paid', paid: 300, open: 0, overdue: false });
    expect(second.payment).toMatchObject({ value: 200, discount: 10, interest: 1.33, fine: 4, received: 195.33 });
    expect((await h.failure(markPaid, { id: finance.id, method: 'cash' })).code).toBe('invalid_transition');
    const undone = await h.run(unmarkReceived, { id: finance.id, reason: 'PIX devolvido' });
    expect(undone.finance).toMatchObject({ status: 'partial', paid: 100, open: 200 });
    expect(undone.reversal).toMatchObject({ kind: 'reversal', reverses: second.payment.id, received: 195.33 });
    // The payments stay: two payments and one reversal.
    const stored = await h.ctx.store.collection(payments).find({ selector: { bill: finance.id } });
    expect(stored.map((p) => p.kind).sort()).toEqual(['payment', 'payment', 'reversal']);
  });

  it('refuses a payment above what is open, changing nothing', async () => {
    const { finance } = await bill(50);
    const error = await h.failure(markPaid, { id: finance.id, value: 50.01, method: 'cash' });
    expect(error.details[0]!.path).toBe('value');
    expect((await h.run(getBill, { id: finance.id })).paid).toBe(0);
  });

  it('pays a batch with expected values, or nothing when one differs', async () => {
    const a = (await bill(120)).finance;
    const b = (await bill(80)).finance;
    await h.run(markPaid, { id: b.id, value: 30, method: 'cash' });
    const refused = await h.failure(payBatch, {
      items: [
        { id: a.id, expected: 120 },
        { id: b.id, expected: 80 },
      ],
      method: 'bankTransfer',
    });
    expect(refused.code).toBe('conflict');
    expect(refused.details).toEqual([{ path: 'items.1.expected', message: 'em aberto R$ 50,00, esperado R$ 80,00' }]);
    expect((await h.run(getBill, { id: a.id })).status).toBe('open');
    const paid = await h.run(payBatch, {
      items: [
        { id: a.id, expected: 120 },
        { id: b.id, expected: 50, fine: 1 },
      ],
      method: 'bankTransfer',
    });
    expect(paid.received).toBe(171);
    expect(paid.items.map((i) => i.finance.status)).toEqual(['paid', 'paid']);
    expect(new Set(paid.items.map((i) => i.payment.batch))).toEqual(new Set([paid.batch]));
  });

  it("makes one bill from an appointment's charge, once", async () => {
    const now = '2026-11-23T09:00:00-03:00';
    const charge = await h.ctx.store.collection(receivables).insert({
      id: 'rec-1',
      tenantId: 't1',
      createdAt: now,
      updatedAt: now,
      appointment: 'appt-1',
      patient: h.refs.patient,
      clinic: h.refs.clinic,
      amountCentavos: 25_050,
      dueDate: '2026-11-23',
      description: 'Atendimento de 2026-11-23',
      paymentMethod: 'pix',
      status: 'open',
      createdBy: 'user-recepcao',
    });
    const { finance } = await h.run(billFromAppointment, { appointment: 'appt-1' });
    expect(finance).toMatchObject({ value: 250.5, receivable: charge.id, source: 'appointment', method: 'pix' });
    expect((await h.failure(billFromAppointment, { appointment: 'appt-1' })).code).toBe('conflict');
    expect((await h.failure(billFromAppointment, { appointment: 'appt-2' })).details[0]!.path).toBe('appointment');
  });

  it("makes the entry and parcels of an approved budget's plan, summing to its value", async () => {
    const { budget } = await h.run(createBudget, { ...fullBudgetBody(h.refs), status: 1 } as never);
    expect((await h.failure(billsFromBudget, { budget: budget.id })).code).toBe('invalid_transition');
    const { budget: approved } = await h.run(createBudget, { ...fullBudgetBody(h.refs), status: 2 } as never);
    const { items } = await h.run(billsFromBudget, { budget: approved.id, firstDueDate: '2026-12-05' });
    expect(items.map((b) => [b.value, b.dueDate, b.parcel])).toEqual([
      [50.5, '2026-12-05', 0],
      [200, '2027-01-05', 1],
      [200, '2027-02-05', 2],
      [200, '2027-03-05', 3],
    ]);
    expect(items.reduce((s, b) => s + Math.round(b.value * 100), 0)).toBe(65050);
    expect((await h.failure(billsFromBudget, { budget: approved.id })).code).toBe('conflict');
  });

  it("answers a patient's payment information: open, overdue and paid", async () => {
    const info = await h.run(patientPaymentInformation, { patient: h.refs.patient });
    const day = '2026-11-23';
    const pending = info.bills.filter((b) => b.open > 0);
    expect(info.overdue.count).toBe(pending.filter((b) => b.dueDate < day).length);
    expect(info.open.count).toBe(pending.filter((b) => b.dueDate >= day).length);
    expect(info.paid.count).toBe(info.bills.filter((b) => b.status === 'paid').length);
    expect(info.overdue.count).toBeGreaterThan(0);
    expect(info.payments.length).toBeGreaterThan(0);
  });
});

describe('cash register', () => {
  it('opens with a change fund, takes receipts, withdrawals, supplies and transfers, and closes by counting', async () => {
    const { account } = await h.run(createAccount, { name: 'Cofre', kind: 'cash' });
    const { register } = await h.run(openRegister, { station: 'recepcao-1', changeFund: 100 });
    expect(register).toMatchObject({ status: 'open', balance: 100, byMethod: { cash: 100 } });
    const { finance } = await bill(250);
    await h.run(markPaid, { id: finance.id, value: 150, method: 'cash', register: register.id, station: 'recepcao-1' });
    await h.run(markPaid, { id: finance.id, method: 'pix', register: register.id, station: 'recepcao-1' });
    await h.run(withdrawCash, { id: register.id, station: 'recepcao-1', value: 120, note: 'Cofre' });
    await h.run(supplyCash, { id: register.id, station: 'recepcao-1', value: 20 });
    await h.run(transferCash, { id: register.id, station: 'recepcao-1', value: 50, account: account.id });
    const tooMuch = await h.failure(withdrawCash, { id: register.id, station: 'recepcao-1', value: 500, note: 'x' });
    expect(tooMuch.details[0]!.message).toMatch(/há R\$ 100,00 em cash/);
    const other = await h.failure(supplyCash, { id: register.id, station: 'recepcao-2', value: 1 });
    expect(other.code).toBe('forbidden');
    const { register: now } = await h.run(getRegister, { id: register.id });
    expect(now.byMethod).toEqual({ cash: 100, pix: 100 });
    const short = await h.failure(closeRegister, {
      id: register.id,
      station: 'recepcao-1',
      counts: [
        { method: 'cash', counted: 99.5 },
        { method: 'pix', counted: 100 },
      ],
    });
    expect(short.details).toEqual([{ path: 'reason', message: 'cash: -R$ 0,50' }]);
    const closed = await h.run(closeRegister, {
      id: register.id,
      station: 'recepcao-1',
      counts: [
        { method: 'cash', counted: 99.5 },
        { method: 'pix', counted: 100 },
      ],
      reason: 'Troco a mais',
    });
    expect(closed.register.counts).toEqual([
      { method: 'cash', expected: 100, counted: 99.5, difference: -0.5 },
      { method: 'pix', expected: 100, counted: 100, difference: 0 },
    ]);
    expect((await h.failure(supplyCash, { id: register.id, station: 'recepcao-1', value: 1 })).code).toBe(
      'invalid_transition',
    );
    const flux = await h.run(registerFlux, { from: '2026-11-23', to: '2026-11-23', station: 'recepcao-1' });
    expect(flux).toMatchObject({ in: 370, out: 170, net: 200 });
    expect(flux.byKind).toEqual({ opening: 100, receipt: 250, withdrawal: -120, supply: 20, transfer: -50 });
  });

  it('keeps one open register per station; opening a new one starts closing the previous', async () => {
    const { register: first } = await h.run(openRegister, { station: 'recepcao-3' });
    const taken = await h.failure(openRegister, { station: 'recepcao-3' });
    expect(taken.details[0]!.message).toMatch(first.id);
    const { register, previous } = await h.run(openRegister, { station: 'recepcao-3', closePrevious: true });
    expect(previous).toMatchObject({ id: first.id, status: 'closing' });
    expect(register).toMatchObject({ status: 'open', previous: first.id });
    expect((await h.failure(supplyCash, { id: first.id, station: 'recepcao-3', value: 1 })).code).toBe(
      'invalid_transition',
    );
    const closed = await h.run(closeRegister, { id: first.id, station: 'recepcao-3', counts: [] });
    expect(closed.register.status).toBe('closed');
  });

  it('a reception user without finance:write takes payments but cannot reverse them', async () => {
    const reception = testActor(['cashier:read', 'cashier:write', 'finance:read']);
    const { finance } = await bill(40);
    await h.run(markPaid, { id: finance.id, method: 'cash' }, reception);
    expect((await h.failure(unmarkReceived, { id: finance.id, reason: 'x' }, reception)).code).toBe('forbidden');
    expect(
      (await h.failure(createBill, { type: 'payable', value: 1, description: 'x', dueDate: '2026-12-01' }, reception))
        .code,
    ).toBe('forbidden');
  });
});

describe('PIX QR code of a bill', () => {
  it("answers the BR Code of the bill's open amount to the account's key, and its QR", async () => {
    const { account } = await h.run(createAccount, {
      name: 'Conta PIX',
      kind: 'digital',
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      pixName: 'Clínica Sorriso',
      pixCity: 'São Paulo',
    });
    const { finance } = await bill(99.9);
    await h.run(markPaid, { id: finance.id, value: 9.9, method: 'cash' });
    const pix = await h.run(retrievePixQrCode, { id: finance.id, account: account.id });
    expect(pix.amount).toBe(90);
    expect(pix.payload).toContain('540590.00');
    expect(pix.payload).toContain(`05${String(pix.txid.length).padStart(2, '0')}${pix.txid}`);
    expect(pix.png).toMatch(/^data:image\/png;base64,/);
    const noKey = await h.run(createAccount, { name: 'Sem chave', kind: 'bank' });
    expect((await h.failure(retrievePixQrCode, { id: finance.id, account: noKey.account.id })).details[0]!.path).toBe(
      'account',
    );
    const stored = await h.ctx.store.collection(bills).get(finance.id);
    expect(stored?.paidCentavos).toBe(990);
  });
});

describe('medical transfers (Payment group)', () => {
  it("makes a payable of the professional's share of what bills collected, each bill once; edits and cancels it while unpaid", async () => {
    const a = (await bill(100.01)).finance;
    const b = (await bill(59.99)).finance;
    await h.run(markPaid, { id: a.id, method: 'cash' });
    await h.run(markPaid, { id: b.id, value: 30, method: 'pix' });
    const unpaid = (await bill(10)).finance;
    const refused = await h.failure(createTransfer, {
      professional: h.refs.professional,
      bills: [a.id, unpaid.id],
      percent: 40,
      dueDate: '2026-12-10',
    });
    expect(refused.details).toEqual([{ path: 'bills.1', message: 'nada recebido nesta conta' }]);
    const { finance } = await h.run(createTransfer, {
      professional: h.refs.professional,
      bills: [a.id, b.id],
      percent: 40,
      dueDate: '2026-12-10',
    });
    // 40% de R$ 100,01 = R$ 40,004 → R$ 40,00; de R$ 30,00 = R$ 12,00.
    expect(finance).toMatchObject({ type: 'payable', source: 'transfer', value: 52, transferBasisPoints: 4000 });
    expect((await h.run(getBill, { id: a.id })).transfer).toBe(finance.id);
    const twice = await h.failure(createTransfer, {
      professional: h.refs.professional,
      bills: [a.id],
      percent: 10,
      dueDate: '2026-12-10',
    });
    expect(twice.details[0]!.message).toMatch(`já repassada em ${finance.id}`);
    const edited = await h.run(updateTransfer, { id: finance.id, bills: [a.id], percent: 35.5, dueDate: '2026-12-15' });
    expect(edited.value).toBe(35.5);
    expect((await h.run(getBill, { id: b.id })).transfer).toBeUndefined();
    const byHand = await h.failure(updateBill, { id: finance.id, value: 99, description: 'x', dueDate: '2026-12-15' });
    expect(byHand.code).toBe('invalid_transition');
    const cancelled = await h.run(deleteTransfer, { id: finance.id });
    expect(cancelled.finance.status).toBe('cancelled');
    expect((await h.run(getBill, { id: a.id })).transfer).toBeUndefined();
  });
});

describe('listing bills', () => {
  it('lists bills of one type by due date, optionally by status, a page at a time', async () => {
    const all = await h.run(listBills, { type: 'receivable', limit: 100 });
    const dates = all.items.map((b) => b.dueDate);
    expect(dates).toEqual([...dates].sort());
    expect(all.items.every((b) => b.type === 'receivable')).toBe(true);
    const paid = await h.run(listBills, { type: 'receivable', status: 'paid', limit: 100 });
    expect(paid.items.length).toBeGreaterThan(0);
    expect(paid.items.every((b) => b.status === 'paid')).toBe(true);
    const first = await h.run(listBills, { type: 'receivable', limit: 2 });
    const second = await h.run(listBills, { type: 'receivable', limit: 2, cursor: first.next! });
    expect([...first.items, ...second.items].map((b) => b.id)).toEqual(all.items.slice(0, 4).map((b) => b.id));
  });
});
