/**
 * Accounts (spec §4.4 Finance: "create, edit, list and remove accounts"). Names are unique among
 * active accounts ignoring accents and case; removal is refused while a bill, payment or register
 * movement points at the account, naming where (FIN-006).
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { pageBy } from '#core/common/paging.js';
import { cursorInput, limitInput } from '#core/common/query-input.js';
import {
  compact,
  conflictOn,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  replaceFields,
  requireRecord,
} from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import {
  accountFieldsInput,
  accountOutput,
  ACCOUNT_KINDS,
  financeAccounts,
  type FinanceAccount,
} from './account-record.js';
import { bills } from './bill-record.js';
import { GROUP } from './finance-common.js';
import { payments } from './payment-record.js';
import { cashMovements } from './register-record.js';

async function assertNameFree(ctx: OperationContext, name: string, self?: string): Promise<void> {
  const taken = await ctx.store
    .collection(financeAccounts)
    .find({ selector: { nameKey: searchKey(name), active: true }, limit: 2 });
  const other = taken.find((a) => a.id !== self);
  if (other) throw conflictOn('name', 'Conta já cadastrada', `mesmo nome que ${other.id}`);
}

/** `finance.account.create`: `POST /finance/account` (201). */
export const createAccount = defineOperation({
  name: 'finance.account.create',
  group: GROUP,
  summary: 'Cadastra uma conta (banco, caixa ou conta digital)',
  permission: 'finance:write',
  input: z.strictObject(accountFieldsInput),
  output: z.object({ message: z.string(), account: accountOutput }),
  http: { method: 'POST', path: '/finance/account', status: 201 },
  example: { name: 'Banco do Brasil — movimento', kind: 'bank', bank: '001', agency: '1234-5', number: '67890-1' },
  async run(ctx, input) {
    await assertNameFree(ctx, input.name);
    const account = await ctx.store
      .collection(financeAccounts)
      .insert(compact({ ...newRecordBase(ctx), ...input, nameKey: searchKey(input.name), active: true }));
    return { message: 'Conta cadastrada', account };
  },
});

/** `finance.account.update`: `PUT /finance/account/{id}`. */
export const updateAccount = defineOperation({
  name: 'finance.account.update',
  group: GROUP,
  summary: 'Edita uma conta',
  permission: 'finance:write',
  input: z.strictObject({ id: idInput, ...accountFieldsInput }),
  output: accountOutput,
  http: { method: 'PUT', path: '/finance/account/{id}' },
  example: { id: EXAMPLE_ID, name: 'Caixa da recepção', kind: 'cash' },
  async run(ctx, { id, ...values }) {
    const collection = ctx.store.collection(financeAccounts);
    const current = await requireRecord(collection, id, 'Conta');
    await assertNameFree(ctx, values.name, id);
    const next = replaceFields<FinanceAccount>(
      current,
      { ...values, nameKey: searchKey(values.name) },
      ['name', 'nameKey', 'kind', 'bank', 'agency', 'number', 'pixKey', 'pixName', 'pixCity'],
      nowIso(ctx),
    );
    return collection.update(id, current._rev, next);
  },
});

/** `finance.account.list`: `GET /finance/account`. */
export const listAccounts = defineOperation({
  name: 'finance.account.list',
  group: GROUP,
  summary: 'Lista as contas por nome',
  permission: 'finance:read',
  input: z.strictObject({
    q: z.string().max(120).optional().describe('início do nome'),
    kind: z.enum(ACCOUNT_KINDS).optional(),
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(accountOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/finance/account' },
  example: { q: 'banco' },
  run: (ctx, { q, kind, limit, cursor }) =>
    pageBy(ctx.store.collection(financeAccounts), {
      key: 'nameKey',
      prefix: searchKey(q ?? ''),
      where: [{ active: true, ...(kind ? { kind } : {}) }],
      limit,
      cursor,
    }),
});

/** Where an account is used, as error details (empty when unused). */
async function accountUses(ctx: OperationContext, id: string): Promise<ErrorDetail[]> {
  const [billCount, paymentCount, movementCount] = await Promise.all([
    ctx.store.collection(bills).count({ selector: { account: id } }),
    ctx.store.collection(payments).count({ selector: { account: id } }),
    ctx.store.collection(cashMovements).count({ selector: { account: id } }),
  ]);
  const uses: ErrorDetail[] = [];
  if (billCount > 0) uses.push({ path: 'id', message: `usada em ${billCount} conta(s) a pagar ou a receber` });
  if (paymentCount > 0) uses.push({ path: 'id', message: `usada em ${paymentCount} pagamento(s)` });
  if (movementCount > 0) uses.push({ path: 'id', message: `usada em ${movementCount} transferência(s) de caixa` });
  return uses;
}

/** `finance.account.remove`: `DELETE /finance/account/{id}`; refused while used. */
export const removeAccount = defineOperation({
  name: 'finance.account.remove',
  group: GROUP,
  summary: 'Remove uma conta que nada usa',
  description:
    'Recusada (409) enquanto contas a pagar/receber, pagamentos ou transferências de caixa a usam; a mensagem diz onde.',
  permission: 'finance:write',
  input: z.strictObject({ id: idInput }),
  output: z.object({ message: z.string() }),
  http: { method: 'DELETE', path: '/finance/account/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const collection = ctx.store.collection(financeAccounts);
    const current = await requireRecord(collection, id, 'Conta');
    const uses = await accountUses(ctx, id);
    if (uses.length > 0)
      throw new DomainError('conflict', `A conta ${current.name} está em uso e não pode ser removida`, uses);
    await collection.remove(id, current._rev);
    return { message: 'Conta removida' };
  },
});

/** The account operations. */
export const accountOperations = [createAccount, updateAccount, listAccounts, removeAccount];
