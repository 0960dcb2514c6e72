/**
 * Patient credit (FIN-017) and partial refunds (FIN-019) over REST on SQLite and PostgreSQL: a prepayment
 * taken at a register is a liability (the flux keeps it apart from bills), shows in the patient's payment
 * information, is applied to a bill (then revenue of it), part of it handed back; a payment refunded in
 * part reopens its bill by the refunded amount, and a wrong amount changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import {
  dropSchema,
  postgresUnreachable,
  postgresUrl,
  skipWithoutPostgres,
} from '../../sync-server/testing/postgres.js';
import { openBudgetFixture, type BudgetFixture } from '../budget/budget-fixture.js';

type Json = Record<string, unknown>;

const pgSkip = skipWithoutPostgres(await postgresUnreachable(), 'PostgreSQL patient credit REST tests');
const engines = pgSkip ? (['sqlite'] as const) : (['sqlite', 'postgresql'] as const);

describe.each(engines)('patient credit and partial refunds over REST on %s', (engine) => {
  let f: BudgetFixture;
  const schema = `test_credit_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    const database =
      engine === 'postgresql'
        ? await openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations })
        : undefined;
    f = await openBudgetFixture({ apiKeyRatePerMinute: 10_000 }, database);
  }, 60_000);
  afterAll(async () => {
    await f?.server.close();
    if (engine === 'postgresql') await dropSchema(schema);
  });

  const ok = async (method: string, path: string, body?: unknown, status = 200) => {
    const res = await f.call(method, path, body);
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Json;
  };
  const newBill = async (value: number) =>
    (
      (await ok(
        'POST',
        '/finance/bill',
        { type: 'receivable', value, description: 'Tratamento', patient: f.refs.patient, dueDate: '2026-12-10' },
        201,
      )) as { finance: { id: string } }
    ).finance.id;

  it('a prepayment is a liability until applied, then revenue of the bill; the rest handed back', async () => {
    const patient = f.refs.patient;
    const { register } = (await ok('POST', '/finance/register', { station: 'credito-rest', changeFund: 0 }, 201)) as {
      register: { id: string };
    };
    const where = { register: register.id, station: 'credito-rest' };
    const deposit = await ok(
      'POST',
      `/finance/patient/${patient}/credit`,
      { value: 600, method: 'cash', ...where },
      201,
    );
    expect(deposit.credit).toEqual({ received: 600, applied: 0, refunded: 0, unapplied: 600 });
    const flux = await ok('GET', '/finance/registerFlux?from=2026-11-23&to=2026-11-23&station=credito-rest');
    expect(flux).toMatchObject({ net: 600, bills: 0, prepayments: 600 });

    const bill = await newBill(450.25);
    const applied = await ok('POST', `/finance/bill/${bill}/creditApplication`, {}, 201);
    expect(applied).toMatchObject({
      finance: { status: 'paid', open: 0 },
      payment: { method: 'patientCredit', received: 450.25 },
      credit: { unapplied: 149.75, applied: 450.25 },
    });
    const refused = await f.call('POST', `/finance/patient/${patient}/creditRefund`, {
      value: 149.76,
      method: 'cash',
      note: 'x',
      ...where,
    });
    expect(refused.status).toBe(400);
    await ok(
      'POST',
      `/finance/patient/${patient}/creditRefund`,
      { value: 49.75, method: 'cash', note: 'troco', ...where },
      201,
    );
    const info = await ok('GET', `/finance/patient/${patient}/paymentInformation`);
    expect(info.credit).toEqual({ received: 600, applied: 450.25, refunded: 49.75, unapplied: 100 });
    const credit = (await ok('GET', `/finance/patient/${patient}/credit`)) as { entries: { kind: string }[] };
    expect(credit.entries.map((e) => e.kind)).toEqual(['deposit', 'refund']);
    const after = await ok('GET', '/finance/registerFlux?from=2026-11-23&to=2026-11-23&station=credito-rest');
    expect(after).toMatchObject({ net: 550.25, bills: 0, prepayments: 550.25 });
  });

  it('refunds part of a payment, reopening the bill by it; more than was paid is refused, changing nothing', async () => {
    const bill = await newBill(200);
    const paid = (await ok('POST', `/finance/bill/${bill}/payment`, { value: 150, fine: 3, method: 'pix' }, 201)) as {
      payment: { id: string };
    };
    const over = await f.call('POST', `/finance/payment/${paid.payment.id}/refund`, { value: 153.01, reason: 'x' });
    expect(over.status).toBe(400);
    expect(await ok('GET', `/finance/bill/${bill}`)).toMatchObject({ paid: 150, open: 50 });
    const part = await ok(
      'POST',
      `/finance/payment/${paid.payment.id}/refund`,
      { value: 40, reason: 'Sessão a menos' },
      201,
    );
    expect(part).toMatchObject({
      finance: { paid: 110, open: 90, status: 'partial' },
      refund: { kind: 'refund', received: 40 },
    });
    const rest = await ok(
      'POST',
      `/finance/payment/${paid.payment.id}/refund`,
      { value: 113, reason: 'Desistência' },
      201,
    );
    expect(rest).toMatchObject({
      finance: { paid: 0, open: 200, status: 'open' },
      refund: { value: 110, received: 113 },
    });
    const again = await f.call('POST', `/finance/payment/${paid.payment.id}/refund`, { value: 0.01, reason: 'x' });
    expect(again.status).toBe(400);
  });
});
