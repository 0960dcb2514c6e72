import { describe, expect, it } from 'vitest';
import type { BudgetDocument } from '#core/budget/budget-document-ops.js';
import type { Budget } from '#core/budget/budget-record.js';
import { budgetHtml, escapeHtml, planText } from './budget-print.js';

const budget = {
  id: 'b1',
  tenantId: 't',
  createdAt: '2026-11-23T10:00:00.000-03:00',
  updatedAt: '2026-11-23T10:00:00.000-03:00',
  budgetNumber: 42,
  status: 1,
  active: true,
  type: 'dental',
  patient: 'p1',
  clinic: 'c1',
  validUntil: '2026-12-23',
  value: 560.5,
  items: [
    { event: 'e1', quantity: 1, valueUnity: 180, totalValue: 180, copart: 30, tooth: '36', toothFace: ['O', 'M'] },
    { event: 'e1', quantity: 2, valueUnity: 190.25, totalValue: 380.5, toothRegion: 'ASAI' },
  ],
  paymentInformation: {
    entry: 100,
    quantity: 4,
    parcelValue: 115.13,
    lastParcelValue: 115.11,
    // Stored before payment methods were camelCase: still printed with its label.
    method: 'credit_card',
    period: 'monthly',
  },
} as unknown as Budget;

const document: BudgetDocument = {
  budget,
  clinic: { name: 'Clínica <Sorriso> & Cia' },
  patient: { name: 'Maria "Mari" d\'Ávila' },
  eventNames: { e1: 'Restauração <script>alert(1)</script>' },
};

describe('the printable budget', () => {
  it('shows the number, patient, lines with tooth and region, totals and the plan', () => {
    const html = budgetHtml(document);
    expect(html).toContain('ORÇAMENTO Nº 42');
    expect(html).toContain('Válido até 23/12/2026');
    expect(html).toContain('Dente 36');
    expect(html).toContain('Região ASAI');
    expect(html).toContain('Total do orçamento: R$ 560,50');
    expect(html).toContain('Coparticipação do paciente: R$ 30,00');
    expect(html).toContain('4 parcelas mensais: 3 de R$ 115,13 e a última de R$ 115,11');
    expect(html).toContain('Particular');
    expect(html).toContain('Meio: Cartão de crédito');
  });

  it('names the insurance with its plan and the patient’s card number, as the server’s PDF does', () => {
    const insured = {
      ...document,
      budget: { ...budget, patientData: { identificationOnInsurance: '0012 3456 7890' } } as Budget,
      insuranceName: 'Unimed',
      planName: 'Essencial',
    };
    expect(budgetHtml(insured)).toContain('Convênio: Unimed — Essencial — carteirinha 0012 3456 7890');
  });

  it('escapes every text from the records: a name cannot become markup', () => {
    const html = budgetHtml(document);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Restauração &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Clínica &lt;Sorriso&gt; &amp; Cia');
    expect(html).toContain('Maria &quot;Mari&quot; d&#39;Ávila');
    expect(escapeHtml(`<a href="x">'`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;');
  });

  it('words single and even plans', () => {
    const plan = budget.paymentInformation;
    expect(planText({ ...plan, quantity: 1, parcelValue: 460.5, lastParcelValue: 460.5 })).toBe(
      'Parcela única de R$ 460,50',
    );
    expect(planText({ ...plan, quantity: 2, parcelValue: 10, lastParcelValue: 10, period: undefined })).toBe(
      '2 parcelas de R$ 10,00',
    );
    expect(planText({ ...plan, quantity: 0 })).toBeUndefined();
  });
});
