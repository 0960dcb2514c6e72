import { describe, expect, it } from 'vitest';
import { actionsFor } from './BillsScreen.js';
import { formValuesOf, optionalReais, updateInput, type BillRow } from './bill-form.js';

const bill: BillRow = {
  id: 'b1',
  type: 'payable',
  description: 'Aluguel',
  value: 1234.56,
  paid: 0,
  open: 1234.56,
  dueDate: '2026-12-05',
  status: 'open',
  payee: 'Imobiliária Centro',
  account: 'a1',
  method: 'bankTransfer',
  source: 'manual',
};

describe('the Contas edit form', () => {
  it('shows pt-BR money and dates and sends back the fields it does not edit (a PUT clears what is left out)', () => {
    const values = formValuesOf(bill);
    expect(values).toEqual({ description: 'Aluguel', due: '05/12/2026', value: '1.234,56', category: null });
    const built = updateInput(bill, { ...values, due: '10/12/2026', value: 'R$ 1.300,00', category: 'c1' });
    expect(built).toEqual({
      input: {
        id: 'b1',
        value: 1300,
        description: 'Aluguel',
        dueDate: '2026-12-10',
        category: 'c1',
        payee: 'Imobiliária Centro',
        account: 'a1',
        method: 'bankTransfer',
      },
    });
  });

  it('names the fields that do not read, sending nothing', () => {
    expect(updateInput(bill, { ...formValuesOf(bill), due: '31/02/2026', value: '12,345' })).toEqual({
      problems: { dueDate: 'badDate', value: 'badAmount' },
    });
    expect([optionalReais(''), optionalReais('2,50'), optionalReais('abc')]).toEqual([undefined, 2.5, null]);
  });

  it('offers what the bill state allows', () => {
    expect(actionsFor({ status: 'open', paid: 0 })).toEqual(['edit', 'split', 'pay']);
    expect(actionsFor({ status: 'partial', paid: 10 })).toEqual(['edit', 'pay', 'refund', 'unmark']);
    expect(actionsFor({ status: 'paid', paid: 10 })).toEqual(['refund', 'unmark']);
    expect(actionsFor({ status: 'open', paid: 0 }, { credit: 2_500, history: true })).toEqual([
      'edit',
      'split',
      'pay',
      'credit',
      'history',
    ]);
    expect(actionsFor({ status: 'paid', paid: 10 }, { credit: 2_500, history: true })).toEqual([
      'refund',
      'unmark',
      'history',
    ]);
    expect(actionsFor({ status: 'split', paid: 0 })).toEqual([]);
  });
});
