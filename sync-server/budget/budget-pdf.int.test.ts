import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { BudgetDocument } from '#core/budget/budget-document-ops.js';
import type { Budget } from '#core/budget/budget-record.js';
import { brl, renderBudgetPdf } from './budget-pdf.js';

function longBudget(lines: number): BudgetDocument {
  const budget: Budget = {
    id: 'b1',
    tenantId: 't1',
    createdAt: '2026-11-23T09:00:00.000-03:00',
    updatedAt: '2026-11-23T09:00:00.000-03:00',
    active: true,
    type: 'dental',
    budgetNumber: 77,
    patient: 'p1',
    clinic: 'c1',
    status: 0,
    items: Array.from({ length: lines }, () => ({
      typeModel: 'Event' as const,
      quantity: 1,
      valueUnity: 100,
      totalValue: 100,
      event: 'e1',
      tooth: '11',
    })),
    value: lines * 100,
    paymentInformation: { quantity: 7, entry: 0, parcelValue: 857.14, lastParcelValue: 857.16 },
    validUntil: '2026-12-23',
  };
  return { budget, eventNames: { e1: 'Clareamento <caseiro> & consultório com nome longo que quebra a linha' } };
}

describe('budget PDF', () => {
  it('continues a long budget on more pages, numbered, with the plan and the last instalment', async () => {
    const bytes = await renderBudgetPdf(longBudget(60));
    const parser = new PDFParse({ data: bytes });
    try {
      const { text, total } = await parser.getText();
      expect(total).toBeGreaterThanOrEqual(2);
      expect(text).toContain(`página ${total} de ${total}`);
      expect(text).toContain('Clareamento <caseiro> & consultório');
      expect(text).toContain('7 parcelas: 6 de R$ 857,14 e a última de R$ 857,16');
      expect(text).toContain('Total do orçamento: R$ 6.000,00');
      expect(text).toContain('Particular');
    } finally {
      await parser.destroy();
    }
  });

  it('prints the clinic CNPJ and the phones with their Brazilian punctuation (issue 20)', async () => {
    const doc: BudgetDocument = {
      ...longBudget(1),
      clinic: {
        name: 'Clínica Sorriso',
        legalName: 'Sorriso Odontologia Ltda',
        cnpj: '12345678000190',
        phone: '+551133334444',
      },
      patient: { name: 'Ana Souza', cpf: '52998224725', cellPhone: '+5511983469134' },
    };
    const parser = new PDFParse({ data: await renderBudgetPdf(doc) });
    try {
      const { text } = await parser.getText();
      expect(text).toContain('CNPJ 12.345.678/0001-90');
      expect(text).toContain('(11) 3333-4444');
      expect(text).toContain('(11) 98346-9134');
      expect(text).toContain('CPF 529.982.247-25');
      expect(text).not.toContain('12345678000190');
      expect(text).not.toContain('+55');
    } finally {
      await parser.destroy();
    }
  });

  it('writes reais the Brazilian way', () => {
    expect(brl(1234.5)).toBe('R$ 1.234,50');
    expect(brl(0.01)).toBe('R$ 0,01');
  });
});
