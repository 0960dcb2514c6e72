/**
 * The receipt of a patient's prepayment (adiantamento, FIN-021) over REST on SQLite: a deposit of
 * R$ 1.234,56 by PIX prints on A5 and on the 80 mm roll with the clinic's CNPJ, the patient's CPF, the
 * amount in R$ and by extenso and the words that say it is credit, not the payment of a bill; the
 * refund of unapplied credit has no receipt (409).
 */
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBudgetFixture, type BudgetFixture } from '../../test/budget/budget-fixture.js';

type Json = Record<string, unknown>;
let f: BudgetFixture;
beforeAll(async () => {
  f = await openBudgetFixture({ apiKeyRatePerMinute: 10_000 });
}, 60_000);
afterAll(() => f?.server.close());

const ok = async (method: string, path: string, body?: unknown, status = 200) => {
  const res = await f.call(method, path, body);
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
  return res.body as Json;
};

async function pdfText(body: Json): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.from(body.content as string, 'base64')) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

describe('the receipt of a prepayment', () => {
  it('prints a deposit as credit of the patient, A5 and 80 mm; a credit refund has none', async () => {
    await ok('POST', '/clinic/', { name: 'Clínica Bem Viver', cnpj: '11.222.333/0001-81' }, 201);
    await ok(
      'POST',
      '/finance/account',
      {
        name: 'Conta PIX',
        kind: 'digital',
        pixKey: '11222333000181',
        pixName: 'Clinica Bem Viver',
        pixCity: 'Sao Paulo',
      },
      201,
    );
    const { patient } = (await ok('POST', '/patient/', { name: 'Ana Souza', cpf: '529.982.247-25' }, 201)) as {
      patient: { id: string };
    };
    const deposit = (await ok(
      'POST',
      `/finance/patient/${patient.id}/credit`,
      { value: 1234.56, method: 'pix', note: 'Tratamento ortodôntico' },
      201,
    )) as { entry: { id: string } };
    const a5 = await ok('GET', `/finance/credit/${deposit.entry.id}/receipt`);
    expect(a5.fileName).toMatch(/^recibo-adiantamento-\w{8}\.pdf$/);
    const text = await pdfText(a5);
    expect(text).toContain('RECIBO DE ADIANTAMENTO');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('CPF 529.982.247-25');
    expect(text).toContain('R$ 1.234,56');
    expect(text).toContain('mil duzentos e trinta e quatro reais e cinquenta e seis centavos');
    expect(text).toContain('a título de adiantamento');
    expect(text).toContain('crédito do paciente');
    expect(text).toContain('Forma de pagamento: PIX');
    expect(text).toContain('br.gov.bcb.pix');

    const slip = await ok('GET', `/finance/credit/${deposit.entry.id}/receipt?format=thermal`);
    expect(slip.fileName).toMatch(/-80mm\.pdf$/);
    const slipText = await pdfText(slip);
    expect(slipText).toContain('CPF 529.982.247-25');
    // One slip: the printer cuts after it.
    expect(slipText).toContain('-- 1 of 1 --');
    expect(Buffer.from(slip.content as string, 'base64').toString('latin1')).toMatch(/MediaBox \[0 0 226\.77\d* /);

    const refund = (await ok(
      'POST',
      `/finance/patient/${patient.id}/creditRefund`,
      { value: 34.56, method: 'pix', note: 'Sobra do tratamento' },
      201,
    )) as { entry: { id: string } };
    expect((await f.call('GET', `/finance/credit/${refund.entry.id}/receipt`)).status).toBe(409);
  }, 60_000);
});
