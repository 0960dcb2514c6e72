/**
 * Finance over REST on SQLite and PostgreSQL: the chain budget → bills to receive → payments → repasse. An
 * approved budget's plan becomes its entry and parcels; the entry is paid at a register, two parcels
 * in a batch (refused whole first, when one expected value is stale), the patient's payment
 * information adds up, the professional's transfer (repasse) is 40% of what was collected and is paid
 * once, and the register closes against what it took.
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
type Bill = { id: string; value: number; open: number; status: string; dueDate: string; parcel: number };

const pgSkip = skipWithoutPostgres(await postgresUnreachable(), 'PostgreSQL finance REST tests');
const engines = pgSkip ? (['sqlite'] as const) : (['sqlite', 'postgresql'] as const);

describe.each(engines)('finance over REST on %s', (engine) => {
  let f: BudgetFixture;
  const schema = `test_finance_${randomBytes(4).toString('hex')}`;
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

  it('budget → bills to receive → payments → repasse, to the centavo', async () => {
    const { budget } = (await ok('POST', '/budget/', { ...f.body(), status: 2 }, 201)) as { budget: { id: string } };
    const made = (await ok(
      'POST',
      '/finance/bill/fromBudget',
      { budget: budget.id, firstDueDate: '2026-11-20' },
      201,
    )) as {
      items: Bill[];
    };
    expect(made.items.map((b) => [b.parcel, b.value, b.dueDate])).toEqual([
      [0, 50.5, '2026-11-20'],
      [1, 200, '2026-12-20'],
      [2, 200, '2027-01-20'],
      [3, 200, '2027-02-20'],
    ]);
    const again = await f.call('POST', '/finance/bill/fromBudget', { budget: budget.id });
    expect(again.status).toBe(409);

    const { register } = (await ok('POST', '/finance/register', { station: 'recepcao-1', changeFund: 100 }, 201)) as {
      register: { id: string };
    };
    const [entry, first, second, third] = made.items as [Bill, Bill, Bill, Bill];
    const paidEntry = await ok(
      'POST',
      `/finance/bill/${entry.id}/payment`,
      { method: 'cash', interest: 0.5, fine: 1.01, register: register.id, station: 'recepcao-1' },
      201,
    );
    expect(paidEntry).toMatchObject({ finance: { status: 'paid', open: 0 }, payment: { received: 52.01 } });

    await ok('POST', `/finance/bill/${first.id}/payment`, { value: 120, method: 'pix' }, 201);
    const stale = await f.call('POST', '/finance/bill/batchPayment', {
      items: [
        { id: first.id, expected: 200 },
        { id: second.id, expected: 200 },
      ],
      method: 'creditCard',
    });
    expect(stale.status).toBe(409);
    expect((stale.body.error as { details: unknown[] }).details).toEqual([
      { path: 'items.0.expected', message: 'em aberto R$ 80,00, esperado R$ 200,00' },
    ]);
    expect(((await ok('GET', `/finance/bill/${second.id}`)) as { status: string }).status).toBe('open');
    const batch = await ok(
      'POST',
      '/finance/bill/batchPayment',
      {
        items: [
          { id: first.id, expected: 80 },
          { id: second.id, expected: 200, discount: 0.33 },
        ],
        method: 'creditCard',
        register: register.id,
        station: 'recepcao-1',
      },
      201,
    );
    expect(batch.received).toBe(279.67);

    const info = (await ok('GET', `/finance/patient/${f.refs.patient}/paymentInformation`)) as {
      open: { count: number; value: number };
      overdue: { count: number; value: number };
      paid: { count: number; value: number };
    };
    expect(info.paid).toEqual({ count: 3, value: 450.5 });
    expect(info.open).toEqual({ count: 1, value: 200 });
    expect(info.overdue).toEqual({ count: 0, value: 0 });
    expect(((await ok('GET', `/finance/bill/${third.id}`)) as { open: number }).open).toBe(200);

    // Repasse: 40% of what the three paid bills collected (principal, not juros or multa) to the professional.
    const transfer = (await ok(
      'POST',
      '/payment/transfer',
      { professional: f.refs.professional, bills: [entry.id, first.id, second.id], percent: 40, dueDate: '2026-12-10' },
      201,
    )) as { finance: { id: string; value: number; type: string; professional: string } };
    expect(transfer.finance).toMatchObject({ type: 'payable', value: 180.2, professional: f.refs.professional });
    const twice = await f.call('POST', '/payment/transfer', {
      professional: f.refs.professional,
      bills: [entry.id],
      percent: 10,
      dueDate: '2026-12-10',
    });
    expect(twice.status).toBe(400);
    const unpaid = await f.call('POST', '/payment/transfer', {
      professional: f.refs.professional,
      bills: [third.id],
      percent: 10,
      dueDate: '2026-12-10',
    });
    expect(unpaid.status).toBe(400);
    await ok('POST', `/finance/bill/${transfer.finance.id}/payment`, { method: 'bankTransfer' }, 201);
    const locked = await f.call('PUT', `/payment/transfer/${transfer.finance.id}`, {
      bills: [entry.id],
      percent: 50,
      dueDate: '2026-12-10',
    });
    expect(locked.status).toBe(409);
    expect(await ok('GET', `/finance/bill/${transfer.finance.id}`)).toMatchObject({ status: 'paid', paid: 180.2 });

    const closed = (await ok('POST', `/finance/register/${register.id}/closing`, {
      station: 'recepcao-1',
      counts: [
        { method: 'cash', counted: 152.01 },
        { method: 'creditCard', counted: 279.67 },
      ],
    })) as { register: { status: string; counts: unknown[] } };
    expect(closed.register.status).toBe('closed');
    expect(closed.register.counts).toEqual([
      { method: 'cash', expected: 152.01, counted: 152.01, difference: 0 },
      { method: 'creditCard', expected: 279.67, counted: 279.67, difference: 0 },
    ]);
  });

  it("another account's key reads none of it", async () => {
    const res = await f.call('GET', `/finance/patient/${f.refs.patient}/paymentInformation`, undefined, f.otherKey);
    expect(res.status).toBe(404);
  });
});
