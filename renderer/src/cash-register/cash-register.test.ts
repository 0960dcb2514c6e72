import { describe, expect, it } from 'vitest';
import type { ReceiptDocument } from '#core/finance/receipt-document.js';
import { sectionsFor } from '../nav-sections.js';
import { centavosOfText, textOfCentavos } from './money-field.js';
import { receiptHtml } from './receipt-print.js';

const doc: ReceiptDocument = {
  paymentId: 'p1',
  number: '1A2B3C4D',
  clinicName: 'Clínica <Bem> Viver',
  clinicLines: ['CNPJ 11.222.333/0001-81'],
  payerName: 'Ana "Teste" & Cia',
  payerCpf: '529.982.247-25',
  amount: 'R$ 35,50',
  amountWords: 'trinta e cinco reais e cinquenta centavos',
  method: 'PIX',
  date: '27/11/2026',
  reference: 'Atendimento de 27/11/2026',
  body: 'Recebemos de Ana "Teste" & Cia <script>alert(1)</script>',
  placeAndDate: '27/11/2026',
  detailLines: ['Em aberto: R$ 100,00'],
  pixPayload: '00020126360014br.gov.bcb.pix',
};

describe('the Caixa entry', () => {
  it('shows to those who run a register (reception, finance, admin), not to professionals or the totem', () => {
    const has = (role: Parameters<typeof sectionsFor>[0]) => sectionsFor(role).some((s) => s.id === 'cashRegister');
    expect([has('reception'), has('finance'), has('admin')]).toEqual([true, true, true]);
    expect([has('professional'), has('totem')]).toEqual([false, false]);
  });

  it('shows the bills to those who read finance: reception, finance and admin', () => {
    const has = (role: Parameters<typeof sectionsFor>[0]) => sectionsFor(role).some((s) => s.id === 'bills');
    expect([has('reception'), has('finance'), has('admin'), has('professional'), has('totem')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('money typed at the register', () => {
  it.each([
    ['35,50', 3550],
    ['35,5', 3550],
    ['1.234,56', 123456],
    ['R$ 150', 15000],
  ])('reads %s as %i centavos', (text, centavos) => {
    expect(centavosOfText(text)).toBe(centavos);
  });

  it('refuses what is not an amount and writes centavos back as typed', () => {
    expect(centavosOfText('35,5x')).toBeUndefined();
    expect(centavosOfText('1,234')).toBeUndefined();
    expect(textOfCentavos(3550)).toBe('35,50');
  });
});

describe('the receipt page', () => {
  it('escapes every text from a record and keeps the QR and the payload', () => {
    const html = receiptHtml(doc, 'thermal', '<svg id="qr"></svg>');
    expect(html).toContain('Clínica &lt;Bem&gt; Viver');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<svg id="qr"></svg>');
    expect(html).toContain('00020126360014br.gov.bcb.pix');
    expect(html).toContain('size: 80mm auto');
  });

  it('prints A5 without a QR section when the payment was not by PIX', () => {
    const { pixPayload: _pix, ...cash } = doc;
    const html = receiptHtml({ ...cash, method: 'Dinheiro' }, 'a5');
    expect(html).toContain('size: A5');
    expect(html).not.toContain('class="qr"');
  });
});

describe('the patient payment counts', () => {
  it('says "nenhuma conta", "1 conta", "2 contas"', async () => {
    const { t } = await import('../i18n/index.js');
    expect([0, 1, 2].map((count) => t('finance.patient.bills', { count }, 'pt-BR'))).toEqual([
      'nenhuma conta',
      '1 conta',
      '2 contas',
    ]);
  });
});
