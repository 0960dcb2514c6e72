import { describe, expect, it } from 'vitest';
import { updateInsurance } from '#core/insurance/insurance-ops.js';
import { insuranceDraft, insuranceInput } from './insurance-draft.js';

describe('insurance draft', () => {
  it('leaves blank fields out and sends the return window as a number', () => {
    const draft = { ...insuranceDraft(null), name: 'Saúde Exemplo', ansRegistry: ' 123456 ', returnDays: '30' };
    expect(insuranceInput(draft)).toEqual({ name: 'Saúde Exemplo', ansRegistry: '123456', returnDays: 30 });
  });

  it('keeps a return window that is not a number as typed, so the core refuses it under its field', () => {
    const input = insuranceInput({ ...insuranceDraft(null), name: 'X', returnDays: 'trinta' });
    const parsed = updateInsurance.input.safeParse({ id: '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a4b', ...input });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['returnDays']);
  });

  it('reads an insurance back into the form', () => {
    const draft = insuranceDraft({
      id: 'a',
      name: 'Saúde Exemplo',
      tissVersion: '4.01.00',
      returnDays: 15,
      plans: [],
      active: true,
    } as never);
    expect(draft).toMatchObject({ name: 'Saúde Exemplo', tissVersion: '4.01.00', returnDays: '15', cnpj: '' });
  });
});
