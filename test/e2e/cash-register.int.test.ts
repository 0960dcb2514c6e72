/**
 * The reception's register offline all day (issue 24), in headless Chromium against the real server
 * (SQLite file): with the server down, the desk checks a patient in, opens its register with the
 * change fund, charges one copart in cash (change computed) and another by PIX (the BR Code's QR on
 * screen), shows and prints each receipt, takes a sangria and closes the register counting 50 centavos
 * short, with the reason; the patient page and the bills list show what was paid. Back online, the server's REST answers the same figures. Screenshots at
 * 1366×768 and 1024×768 go to test-results/cash-register/.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../sync-server/auth/test-server.js';
import { seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openDeskPage, signInAndEnrol } from './desk-page.js';
import { shot } from './screenshot.js';
import { until } from './until.js';

const env = deskEnvironment();
let server: SyncTestServer;
let token: string;
let page: Page;
const patients: Record<string, string> = {};
const problems: string[] = [];

/** Half-hour slot at or before now in São Paulo, capped at 22:00, plus `offsetMinutes`. */
function slotNow(offsetMinutes = 0): { start: string; end: string } {
  const local = new Date(Date.now() - 3 * 3_600_000);
  const hour = Math.min(local.getUTCHours(), 22);
  const minutes = hour * 60 + (local.getUTCHours() > 22 ? 0 : local.getUTCMinutes() >= 30 ? 30 : 0) + offsetMinutes;
  const day = local.toISOString().slice(0, 10);
  const at = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { start: `${day}T${at(minutes)}:00-03:00`, end: `${day}T${at(minutes + 30)}:00-03:00` };
}
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

async function rest(method: string, path: string, body?: unknown, status = 200) {
  const res = await server.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

const syncIndicator = () => page.getByTestId('sync-indicator');
const dialog = () => page.getByRole('dialog');
const receiptFrame = (): FrameLocator => page.frameLocator('iframe[title="Pré-visualização do recibo"]');
const chargeRow = (name: string) => page.getByTestId('charge-row').filter({ hasText: name });

beforeAll(async () => {
  server = env.server;
  server.clock.advance(Date.now() - server.clock.now().getTime());
  const admin = await seedAdmin(server, 'Clinica Caixa');
  token = admin.token;
  const clinic = (await rest(
    'POST',
    '/clinic/',
    {
      name: 'Clínica Bem Viver',
      cnpj: '11.222.333/0001-81',
      timeZone: 'America/Sao_Paulo',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '23:30' })),
    },
    201,
  )) as { clinic: { id: string } };
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
  const professional = await addMember(server, admin.tenantId, {
    email: 'ana@caixa.test',
    password: 'senha-muito-segura-2',
    role: 'professional',
    name: 'Dra. Ana Lima',
  });
  for (const [name, cpf, offset, copart, method] of [
    ['Maria Aparecida da Silva', '52998224725', 0, 35.5, 'cash'],
    ['João Pedro Oliveira', '11144477735', 30, 80, 'pix'],
  ] as const) {
    const { patient } = (await rest('POST', '/patient/', { name, cpf, birthDate: '1985-04-12' }, 201)) as {
      patient: { id: string };
    };
    patients[name] = patient.id;
    const { appointment } = (await rest(
      'POST',
      '/appointment/',
      { clinic: clinic.clinic.id, professional, patient: patient.id, ...slotNow(offset) },
      201,
    )) as { appointment: { id: string } };
    await rest('PUT', `/appointment/${appointment.id}/copart`, { copart });
    await rest('PUT', `/appointment/${appointment.id}/paymentMethod`, { paymentMethod: method });
  }
  page = await openDeskPage(env.browser, env.api.url, problems);
  await page.setViewportSize({ width: 1366, height: 768 });
}, 120_000);

