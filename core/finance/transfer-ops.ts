/**
 * Medical transfers (repasse; spec §4.4 Payment: "create a payable linked to medical transfers",
 * "update and delete a transfer"): a bill to pay to a professional for a share of what bills to
 * receive collected. Each bill to receive is transferred once (it records the transfer); the share is
 * computed per bill in integer centavos, rounded half up, and summed.
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { dateInput, textInput } from '#core/br/schemas.js';
import { formatCentavos } from '#core/br/format.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { hasAtMostTwoDecimals } from '#core/price/money.js';
import { refInput } from '#core/references.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { billOutput, bills, type Bill } from './bill-record.js';
import { actorId, billAnswer, billRefuses, today } from './finance-common.js';

const GROUP = 'Payment';

/** The share of `paid` centavos at `basisPoints` (hundredths of a percent), rounded half up. */
export function shareCentavos(paid: number, basisPoints: number): number {
  return Math.floor((paid * basisPoints + 5000) / 10000);
}

const percentInput = z
  .number()
  .min(0)
  .max(100)
  .refine(hasAtMostTwoDecimals, 'no máximo 2 casas decimais')
  .describe('percentual do profissional (0–100)');

/** Loads the bills to receive of a transfer; each must be paid and not transferred (but to `self`). */
async function loadSources(store: Store, ids: readonly string[], self?: string): Promise<Stored<Bill>[]> {
  const problems: ErrorDetail[] = [];
  const found: Stored<Bill>[] = [];
  for (const [i, id] of ids.entries()) {
    const bill = await store.collection(bills).get(id);
    if (!bill || bill.type !== 'receivable')
      problems.push({ path: `bills.${i}`, message: `conta a receber não encontrada: ${id}` });
    else if (bill.paidCentavos <= 0) problems.push({ path: `bills.${i}`, message: 'nada recebido nesta conta' });
    else if (bill.transfer && bill.transfer !== self)
      problems.push({ path: `bills.${i}`, message: `já repassada em ${bill.transfer}` });
    else found.push(bill);
  }
  if (problems.length > 0) throw new DomainError('validation', 'Contas do repasse inválidas', problems);
  return found;
}

async function markSources(store: Store, sources: Stored<Bill>[], transfer: string | undefined, now: string) {
  for (const { _rev, ...bill } of sources) {
    const { transfer: _old, ...rest } = bill;
    await store
      .collection(bills)
      .update(bill.id, _rev, compact({ ...rest, ...(transfer ? { transfer } : {}), updatedAt: now }));
  }
}

const transferInput = {
  bills: z
    .array(idInput)
    .min(1)
    .max(500)
    .refine((b) => new Set(b).size === b.length, 'a mesma conta duas vezes'),
  percent: percentInput,
  dueDate: dateInput,
  description: textInput(300).optional(),
};

/** `payment.transfer.create`: `POST /payment/transfer` (201). */
export const createTransfer = defineOperation({
  name: 'payment.transfer.create',
  group: GROUP,
  summary: 'Cria a conta a pagar do repasse de um profissional sobre contas recebidas',
  description:
    'O valor é a soma, conta a conta, de `percent` do que cada conta recebeu (arredondado ao centavo). Cada conta a receber é repassada uma vez.',
  permission: 'finance:write',
  input: z.strictObject({ professional: refInput(() => users), ...transferInput }),
  output: z.object({ message: z.string(), finance: billOutput }),
  http: { method: 'POST', path: '/payment/transfer', status: 201 },
  example: { professional: EXAMPLE_ID, bills: [EXAMPLE_ID], percent: 40, dueDate: '2026-12-10' },
  async run(ctx, { professional, bills: ids, percent, dueDate, description }) {
    const stored = await ctx.store.transaction(async (tx) => {
      const person = await requireRecord(tx.collection(users), professional, 'Profissional', 'professional');
      const sources = await loadSources(tx, ids);
      const bp = Math.round(percent * 100);
      const amount = sources.reduce((s, b) => s + shareCentavos(b.paidCentavos, bp), 0);
      const base = newRecordBase({ ...ctx, store: tx });
      const payable = await tx.collection(bills).insert(
        compact({
          ...base,
          type: 'payable' as const,
          description: description ?? `Repasse de ${person.name} (${percent}%)`,
          payee: person.name,
          professional,
          transferBasisPoints: bp,
          amountCentavos: amount,
          paidCentavos: 0,
          dueDate,
          status: 'open' as const,
          source: 'transfer' as const,
          createdBy: actorId(ctx),
        }),
      );
      await markSources(tx, sources, payable.id, base.updatedAt);
      return payable;
    });
    return {
      message: `Repasse de ${formatCentavos(stored.amountCentavos)} criado`,
      finance: billAnswer(stored, today(ctx)),
    };
  },
});

