/**
 * The receivable of a batch (spec §4.4 Billing: "generate a receivable record for a batch"): once the
 * batch is sent, what the insurer owes for it becomes a bill to receive in finance, for the batch's
 * total and the due date the contract gives. One per batch (TISS-018).
 */
import { z } from 'zod';
import { dateInput } from '#core/br/schemas.js';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { createBill } from '#core/finance/bill-ops.js';
import { financeAccounts } from '#core/finance/account-record.js';
import { financeCategories } from '#core/finance/category-record.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation, invoke } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { attendancesOf } from './batch-document.js';
import { answerBatch, batchAnswer, GROUP } from './batch-ops.js';
import { billingBatches } from './batch-record.js';
import { batchTotal } from './totals.js';

/** `billing.batch.receivable`: `POST /billing/batch/{id}/receivable` (201). */
export const createBatchReceivable = defineOperation({
  name: 'billing.batch.receivable',
  group: GROUP,
  summary: 'Gera a conta a receber do convênio no financeiro para um lote enviado',
  description:
    'O valor é o total do lote; o vencimento é o do contrato com a operadora. Um lote tem uma conta a receber: ' +
    'a segunda chamada é 409 nomeando a existente. Pede também `finance:write`, pois cria a conta no financeiro.',
  permission: 'billing:write',
  input: z.strictObject({
    id: idInput,
    dueDate: dateInput,
    category: refInput(() => financeCategories).optional(),
    account: refInput(() => financeAccounts).optional(),
  }),
  output: z.object({ message: z.string(), batch: batchAnswer }),
  http: { method: 'POST', path: '/billing/batch/{id}/receivable', status: 201 },
  example: { id: EXAMPLE_ID, dueDate: '2026-12-30' },
  async run(ctx, { id, dueDate, category, account }) {
    const batch = await requireRecord(ctx.store.collection(billingBatches), id, 'Lote');
    if (batch.status !== 'sent')
      throw invalidTransition('A conta a receber vem do lote enviado', 'id', 'lote ainda não enviado');
    if (batch.receivable)
      throw new DomainError('conflict', 'Este lote já tem conta a receber no financeiro', [
        { path: 'id', message: `conta ${batch.receivable.bill}` },
      ]);
    const insurance = await requireRecord(ctx.store.collection(insurances), batch.insurance, 'Convênio');
    const amount = batchTotal(await attendancesOf(ctx.store, batch));
    const at = nowIso(ctx);
    // The bill and the batch's note of it are one write: no bill without its batch knowing.
    const next = await ctx.store.transaction(async (store) => {
      const { finance } = await invoke(
        createBill,
        { ...ctx, store },
        {
          type: 'receivable',
          value: amount,
          description: `Lote TISS ${batch.batchNumber} · ${insurance.name}${batch.protocol ? ` · protocolo ${batch.protocol}` : ''}`,
          clinic: batch.clinic,
          dueDate,
          method: 'insurance',
          ...(category ? { category } : {}),
          ...(account ? { account } : {}),
        },
      );
      return store.collection(billingBatches).update(id, batch._rev, {
        ...batch,
        receivable: { bill: finance.id, amount, dueDate, at, by: ctx.actor.id },
        updatedAt: at,
      });
    });
    return { message: 'Conta a receber do lote criada', batch: await answerBatch(ctx, next) };
  },
});
