/**
 * The reception's charge of an attended appointment at its register, and its receipts, over REST on
 * SQLite: the copart is charged in part in cash and the rest by PIX in one call each (the charge and
 * the bill made on the way), each payment's receipt says who paid what (CNPJ, CPF, R$ and by extenso,
 * method, date), the PIX one carries the BR Code, and the 80 mm slip says the same.
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
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('charging an appointment at the register, with receipts', () => {
  it('charges the copart in cash and PIX and prints both receipts, A5 and 80 mm', async () => {
    const { clinic } = (await ok(
      'POST',
      '/clinic/',
      { name: 'Clínica Bem Viver', cnpj: '11.222.333/0001-81', phone: '(11) 3333-4444' },
      201,
    )) as { clinic: { id: string } };
    const { patient } = (await ok(
      'POST',
      '/patient/',
      { name: 'João Pereira', cpf: '529.982.247-25', cellPhone: '(11) 98765-4321' },
      201,
    )) as { patient: { id: string } };
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
    const { appointment } = (await ok(
      'POST',
      '/appointment/',
      {
        clinic: clinic.id,
        patient: patient.id,
        professional: f.refs.professional,
        start: '2026-11-24T09:00:00-03:00',
        end: '2026-11-24T09:30:00-03:00',
      },
      201,
    )) as { appointment: { id: string } };
    await ok('PUT', `/appointment/${appointment.id}/copart`, { copart: 135.5 });
    await ok('POST', `/appointment/${appointment.id}/attendance`);
    await ok('POST', `/appointment/${appointment.id}/attendance/start`);
    await ok('POST', `/appointment/${appointment.id}/attendance/end`);
    const { register } = (await ok('POST', '/finance/register', { station: 'recepcao-1', changeFund: 50 }, 201)) as {
      register: { id: string };
    };
    const charge = `/finance/register/${register.id}/appointmentCharge`;
    const cash = (await ok(
      'POST',
      charge,
      { station: 'recepcao-1', appointment: appointment.id, method: 'cash', value: 35.5 },
      201,
    )) as { finance: { id: string; open: number; status: string }; payment: { id: string } };
    expect(cash.finance).toMatchObject({ open: 100, status: 'partial' });
    const pix = (await ok(
      'POST',
      charge,
      { station: 'recepcao-1', appointment: appointment.id, method: 'pix' },
      201,
    )) as {
      finance: { id: string; status: string };
      payment: { id: string; received: number; account: string };
    };
    expect(pix.finance).toMatchObject({ id: cash.finance.id, status: 'paid' });
    expect(pix.payment.received).toBe(100);
    expect(pix.payment.account).toBeTruthy();
    const again = await f.call('POST', charge, { station: 'recepcao-1', appointment: appointment.id, method: 'cash' });
    expect(again.status).toBe(409);
    const other = await f.call('POST', charge, { station: 'recepcao-2', appointment: appointment.id, method: 'cash' });
    expect(other.status).toBe(403);

    const held = (await ok('GET', `/finance/register/${register.id}`)) as { register: { byMethod: Json } };
    expect(held.register.byMethod).toEqual({ cash: 85.5, pix: 100 });

    const a5 = await ok('GET', `/finance/payment/${cash.payment.id}/receipt`);
    expect(a5.mediaType).toBe('application/pdf');
    expect(a5.fileName).toMatch(/^recibo-\w{8}\.pdf$/);
    const text = (await pdfText(a5)).replace(/\s+/g, ' ');
    expect(text).toContain('RECIBO');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('CPF 529.982.247-25');
    expect(text).toContain('R$ 35,50');
    expect(text).toContain('trinta e cinco reais e cinquenta centavos');
    expect(text).toContain('Forma de pagamento: Dinheiro');
    expect(text).toContain('Atendimento de 24/11/2026');
    expect(text).toContain('Em aberto: R$ 100,00');

    const slip = await ok('GET', `/finance/payment/${pix.payment.id}/receipt?format=thermal`);
    expect(slip.fileName).toMatch(/-80mm\.pdf$/);
    const slipText = (await pdfText(slip)).replace(/\s+/g, ' ');
    expect(slipText).toContain('cem reais');
    expect(slipText).toContain('Forma de pagamento: PIX');
    expect(slipText).toContain('br.gov.bcb.pix');
    const bytes = Buffer.from(slip.content as string, 'base64').toString('latin1');
    // 80 mm wide: 226.77 points.
    expect(bytes).toMatch(/MediaBox \[0 0 226\.77\d* /);
  }, 60_000);
});