async function openTransfer(store: Store, id: string): Promise<Stored<Bill>> {
  const current = await requireRecord(store.collection(bills), id, 'Repasse');
  if (current.source !== 'transfer')
    throw new DomainError('not_found', 'Repasse não encontrado', [{ path: 'id', message: `não existe: ${id}` }]);
  if (current.status !== 'open') throw billRefuses('Um repasse com pagamento não muda', current);
  return current;
}

function sourcesOf(store: Store, transfer: string): Promise<Stored<Bill>[]> {
  return store.collection(bills).find({ selector: { transfer } });
}

/** `payment.transfer.update`: `PUT /payment/transfer/{id}`, while unpaid. */
export const updateTransfer = defineOperation({
  name: 'payment.transfer.update',
  group: GROUP,
  summary: 'Edita um repasse ainda não pago (contas, percentual, vencimento)',
  permission: 'finance:write',
  input: z.strictObject({ id: idInput, ...transferInput }),
  output: billOutput,
  http: { method: 'PUT', path: '/payment/transfer/{id}' },
  example: { id: EXAMPLE_ID, bills: [EXAMPLE_ID], percent: 35, dueDate: '2026-12-15' },
  async run(ctx, { id, bills: ids, percent, dueDate, description }) {
    const stored = await ctx.store.transaction(async (tx) => {
      const current = await openTransfer(tx, id);
      const now = nowIso(ctx);
      await markSources(tx, await sourcesOf(tx, id), undefined, now);
      const sources = await loadSources(tx, ids, id);
      const bp = Math.round(percent * 100);
      const amount = sources.reduce((s, b) => s + shareCentavos(b.paidCentavos, bp), 0);
      await markSources(tx, sources, id, now);
      const { _rev, ...rest } = current;
      return tx.collection(bills).update(
        id,
        _rev,
        compact({
          ...rest,
          amountCentavos: amount,
          transferBasisPoints: bp,
          dueDate,
          description: description ?? rest.description,
          updatedAt: now,
        }),
      );
    });
    return billAnswer(stored, today(ctx));
  },
});

/** `payment.transfer.delete`: `DELETE /payment/transfer/{id}`: cancels an unpaid transfer. */
export const deleteTransfer = defineOperation({
  name: 'payment.transfer.delete',
  group: GROUP,
  summary: 'Cancela um repasse ainda não pago (as contas voltam a poder ser repassadas)',
  permission: 'finance:write',
  input: z.strictObject({ id: idInput }),
  output: z.object({ message: z.string(), finance: billOutput }),
  http: { method: 'DELETE', path: '/payment/transfer/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const stored = await ctx.store.transaction(async (tx) => {
      const current = await openTransfer(tx, id);
      const now = nowIso(ctx);
      await markSources(tx, await sourcesOf(tx, id), undefined, now);
      const { _rev, ...rest } = current;
      return tx.collection(bills).update(id, _rev, { ...rest, status: 'cancelled', updatedAt: now });
    });
    return { message: 'Repasse cancelado', finance: billAnswer(stored, today(ctx)) };
  },
});

/** The Payment group's operations. */
export const transferOperations = [createTransfer, updateTransfer, deleteTransfer];
