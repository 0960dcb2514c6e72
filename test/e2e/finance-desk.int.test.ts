/**
 * Contas and the patient's credit on a desk offline (issue 24, FIN-022..024), in headless Chromium
 * against the real server (SQLite file): with the server down, the desk creates a bill to receive by
 * hand, marks it paid in part, refunds part of that payment (the bill's history shows both), creates a
 * second bill, takes a prepayment by PIX on the patient page (its receipt previewed: CPF, amount by
 * extenso, "adiantamento"), and applies the credit to the second bill. Back online, REST answers the
 * same figures and prints the deposit's receipt as a PDF with the CPF and the amount. Screenshots at
 * 1366×768 and 1024×768 go to test-results/finance-desk/.
 */
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { until } from './until.js';

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let page: Page;
let patient: string;
const problems: string[] = [];

async function rest(method: string, path: string, body?: unknown, status = 200) {
  const res = await server.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

const dialog = () => page.getByRole('dialog');
const status = (text: string) => page.getByRole('status').filter({ hasText: text });
const billRow = (description: string) =>
  page.getByRole('table', { name: 'A receber' }).getByRole('row').filter({ hasText: description });
const act = (action: string, description: string) =>
  page.getByRole('button', { name: `${action}: ${description}`, exact: true });

async function newBill(description: string, value: string) {
  await page.getByRole('button', { name: 'Nova conta', exact: true }).click();
  await dialog().getByRole('combobox', { name: 'Paciente' }).fill('carla');
  await page.getByRole('option', { name: /Carla Mendes/ }).waitFor();
  await page.keyboard.press('Enter');
  await dialog().getByTestId('picked-patient').waitFor();
  await dialog().getByLabel('Descrição').fill(description);
  await dialog().getByLabel('Valor', { exact: true }).fill(value);
  await page.keyboard.press('Control+Enter');
  await status(`Conta criada: ${description}`).waitFor();
}

beforeAll(async () => {
  server = env.server;
  server.clock.advance(Date.now() - server.clock.now().getTime());
  const admin = await seedAdmin(server, 'Clinica Contas');
  token = admin.token;
  await rest(
    'POST',
    '/clinic/',
    { name: 'Clínica Bem Viver', cnpj: '11.222.333/0001-81', timeZone: 'America/Sao_Paulo' },
    201,
  );
  await rest(
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
  const created = (await rest(
    'POST',
    '/patient/',
    { name: 'Carla Mendes', cpf: '52998224725', birthDate: '1979-08-03' },
    201,
  )) as {
    patient: { id: string };
  };
  patient = created.patient.id;
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
}, 120_000);

describe('Contas and patient credit on a desk offline', () => {
  it('creates, pays in part, refunds, takes a deposit and applies it; REST and the PDF receipt agree', async () => {
    await signInAndEnrol(page, env.site.url, server, {
      email: 'admin@clinicacontas.test',
      password: 'senha-muito-segura-1',
      adminToken: token,
    });
    const sync = page.getByTestId('sync-indicator');
    await sync.filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    await env.api.stop();
    await sync.filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });

    // A bill by hand, paid R$ 100,00 of R$ 250,00, then R$ 40,00 of that payment refunded.
    await page.getByRole('button', { name: 'Contas', exact: true }).click();
    await page.getByText('Todas', { exact: true }).click();
    await newBill('Limpeza e profilaxia', '250,00');
    await billRow('Limpeza e profilaxia').filter({ hasText: 'R$ 250,00' }).waitFor();
    await act('Baixar', 'Limpeza e profilaxia').click();
    await dialog().getByLabel('Valor quitado').fill('100,00');
    await dialog().getByTestId('pay-total').filter({ hasText: 'R$ 100,00' }).waitFor();
    await page.keyboard.press('Control+Enter');
    await billRow('Limpeza e profilaxia')
      .filter({ hasText: 'Paga em parte' })
      .filter({ hasText: 'R$ 150,00' })
      .waitFor();

    await act('Estornar', 'Limpeza e profilaxia').click();
    const refundValue = dialog().getByLabel('Valor a devolver');
    await expect.poll(() => refundValue.inputValue()).toBe('100,00');
    await refundValue.fill('120,00');
    await dialog().getByLabel('Motivo').fill('Profilaxia não realizada');
    await page.keyboard.press('Control+Enter');
    await dialog().getByText('Acima do que resta deste pagamento (R$ 100,00).').waitFor();
    await refundValue.fill('40,00');
    await shot(page, 'finance-desk/refund-1366.png');
    await page.keyboard.press('Control+Enter');
    await status('Estorno de R$ 40,00; em aberto R$ 190,00').waitFor();
    await billRow('Limpeza e profilaxia').filter({ hasText: 'R$ 190,00' }).waitFor();

    await act('Histórico', 'Limpeza e profilaxia').click();
    const history = dialog().getByTestId('history-row');
    await history.nth(1).waitFor();
    expect((await history.nth(0).innerText()).replace(/\s+/g, ' ')).toMatch(/Pagamento PIX R\$ 100,00 R\$ 150,00/);
    expect((await history.nth(1).innerText()).replace(/\s+/g, ' ')).toMatch(
      /Estorno parcial PIX -R\$ 40,00 R\$ 190,00 Profilaxia não realizada/,
    );
    await shot(page, 'finance-desk/history-1366.png');
    await page.keyboard.press('Escape');

    await newBill('Clareamento dental', '300,00');

    // The deposit on the patient page, its receipt previewed on the desk.
    await page.getByRole('button', { name: 'Pacientes', exact: true }).click();
    await page.getByLabel('Buscar paciente').fill('carla');
    await page.getByRole('table', { name: 'Pacientes' }).getByRole('button', { name: 'Carla Mendes' }).click();
    const credit = page.getByTestId('patient-credit');
    await credit.getByRole('button', { name: 'Receber adiantamento' }).click();
    await dialog().getByLabel('Valor', { exact: true }).fill('500,00');
    await dialog().getByLabel('Observação').fill('Tratamento de clareamento');
    await page.keyboard.press('Control+Enter');
    const receipt = page.frameLocator('iframe[title="Pré-visualização do recibo"]');
    await receipt.getByText('RECIBO DE ADIANTAMENTO').waitFor();
    const text = (await receipt.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('CPF 529.982.247-25');
    expect(text).toContain('R$ 500,00 (quinhentos reais) a título de adiantamento');
    expect(text).toContain('Forma de pagamento: PIX');
    await receipt.locator('svg').first().waitFor();
    await shot(page, 'finance-desk/deposit-receipt-1366.png');
    await dialog().getByRole('button', { name: 'Imprimir' }).click();
    await page.keyboard.press('Escape');
    await credit.getByTestId('credit-unapplied').filter({ hasText: 'R$ 500,00' }).waitFor();

    // The credit pays the second bill.
    await page.getByRole('button', { name: 'Contas', exact: true }).click();
    await act('Usar crédito', 'Clareamento dental').click();
    await expect.poll(() => dialog().getByLabel('Valor a aplicar').inputValue()).toBe('300,00');
    await shot(page, 'finance-desk/apply-credit-1366.png');
    await page.keyboard.press('Control+Enter');
    await status('Crédito aplicado: R$ 300,00').waitFor();
    await page.getByText('Todas', { exact: true }).click();
    await billRow('Clareamento dental').filter({ hasText: 'Quitada' }).waitFor();
    await shot(page, 'finance-desk/bills-1366.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'finance-desk/bills-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByRole('button', { name: 'Pacientes', exact: true }).click();
    await page.getByLabel('Buscar paciente').fill('carla');
    await page.getByRole('table', { name: 'Pacientes' }).getByRole('button', { name: 'Carla Mendes' }).click();
    await credit.getByTestId('credit-unapplied').filter({ hasText: 'R$ 200,00' }).waitFor();
    expect((await credit.innerText()).replace(/\s+/g, ' ')).toContain(
      'Recebido R$ 500,00 · aplicado R$ 300,00 · devolvido R$ 0,00',
    );
    await credit.scrollIntoViewIfNeeded();
    await shot(page, 'finance-desk/patient-credit-1366.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await credit.scrollIntoViewIfNeeded();
    await shot(page, 'finance-desk/patient-credit-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });

    // Back online: REST has the same figures, and the deposit's receipt PDF.
    await env.api.start();
    await sync.filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 60_000 });
    const info = await until(
      () => rest('GET', `/finance/patient/${patient}/paymentInformation`),
      (i) => (i.credit as { applied?: number } | undefined)?.applied === 300,
    );
    expect(info.credit).toEqual({ received: 500, applied: 300, refunded: 0, unapplied: 200 });
    const bills = info.bills as { description: string; value: number; open: number; status: string }[];
    expect(bills.find((b) => b.description === 'Limpeza e profilaxia')).toMatchObject({
      value: 250,
      open: 190,
      status: 'partial',
    });
    expect(bills.find((b) => b.description === 'Clareamento dental')).toMatchObject({
      value: 300,
      open: 0,
      status: 'paid',
    });
    const { entries } = (await rest('GET', `/finance/patient/${patient}/credit`)) as {
      entries: { id: string; kind: string; amount: number; method: string }[];
    };
    expect(entries).toEqual([expect.objectContaining({ kind: 'deposit', amount: 500, method: 'pix' })]);
    const pdf = await rest('GET', `/finance/credit/${entries[0]!.id}/receipt`);
    const parser = new PDFParse({ data: new Uint8Array(Buffer.from(pdf.content as string, 'base64')) });
    const pdfText = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(pdfText).toContain('CPF 529.982.247-25');
    expect(pdfText).toContain('R$ 500,00');
    expect(pdfText).toContain('quinhentos reais');
    expect(problems).toEqual([]);
  }, 240_000);
});
