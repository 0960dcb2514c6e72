/**
 * Bank statement reconciliation (issue 24, "beyond the peers"; FIN-012): an OFX statement's lines are
 * matched to open bills — a credit to a bill to receive, a debit to a bill to pay — by amount (the
 * open amount to the centavo) and date proximity (due date within 15 days of the line), and only
 * suggested. A person confirms each match; only then is the bill paid, on the line's date, into the
 * statement's account, with the line's FITID in the payment's note so the same line is never paid twice.
 */
import { z } from 'zod';
import { dateInput } from '#core/br/schemas.js';
import { EXAMPLE_ID, idInput, requireReference } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { fromCentavos, reaisInput, toCentavos } from '#core/price/money.js';
import { refInput } from '#core/references.js';
import { addDays } from '#core/schedule/time.js';
import type { Store } from '#core/store/port.js';
import { financeAccounts } from './account-record.js';
import { bills, FINANCE_METHODS, type Bill } from './bill-record.js';
import { GROUP, openCentavos } from './finance-common.js';
import { parseOfx } from './ofx.js';
import { markPaid } from './payment-ops.js';
import { payments } from './payment-record.js';

/** How far a due date may be from the statement's date to be suggested. */
const WINDOW_DAYS = 15;
const noteOf = (fitId: string) => `Extrato OFX ${fitId}`;

const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/** FITIDs of the account already paid from a statement. */
async function importedFitIds(store: Store, account: string): Promise<Set<string>> {
  const found = await store.collection(payments).find({ selector: { account } });
  const reversed = new Set(found.filter((p) => p.kind === 'reversal').map((p) => p.reverses));
  return new Set(
    found
      .filter((p) => p.kind === 'payment' && !reversed.has(p.id) && p.note?.startsWith('Extrato OFX '))
      .map((p) => p.note!.slice('Extrato OFX '.length)),
  );
}

const suggestionOutput = z.object({
  bill: z.string(),
  description: z.string(),
  type: z.enum(['receivable', 'payable']),
  open: z.number().describe('reais'),
  dueDate: z.string(),
  daysApart: z.number().int(),
  patient: z.string().optional(),
  payee: z.string().optional(),
});

/** `finance.statement.suggest`: `POST /finance/statement/suggestions`: reads an OFX and suggests matches; writes nothing. */
export const suggestStatementMatches = defineOperation({
  name: 'finance.statement.suggest',
  group: GROUP,
  summary: 'Lê um extrato OFX e sugere, para cada lançamento, as contas em aberto que ele pode quitar',
  description:
    'Crédito sugere contas a receber, débito contas a pagar, com o valor em aberto igual ao do lançamento e vencimento a até 15 dias; as mais próximas primeiro. Nada é pago aqui: uma pessoa confirma em POST /finance/statement/confirmation.',
  permission: 'finance:read',
  input: z.strictObject({
    account: refInput(() => financeAccounts),
    content: z.string().min(1).max(5_000_000).describe('o arquivo OFX como texto (1.x SGML ou 2.x XML)'),
  }),
  output: z.object({
    bankId: z.string().optional(),
    accountId: z.string().optional(),
    lines: z.array(
      z.object({
        fitId: z.string(),
        type: z.string(),
        date: z.string(),
        amount: z.number().describe('reais; negativo para débitos'),
        memo: z.string(),
        imported: z.boolean().describe('já baixado de um extrato antes'),
        suggestions: z.array(suggestionOutput),
      }),
    ),
  }),
  http: { method: 'POST', path: '/finance/statement/suggestions' },
  example: {
    account: EXAMPLE_ID,
    content:
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261123<TRNAMT>180,50<FITID>2026112300001<MEMO>PIX RECEBIDO</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  },
  async run(ctx, { account, content }) {
    await requireReference(ctx.store.collection(financeAccounts), account, 'Conta', 'account');
    const statement = parseOfx(content);
    const imported = await importedFitIds(ctx.store, account);
    const lines = [];
    for (const line of statement.lines) {
      const type = line.amountCentavos >= 0 ? 'receivable' : 'payable';
      const wanted = Math.abs(line.amountCentavos);
      const candidates = await ctx.store.collection(bills).find({
        selector: {
          type,
          status: { $in: ['open', 'partial'] },
          dueDate: { $gte: addDays(line.date, -WINDOW_DAYS), $lte: addDays(line.date, WINDOW_DAYS) },
        },
        sort: [{ dueDate: 'asc' }],
      });
      const suggestions = candidates
        .filter((b) => openCentavos(b) === wanted)
        .map((b: Bill) => ({
          bill: b.id,
          description: b.description,
          type: b.type,
          open: fromCentavos(openCentavos(b)),
          dueDate: b.dueDate,
          daysApart: daysApart(b.dueDate, line.date),
          ...(b.patient ? { patient: b.patient } : {}),
          ...(b.payee ? { payee: b.payee } : {}),
        }))
        .sort((a, b) => a.daysApart - b.daysApart || a.dueDate.localeCompare(b.dueDate))
        .slice(0, 5);
      lines.push({
        fitId: line.fitId,
        type: line.type,
        date: line.date,
        amount: fromCentavos(line.amountCentavos),
        memo: line.memo,
        imported: imported.has(line.fitId),
        suggestions,
      });
    }
    return {
      ...(statement.bankId ? { bankId: statement.bankId } : {}),
      ...(statement.accountId ? { accountId: statement.accountId } : {}),
      lines,
    };
  },
});