describe('the register of a desk offline', () => {
  it('charges coparts in cash and PIX, prints receipts, takes a sangria and closes with a difference; REST agrees', async () => {
    await signInAndEnrol(page, env.site.url, server, {
      email: 'admin@clinicacaixa.test',
      password: 'senha-muito-segura-1',
      adminToken: token,
    });
    await page.getByRole('columnheader', { name: 'Dra. Ana Lima' }).waitFor({ timeout: 30_000 });
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 30_000 });
    await env.api.stop();
    await syncIndicator().filter({ hasText: 'Sem conexão' }).waitFor({ timeout: 30_000 });

    // Attend: Maria arrives, is seen and is done (on the desk's own database).
    await page.locator('[data-cell][aria-label*="Maria Aparecida da Silva, Agendado"]').click();
    const panel = page.getByTestId('appointment-panel');
    await panel.waitFor();
    for (const [key, status] of [
      ['a', 'Aguardando'],
      ['i', 'Em atendimento'],
      ['f', 'Atendido'],
    ] as const) {
      await page.keyboard.press(key);
      await panel.getByText(status, { exact: true }).waitFor();
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Caixa', exact: true }).click();
    await page.getByLabel('Fundo de troco').fill('150,00');
    await page.keyboard.press('Enter');
    await page.getByTestId('register-status').filter({ hasText: 'Aberto desde' }).waitFor();

    // Cash: 35,50 with 50,00 handed over.
    await chargeRow('Maria Aparecida da Silva').getByRole('button', { name: 'Receber' }).click();
    expect(await dialog().getByLabel('Valor', { exact: true }).inputValue()).toBe('35,50');
    await dialog().getByLabel('Valor entregue').fill('50,00');
    await dialog().getByTestId('cash-change').filter({ hasText: 'Troco: R$ 14,50' }).waitFor();
    await dialog().getByRole('button', { name: 'Confirmar recebimento' }).click();
    await receiptFrame().getByText('RECIBO').waitFor();
    const cashReceipt = (await receiptFrame().locator('main').innerText()).replace(/\s+/g, ' ');
    expect(cashReceipt).toContain('CNPJ 11.222.333/0001-81');
    expect(cashReceipt).toContain('CPF 529.982.247-25');
    expect(cashReceipt).toContain('R$ 35,50 (trinta e cinco reais e cinquenta centavos)');
    expect(cashReceipt).toContain('Forma de pagamento: Dinheiro');
    await shot(page, 'cash-register/receipt-cash-1366.png');
    await dialog().getByRole('button', { name: 'Imprimir' }).click();
    await page.keyboard.press('Escape');

    // PIX: the QR of 80,00 on screen, then the receipt with the same BR Code.
    await chargeRow('João Pedro Oliveira').getByRole('button', { name: 'Receber' }).click();
    const qr = dialog().getByRole('img', { name: 'QR code PIX de R$ 80,00' });
    await qr.waitFor();
    const payload = await dialog().getByLabel('PIX copia e cola').inputValue();
    expect(payload).toMatch(/^000201.*br\.gov\.bcb\.pix.*5405 ?80\.00.*6304[0-9A-F]{4}$/);
    await shot(page, 'cash-register/pix-qr-1366.png');
    await dialog().getByRole('button', { name: 'Confirmar recebimento' }).click();
    await receiptFrame().locator('svg').first().waitFor();
    const pixReceipt = (await receiptFrame().locator('main').innerText()).replace(/\s+/g, ' ');
    expect(pixReceipt).toContain('R$ 80,00 (oitenta reais)');
    expect(pixReceipt).toContain(payload);
    await dialog().getByText('Folha A5', { exact: true }).click();
    await shot(page, 'cash-register/receipt-pix-a5-1366.png');
    await page.keyboard.press('Escape');

    // Sangria of 100,00 to the safe.
    await page.getByRole('button', { name: 'Sangria', exact: true }).click();
    await dialog().getByLabel('Valor em dinheiro').fill('100,00');
    await dialog().getByLabel('Destino (cofre, depósito…)').fill('Cofre');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('status').filter({ hasText: 'Sangria registrada' }).waitFor();
    const balance = page.getByTestId('register-balance');
    await balance.getByText('R$ 85,50').waitFor();
    await shot(page, 'cash-register/register-1366.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'cash-register/register-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });

    // Close: cash counted 50 centavos short, PIX as expected, with the reason.
    await page.getByRole('button', { name: 'Fechar caixa' }).click();
    await dialog().getByLabel('Contado em Dinheiro').fill('85,00');
    await dialog().getByLabel('Contado em PIX').fill('80,00');
    await dialog().getByTestId('difference-cash').filter({ hasText: '-R$ 0,50' }).waitFor();
    await dialog().getByRole('button', { name: 'Fechar caixa' }).click();
    await dialog().getByText('Diferença no fechamento: informe o motivo').waitFor();
    await dialog().getByLabel('Motivo da diferença').fill('Troco dado a mais');
    await shot(page, 'cash-register/close-1366.png');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('status').filter({ hasText: 'Caixa fechado com diferença registrada' }).waitFor();
    await page.getByTestId('register-status').filter({ hasText: 'Fechado' }).waitFor();

    // The patient page says what Maria paid (read on the desk, still offline).
    await page.getByRole('button', { name: 'Pacientes', exact: true }).click();
    await page.getByLabel('Buscar paciente').fill('maria aparecida');
    await page
      .getByRole('table', { name: 'Pacientes' })
      .getByRole('button', { name: 'Maria Aparecida da Silva' })
      .click();
    const payments = page.getByTestId('patient-payments');
    await payments.getByRole('row').filter({ hasText: 'Atendimento de' }).filter({ hasText: 'Quitada' }).waitFor();
    expect((await payments.innerText()).replace(/\s+/g, ' ')).toContain('Pago R$ 35,50 1 conta');
    await payments.scrollIntoViewIfNeeded();
    await shot(page, 'cash-register/patient-payments-1366.png');

    // The bills to receive, settled ones.
    await page.getByRole('button', { name: 'Contas', exact: true }).click();
    await page.getByText('Quitadas', { exact: true }).click();
    const received = page.getByRole('table', { name: 'A receber' });
    await received
      .getByRole('row')
      .filter({ hasText: 'João Pedro Oliveira' })
      .filter({ hasText: 'R$ 80,00' })
      .waitFor();
    await received.getByRole('row').filter({ hasText: 'Maria Aparecida da Silva' }).waitFor();
    await shot(page, 'cash-register/bills-1366.png');

    // Back online: the server has the same figures.
    await env.api.start();
    await syncIndicator().filter({ hasText: 'Sincronizado' }).waitFor({ timeout: 60_000 });
    const flux = await until(
      () => rest('GET', `/finance/registerFlux?from=${today()}&to=${today()}`),
      (f) => (f.registers as { status: string }[] | undefined)?.[0]?.status === 'closed',
    );
    expect(flux).toMatchObject({
      in: 265.5,
      out: 100,
      net: 165.5,
      byMethod: { cash: 85.5, pix: 80 },
      byKind: { opening: 150, receipt: 115.5, withdrawal: -100 },
    });
    const id = (flux.registers as { register: string }[])[0]!.register;
    const { register } = (await rest('GET', `/finance/register/${id}`)) as { register: Record<string, unknown> };
    expect(register).toMatchObject({
      status: 'closed',
      reason: 'Troco dado a mais',
      counts: expect.arrayContaining([
        { method: 'cash', expected: 85.5, counted: 85, difference: -0.5 },
        { method: 'pix', expected: 80, counted: 80, difference: 0 },
      ]) as unknown,
    });
    const maria = await rest('GET', `/finance/patient/${patients['Maria Aparecida da Silva']}/paymentInformation`);
    expect(maria.paid).toEqual({ count: 1, value: 35.5 });
    expect(problems).toEqual([]);
  }, 240_000);
});
