/**
 * Bank statement reconciliation over REST on SQLite and PostgreSQL: an OFX statement's lines are
 * matched to open bills by amount and date, nothing is paid until a person confirms, a confirmed line
 * pays its bill on the line's date into the account, and the same line is never paid twice.
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
const pgSkip = skipWithoutPostgres(await postgresUnreachable(), 'PostgreSQL statement tests');
const engines = pgSkip ? (['sqlite'] as const) : (['sqlite', 'postgresql'] as const);

const ofx = (lines: string) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102
CHARSET:1252

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>0001<ACCTID>67890-1<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>${lines}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
const line = (fitId: string, date: string, amount: string, memo: string) =>
  `<STMTTRN><TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitId}<MEMO>${memo}</STMTTRN>\n`;

describe.each(engines)('OFX reconciliation over REST on %s', (engine) => {
  let f: BudgetFixture;
  const schema = `test_statement_${randomBytes(4).toString('hex')}`;
  const ok = async (method: string, path: string, body?: unknown, status = 200) => {
    const res = await f.call(method, path, body);
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Json;
  };
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

  it('suggests, pays only what a person confirms, and never the same line twice', async () => {
    const account = (
      (await ok('POST', '/finance/account', { name: 'Banco do Brasil', kind: 'bank' }, 201)) as {
        account: { id: string };
      }
    ).account.id;
    const bill = async (body: Json) =>
      ((await ok('POST', '/finance/bill', body, 201)) as { finance: { id: string } }).finance.id;
    const near = await bill({
      type: 'receivable',
      value: 180.5,
      description: 'Consulta João',
      patient: f.refs.patient,
      dueDate: '2026-11-20',
    });
    const far = await bill({
      type: 'receivable',
      value: 180.5,
      description: 'Consulta antiga',
      patient: f.refs.patient,
      dueDate: '2026-10-01',
    });
    const other = await bill({
      type: 'receivable',
      value: 180.5,
      description: 'Retorno',
      patient: f.refs.patient,
      dueDate: '2026-11-30',
    });
    const rent = await bill({
      type: 'payable',
      value: 1250.9,
      description: 'Aluguel',
      payee: 'Imobiliária Centro',
      dueDate: '2026-11-05',
    });
    const content = ofx(
      line('F1', '20261123100000[-3:BRT]', '180,50', 'PIX RECEBIDO JOAO') +
        line('F2', '20261105', '-1.250,90', 'ALUGUEL') +
        line('F3', '20261110', '99,99', 'TED DESCONHECIDA'),
    );
    const suggested = (await ok('POST', '/finance/statement/suggestions', { account, content })) as {
      accountId: string;
      lines: { fitId: string; amount: number; imported: boolean; suggestions: { bill: string; daysApart: number }[] }[];
    };
    expect(suggested.accountId).toBe('67890-1');
    expect(suggested.lines.map((l) => [l.fitId, l.amount, l.suggestions.map((s) => [s.bill, s.daysApart])])).toEqual([
      [
        'F1',
        180.5,
        [
          [near, 3],
          [other, 7],
        ],
      ],
      ['F2', -1250.9, [[rent, 0]]],
      ['F3', 99.99, []],
    ]);
    expect(suggested.lines.some((l) => l.suggestions.some((s) => s.bill === far))).toBe(false);
    // Suggesting paid nothing.
    expect(await ok('GET', `/finance/bill/${near}`)).toMatchObject({ status: 'open' });

    const tooMuch = await f.call('POST', '/finance/statement/confirmation', {
      account,
      items: [
        { fitId: 'F1', date: '2026-11-23', amount: 180.5, bill: near },
        { fitId: 'F2', date: '2026-11-05', amount: 1300, bill: rent },
      ],
    });
    expect(tooMuch.status).toBe(409);
    expect(await ok('GET', `/finance/bill/${near}`)).toMatchObject({ status: 'open' });

    const confirmed = (await ok(
      'POST',
      '/finance/statement/confirmation',
      {
        account,
        method: 'pix',
        items: [
          { fitId: 'F1', date: '2026-11-23', amount: 180.5, bill: near },
          { fitId: 'F2', date: '2026-11-05', amount: 1250.9, bill: rent },
        ],
      },
      201,
    )) as { paid: unknown[] };
    expect(confirmed.paid).toHaveLength(2);
    expect(await ok('GET', `/finance/bill/${near}`)).toMatchObject({
      status: 'paid',
      paidAt: '2026-11-23T12:00:00.000-03:00',
    });
    expect(await ok('GET', `/finance/bill/${rent}`)).toMatchObject({ status: 'paid' });

    const again = (await ok('POST', '/finance/statement/suggestions', { account, content })) as {
      lines: { fitId: string; imported: boolean; suggestions: { bill: string }[] }[];
    };
    expect(again.lines.map((l) => [l.fitId, l.imported])).toEqual([
      ['F1', true],
      ['F2', true],
      ['F3', false],
    ]);
    const twice = await f.call('POST', '/finance/statement/confirmation', {
      account,
      items: [{ fitId: 'F1', date: '2026-11-23', amount: 180.5, bill: other }],
    });
    expect(twice.status).toBe(409);
    expect((twice.body.error as { details: unknown[] }).details).toEqual([
      { path: 'items.0.fitId', message: 'lançamento já baixado' },
    ]);
  });

  it('refuses what is not OFX, naming the field', async () => {
    const account = (
      (await ok('POST', '/finance/account', { name: 'Itaú', kind: 'bank' }, 201)) as {
        account: { id: string };
      }
    ).account.id;
    const res = await f.call('POST', '/finance/statement/suggestions', { account, content: 'data;valor' });
    expect(res.status).toBe(400);
    expect((res.body.error as { details: unknown[] }).details).toEqual([
      { path: 'content', message: 'não há o elemento <OFX>' },
    ]);
  });
});