/** `finance.statement.confirm`: `POST /finance/statement/confirmation` (201): pays the matches a person confirmed. */
export const confirmStatementMatches = defineOperation({
  name: 'finance.statement.confirm',
  group: GROUP,
  summary: 'Confirma casamentos de lançamentos do extrato com contas: cada conta é baixada na data do lançamento',
  description:
    'Cada item diz o lançamento (`fitId`, `date`, `amount`) e a conta que ele quita. Tudo é conferido antes de pagar: conta inexistente, quitada, valor acima do aberto ou lançamento já baixado recusam o pedido inteiro (nada pago).',
  permission: 'finance:write',
  input: z.strictObject({
    account: refInput(() => financeAccounts),
    method: z.enum(FINANCE_METHODS).default('bankTransfer'),
    items: z
      .array(
        z.strictObject({
          fitId: z.string().trim().min(1).max(255),
          date: dateInput,
          amount: reaisInput.refine((v) => v > 0, 'maior que zero').describe('reais, sem sinal'),
          bill: idInput,
        }),
      )
      .min(1)
      .max(200)
      .refine((items) => new Set(items.map((i) => i.fitId)).size === items.length, 'o mesmo lançamento duas vezes')
      .refine((items) => new Set(items.map((i) => i.bill)).size === items.length, 'a mesma conta duas vezes'),
  }),
  output: z.object({
    message: z.string(),
    paid: z.array(z.object({ fitId: z.string(), bill: z.string(), payment: z.string() })),
  }),
  http: { method: 'POST', path: '/finance/statement/confirmation', status: 201 },
  example: {
    account: EXAMPLE_ID,
    method: 'pix',
    items: [{ fitId: '2026112300001', date: '2026-11-23', amount: 180.5, bill: EXAMPLE_ID }],
  },
  async run(ctx, { account, method, items }) {
    await requireReference(ctx.store.collection(financeAccounts), account, 'Conta', 'account');
    const imported = await importedFitIds(ctx.store, account);
    const problems: ErrorDetail[] = [];
    for (const [i, item] of items.entries()) {
      if (imported.has(item.fitId)) problems.push({ path: `items.${i}.fitId`, message: 'lançamento já baixado' });
      const bill = await ctx.store.collection(bills).get(item.bill);
      if (!bill) problems.push({ path: `items.${i}.bill`, message: `conta não encontrada: ${item.bill}` });
      else if (openCentavos(bill) < toCentavos(item.amount))
        problems.push({
          path: `items.${i}.amount`,
          message: `acima do valor em aberto (${fromCentavos(openCentavos(bill))})`,
        });
    }
    if (problems.length > 0) throw new DomainError('conflict', 'Nada foi baixado', problems);
    const paid = [];
    for (const item of items) {
      const done = await markPaid.run(ctx, {
        id: item.bill,
        value: item.amount,
        method,
        account,
        // Noon in São Paulo: the statement gives the day, not the time.
        paidAt: `${item.date}T12:00:00.000-03:00`,
        note: noteOf(item.fitId),
      });
      paid.push({ fitId: item.fitId, bill: item.bill, payment: done.payment.id });
    }
    return { message: `${paid.length} conta(s) baixada(s) do extrato`, paid };
  },
});

/** The statement operations. */
export const statementOperations = [suggestStatementMatches, confirmStatementMatches];
