import { describe, expect, it } from 'vitest';
import { createBudget } from '#core/budget/budget-ops.js';
import { emptyForm, newLine, previewMoney, toBudgetInput, type BudgetForm } from './budget-form.js';

function dental(): BudgetForm {
  const form = emptyForm('clinic-1', 'dentist-1');
  form.patient = 'patient-1';
  form.lines = [
    { ...newLine('resin', 180), tooth: '36', toothFace: ['O', 'M'] },
    { ...newLine('resin', 180), tooth: '46', toothFace: ['O'] },
    { ...newLine('canal', undefined), valueUnity: '1.000,10', copart: '100', tooth: '11', toothFace: [] },
  ];
  form.plan = { entry: '200', quantity: '3', method: 'creditCard', period: 'monthly' };
  return form;
}

describe('the budget form', () => {
  it('becomes the create operation’s input, which the core’s schema accepts', () => {
    const { input, problems } = toBudgetInput(dental());
    expect(problems).toEqual([]);
    expect(input?.items?.map((i) => [i.event, i.quantity, i.valueUnity, i.copart, i.tooth, i.toothFace])).toEqual([
      ['resin', 1, 180, undefined, '36', ['O', 'M']],
      ['resin', 1, 180, undefined, '46', ['O']],
      ['canal', 1, 1000.1, 100, '11', undefined],
    ]);
    expect(input?.paymentInformation).toEqual({ entry: 200, quantity: 3, method: 'creditCard', period: 'monthly' });
    expect(createBudget.input.safeParse(input).success).toBe(true);
  });

  it('sends a product, kit or material line as its typeModel and item, without an event (BUD-040)', () => {
    const form = dental();
    form.lines = [newLine('resin', 180), { ...newLine('gloves', 3.35, 'Product'), quantity: '2,5' }];
    form.plan = { entry: '', quantity: '', method: '', period: '' };
    const { input, problems } = toBudgetInput(form);
    expect(problems).toEqual([]);
    expect(input?.items?.[1]).toEqual({ typeModel: 'Product', item: 'gloves', quantity: 2.5, valueUnity: 3.35 });
    expect(previewMoney(form).lineTotals).toEqual([180, 8.38]);
    expect(createBudget.input.safeParse(input).success).toBe(true);
  });

  it('sends the insurance plan as the patient’s data, and only with its insurance', () => {
    const form = { ...dental(), insurance: 'ins-1', insurancePlan: 'plan-1' };
    expect(toBudgetInput(form).input).toMatchObject({ insurance: 'ins-1', patientData: { insurancePlan: 'plan-1' } });
    expect(toBudgetInput({ ...form, insurance: '' }).input?.patientData).toBeUndefined();
  });

  it('totals in centavos and lets the last parcel absorb the rounding, as the core settles it', () => {
    const preview = previewMoney(dental());
    expect(preview.lineTotals).toEqual([180, 180, 1000.1]);
    expect(preview.value).toBe(1360.1);
    // 1160,10 in 3: 386,70 + 386,70 + 386,70 = 1160,10.
    expect(preview.plan).toEqual({ entry: 200, quantity: 3, parcelValue: 386.7, lastParcelValue: 386.7 });
    const form = dental();
    form.lines[2]!.valueUnity = '1.000,11';
    expect(previewMoney(form).plan).toEqual({ entry: 200, quantity: 3, parcelValue: 386.7, lastParcelValue: 386.71 });
  });

  it('names the field of a malformed amount, and the core’s reason for one that does not close', () => {
    const form = dental();
    form.lines[0]!.valueUnity = '18,0,0';
    form.plan.quantity = 'três';
    expect(toBudgetInput(form).problems.map((p) => p.path)).toEqual([
      'items.0.valueUnity',
      'paymentInformation.quantity',
    ]);
    const over = dental();
    over.lines[2]!.copart = '2.000';
    over.plan.entry = '9.999';
    expect(previewMoney(over).problems.map((p) => p.path)).toEqual(['items.2.copart']);
    const entry = dental();
    entry.plan.entry = '9.999';
    expect(previewMoney(entry).problems).toEqual([
      { path: 'paymentInformation.entry', message: 'entrada maior que o valor do orçamento' },
    ]);
  });
});
