/**
 * The cash register (caixa) of a station and user (spec §4.4 Finance: "open a new register and start
 * closing the previous one", "create cash-register withdraw, supply and transfer to an account",
 * "return the registers flux"). Movements are appended, never edited; the balance is their sum
 * (FIN-003). Every operation here runs on the desk's own store, offline included.
 */
import { refInput } from '#core/references.js';
import { z } from 'zod';
import { textInput } from '#core/br/schemas.js';
import { formatCentavos } from '#core/br/format.js';
import {
  compact,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { fromCentavos, reaisInput, toCentavos } from '#core/price/money.js';
import { financeAccounts } from './account-record.js';
import { FINANCE_METHODS } from './bill-record.js';
import { closeCounts } from './finance-money.js';
import { actorId, GROUP } from './finance-common.js';
import {
  appendMovement,
  movementsOf,
  registerAnswer,
  registerIdInput,
  requireStationRegister,
  stationInput,
} from './register-core.js';
import {
  balanceByMethod,
  cashRegisters,
  movementOutput,
  registerOutput,
  type CashMovement,
  type CashRegister,
} from './register-record.js';
import { recalculateRegisterDays, registerFlux } from './register-flux-ops.js';

/** `finance.register.open`: `POST /finance/register` (201). */
export const openRegister = defineOperation({
  name: 'finance.register.open',
  group: GROUP,
  summary: 'Abre um caixa na estação (com fundo de troco); opcionalmente inicia o fechamento do anterior',
  description:
    'Uma estação tem um caixa aberto por vez. Com um caixa aberto, é 409 nomeando-o, a menos que `closePrevious`: então o anterior passa a "em fechamento" (contado depois) e o novo abre.',
  permission: 'cashier:write',
  input: z.strictObject({
    station: stationInput,
    changeFund: reaisInput.default(0),
    closePrevious: z.boolean().default(false),
  }),
  output: z.object({ message: z.string(), register: registerOutput, previous: registerOutput.optional() }),
  http: { method: 'POST', path: '/finance/register', status: 201 },
  example: { station: 'recepcao-1', changeFund: 150, closePrevious: true },
  async run(ctx, { station, changeFund, closePrevious }) {
    const now = nowIso(ctx);
    const done = await ctx.store.transaction(async (tx) => {
      const collection = tx.collection(cashRegisters);
      const [current] = await collection.find({ selector: { station, status: 'open' }, limit: 1 });
      let previous: CashRegister | undefined;
      if (current) {
        if (!closePrevious)
          throw new DomainError('conflict', 'Esta estação já tem um caixa aberto', [
            { path: 'station', message: `caixa ${current.id} aberto em ${current.openedAt}` },
          ]);
        const { _rev, ...rest } = current;
        previous = await collection.update(current.id, _rev, {
          ...rest,
          status: 'closing',
          closingStartedAt: now,
          updatedAt: now,
        });
      }
      const register = await collection.insert(
        compact({
          ...newRecordBase({ ...ctx, store: tx }),
          station,
          user: actorId(ctx),
          status: 'open' as const,
          openedAt: now,
          changeFundCentavos: toCentavos(changeFund),
          previous: previous?.id,
        }),
      );
      if (changeFund > 0)
        await appendMovement(ctx, tx, {
          register: register.id,
          kind: 'opening',
          method: 'cash',
          amountCentavos: toCentavos(changeFund),
          at: now,
          note: 'fundo de troco',
        });
      return {
        register: await registerAnswer(tx, register),
        ...(previous ? { previous: await registerAnswer(tx, previous) } : {}),
      };
    });
    return { message: done.previous ? 'Caixa aberto; o anterior está em fechamento' : 'Caixa aberto', ...done };
  },
});

/** `finance.register.get`: `GET /finance/register/{id}`. */
export const getRegister = defineOperation({
  name: 'finance.register.get',
  group: GROUP,
  summary: 'Mostra um caixa com seu saldo por forma de pagamento',
  permission: 'cashier:read',
  input: z.strictObject({ id: idInput }),
  output: z.object({ register: registerOutput, movements: z.array(movementOutput) }),
  http: { method: 'GET', path: '/finance/register/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const register = await requireRecord(ctx.store.collection(cashRegisters), id, 'Caixa');
    const movements = await movementsOf(ctx.store, id);
    return { register: await registerAnswer(ctx.store, register), movements: movements.map(movementAnswer) };
  },
});

function movementAnswer(m: CashMovement) {
  const { tenantId: _t, amountCentavos, ...rest } = m;
  delete (rest as { _rev?: string })._rev;
  return { ...rest, amount: fromCentavos(amountCentavos) };
}

type Flow = 'withdrawal' | 'supply' | 'transfer';

/** Appends a withdrawal, supply or transfer to an open register of the station. */
async function moveCash(
  ctx: OperationContext,
  kind: Flow,
  input: {
    id: string;
    station: string;
    value: number;
    method: CashMovement['method'];
    note?: string | undefined;
    account?: string | undefined;
  },
) {
  const cents = toCentavos(input.value);
  if (cents <= 0)
    throw new DomainError('validation', 'Requisição inválida', [
      { path: 'value', message: 'informe um valor acima de zero' },
    ]);
  return ctx.store.transaction(async (tx) => {
    const register = await requireStationRegister(tx, input.id, input.station, 'id');
    if (input.account !== undefined)
      await requireReference(tx.collection(financeAccounts), input.account, 'Conta', 'account');
    if (kind !== 'supply') {
      const available = balanceByMethod(await movementsOf(tx, register.id))[input.method] ?? 0;
      if (cents > available)
        throw new DomainError('invalid_transition', 'Saldo insuficiente no caixa', [
          { path: 'value', message: `há ${formatCentavos(available)} em ${input.method}` },
        ]);
    }
    const movement = await appendMovement(
      ctx,
      tx,
      compact({
        register: register.id,
        kind,
        method: input.method,
        amountCentavos: kind === 'supply' ? cents : -cents,
        account: input.account,
        note: input.note,
        at: nowIso(ctx),
      }),
    );
    return { movement: movementAnswer(movement), register: await registerAnswer(tx, register) };
  });
}

const flowOutput = z.object({ message: z.string(), movement: movementOutput, register: registerOutput });
const flowInput = {
  id: registerIdInput,
  station: stationInput,
  value: reaisInput,
  method: z.enum(FINANCE_METHODS).default('cash'),
};

/** `finance.register.withdraw`: `POST /finance/register/{id}/withdrawal` (201), sangria. */
export const withdrawCash = defineOperation({
  name: 'finance.register.withdraw',
  group: GROUP,
  summary: 'Sangria: retira dinheiro do caixa',
  permission: 'cashier:write',
  input: z.strictObject({ ...flowInput, note: textInput(500) }),
  output: flowOutput,
  http: { method: 'POST', path: '/finance/register/{id}/withdrawal', status: 201 },
  example: { id: EXAMPLE_ID, station: 'recepcao-1', value: 500, method: 'cash', note: 'Depósito no cofre' },
  async run(ctx, input) {
    return { message: 'Sangria registrada', ...(await moveCash(ctx, 'withdrawal', input)) };
  },
});

/** `finance.register.supply`: `POST /finance/register/{id}/supply` (201), suprimento. */
export const supplyCash = defineOperation({
  name: 'finance.register.supply',
  group: GROUP,
  summary: 'Suprimento: põe dinheiro no caixa',
  permission: 'cashier:write',
  input: z.strictObject({ ...flowInput, note: textInput(500).optional() }),
  output: flowOutput,
  http: { method: 'POST', path: '/finance/register/{id}/supply', status: 201 },
  example: { id: EXAMPLE_ID, station: 'recepcao-1', value: 50, method: 'cash', note: 'Troco' },
  async run(ctx, input) {
    return { message: 'Suprimento registrado', ...(await moveCash(ctx, 'supply', input)) };
  },
});

/** `finance.register.transfer`: `POST /finance/register/{id}/transfer` (201), to an account. */
export const transferCash = defineOperation({
  name: 'finance.register.transfer',
  group: GROUP,
  summary: 'Transfere do caixa para uma conta',
  permission: 'cashier:write',
  input: z.strictObject({ ...flowInput, account: refInput(() => financeAccounts), note: textInput(500).optional() }),
  output: flowOutput,
  http: { method: 'POST', path: '/finance/register/{id}/transfer', status: 201 },
  example: { id: EXAMPLE_ID, station: 'recepcao-1', value: 800, method: 'cash', account: EXAMPLE_ID },
  async run(ctx, input) {
    return { message: 'Transferência registrada', ...(await moveCash(ctx, 'transfer', input)) };
  },
});

/** `finance.register.close`: `POST /finance/register/{id}/closing`. */
export const closeRegister = defineOperation({
  name: 'finance.register.close',
  group: GROUP,
  summary: 'Fecha o caixa contando cada forma de pagamento (esperado × contado)',
  description:
    'O esperado de cada forma é a soma dos movimentos; a diferença (contado − esperado) fica registrada. Havendo diferença, `reason` é obrigatório.',
  permission: 'cashier:write',
  input: z.strictObject({
    id: registerIdInput,
    station: stationInput,
    counts: z
      .array(z.strictObject({ method: z.enum(FINANCE_METHODS), counted: z.number().min(0).max(1e9) }))
      .max(FINANCE_METHODS.length)
      .refine((c) => new Set(c.map((x) => x.method)).size === c.length, 'uma contagem por forma de pagamento'),
    reason: textInput(500).optional(),
  }),
  output: z.object({ message: z.string(), register: registerOutput }),
  http: { method: 'POST', path: '/finance/register/{id}/closing' },
  example: {
    id: EXAMPLE_ID,
    station: 'recepcao-1',
    counts: [
      { method: 'cash', counted: 349.5 },
      { method: 'pix', counted: 200 },
    ],
    reason: 'Troco dado a mais',
  },
  async run(ctx, { id, station, counts, reason }) {
    const counted: Record<string, number> = {};
    counts.forEach((c, i) => {
      try {
        counted[c.method] = toCentavos(c.counted);
      } catch {
        throw new DomainError('validation', 'Requisição inválida', [
          { path: `counts.${i}.counted`, message: 'no máximo 2 casas decimais' },
        ]);
      }
    });
    const done = await ctx.store.transaction(async (tx) => {
      const register = await requireStationRegister(tx, id, station, 'id', true);
      const result = closeCounts(balanceByMethod(await movementsOf(tx, id)), counted);
      const differs = result.filter((r) => r.difference !== 0);
      if (differs.length > 0 && !reason)
        throw new DomainError('validation', 'Diferença no fechamento: informe o motivo', [
          { path: 'reason', message: differs.map((d) => `${d.method}: ${formatCentavos(d.difference)}`).join('; ') },
        ]);
      const now = nowIso(ctx);
      const { _rev, ...rest } = register;
      const closed = await tx.collection(cashRegisters).update(
        id,
        _rev,
        compact({
          ...rest,
          status: 'closed' as const,
          closedAt: now,
          closedBy: actorId(ctx),
          counts: result.map((r) => ({
            method: r.method,
            expectedCentavos: r.expected,
            countedCentavos: r.counted,
            differenceCentavos: r.difference,
          })),
          reason,
          updatedAt: now,
        }),
      );
      return { register: await registerAnswer(tx, closed), differs: differs.length };
    });
    return {
      message: done.differs > 0 ? 'Caixa fechado com diferença registrada' : 'Caixa fechado sem diferença',
      register: done.register,
    };
  },
});

/** The register operations. */
export const registerOperations = [
  openRegister,
  getRegister,
  withdrawCash,
  supplyCash,
  transferCash,
  closeRegister,
  registerFlux,
  recalculateRegisterDays,
];
