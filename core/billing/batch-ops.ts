/**
 * Batches (spec §4.4 Billing): create, show, list, add and remove attendances, delete (removing
 * every attendance first), revalue prices. A batch takes attendances of its own clinic, insurance and
 * guide type, at most 100 (ctm_guiaLote's maxOccurs), and changes only while `open`.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { idListInput } from '#core/common/query-input.js';
import {
  EXAMPLE_ID,
  idInput,
  invalidTransition,
  newRecordBase,
  nowIso,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { applicablePrice, pricesOfEvents } from '#core/price/price-store.js';
import type { Stored } from '#core/store/record.js';
import { billingAttendances, type BillingAttendance } from './attendance-record.js';
import { attendancesOf } from './batch-document.js';
import { BATCH_STATUSES, billingBatches, billingBatchOutput, type BillingBatch } from './batch-record.js';
import { attendanceFromAppointment } from './from-appointment.js';
import { priceTableOf } from './price-table-of.js';
import { GUIDE_TYPES } from './tiss/tiss-data.js';
import { batchTotal } from './totals.js';

export const GROUP = 'Billing';

/** The number series of batch numbers (numeroLote), one per account. */
export const BATCH_SERIES = 'tissBatch';
/** Guides per batch the TISS schema allows (ctm_guiaLote/guiasTISS, maxOccurs 100). */
export const MAX_GUIDES = 100;
/** TISS version when the insurer sets none. */
export const DEFAULT_TISS_VERSION = '4.01.00';

/** A batch as answered: the record, its total (reais) and attendance count. */
export const batchAnswer = billingBatchOutput
  .extend({ total: z.number().describe('reais'), guides: z.number() })
  .meta({ id: 'BatchWithTotal' });

/** The batch with its total. */
export async function answerBatch(ctx: OperationContext, batch: BillingBatch) {
  const attendances = await attendancesOf(ctx.store, batch);
  return { ...batch, total: batchTotal(attendances), guides: attendances.length };
}

/** The batch `id`, refused unless open. */
export async function requireOpenBatch(ctx: OperationContext, id: string): Promise<Stored<BillingBatch>> {
  const batch = await requireRecord(ctx.store.collection(billingBatches), id, 'Lote');
  if (batch.status !== 'open') {
    throw invalidTransition('Lote enviado não muda: cancele o envio antes', 'id', 'lote enviado à operadora');
  }
  return batch;
}

/** `billing.batch.create`: `POST /billing/batch/` (201). */
export const createBatch = defineOperation({
  name: 'billing.batch.create',
  group: GROUP,
  summary: 'Cria um lote de guias TISS de uma clínica para um convênio',
  permission: 'billing:write',
  input: z.strictObject({
    clinic: refInput(() => clinics),
    insurance: refInput(() => insurances),
    guideType: z.enum(GUIDE_TYPES),
  }),
  output: z.object({ message: z.string(), batch: batchAnswer }),
  http: { method: 'POST', path: '/billing/batch/', status: 201 },
  example: { clinic: EXAMPLE_ID, insurance: EXAMPLE_ID, guideType: 'consulta' },
  async run(ctx, input) {
    await requireReference(ctx.store.collection(clinics), input.clinic, 'Clínica', 'clinic');
    const insurance = await requireReference(
      ctx.store.collection(insurances),
      input.insurance,
      'Convênio',
      'insurance',
    );
    const batchNumber = await ctx.numbers.next(BATCH_SERIES);
    const batch = await ctx.store.collection(billingBatches).insert({
      ...newRecordBase(ctx),
      ...input,
      batchNumber,
      tissVersion: insurance.tissVersion ?? DEFAULT_TISS_VERSION,
      status: 'open',
      attendances: [],
      sendings: [],
    });
    return { message: 'Lote criado', batch: { ...batch, total: 0, guides: 0 } };
  },
});

/** `billing.batch.get`: `GET /billing/batch/{id}`. */
export const getBatch = defineOperation({
  name: 'billing.batch.get',
  group: GROUP,
  summary: 'Mostra um lote com o total e o número de guias',
  permission: 'billing:read',
  input: z.strictObject({ id: idInput }),
  output: batchAnswer,
  http: { method: 'GET', path: '/billing/batch/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    return answerBatch(ctx, await requireRecord(ctx.store.collection(billingBatches), id, 'Lote'));
  },
});

/** `billing.batch.list`: `GET /billing/batch/`. */
export const listBatches = defineOperation({
  name: 'billing.batch.list',
  group: GROUP,
  summary: 'Lista os lotes, do mais recente ao mais antigo (por convênio e situação, se informados)',
  permission: 'billing:read',
  input: z.strictObject({ insurance: idInput.optional(), status: z.enum(BATCH_STATUSES).optional() }),
  output: z.object({ items: z.array(billingBatchOutput) }),
  http: { method: 'GET', path: '/billing/batch/' },
  example: { status: 'open' },
  async run(ctx, { insurance, status }) {
    const items = await ctx.store.collection(billingBatches).find({
      selector: { ...(insurance ? { insurance } : {}), ...(status ? { status } : {}) },
      sort: [{ batchNumber: 'desc' }],
      limit: 500,
    });
    return { items };
  },
});

function misfit(batch: BillingBatch, attendance: BillingAttendance): string | undefined {
  if (attendance.batch && attendance.batch !== batch.id) return 'já está em outro lote';
  if (attendance.insurance !== batch.insurance) return 'é de outro convênio';
  if (attendance.clinic !== batch.clinic) return 'é de outra clínica';
  if (attendance.guideType !== batch.guideType) return `é guia ${attendance.guideType}, o lote é ${batch.guideType}`;
  return undefined;
}

/** `billing.batch.addAttendances`: `POST /billing/batch/{id}/attendance`. */
export const addAttendances = defineOperation({
  name: 'billing.batch.addAttendances',
  group: GROUP,
  summary: 'Adiciona atendimentos ao lote (atendimentos já faturados ou agendamentos atendidos)',
  description:
    'Agendamentos atendidos entram no faturamento com os dados da guia (carteirinha, profissional, códigos e preços ' +
    'da tabela do convênio) e vão para o lote. Nada muda se algum não couber no lote.',
  permission: 'billing:write',
  input: z
    .strictObject({
      id: idInput,
      attendances: z.array(idInput).max(MAX_GUIDES).default([]),
      appointments: z.array(idInput).max(MAX_GUIDES).default([]),
    })
    .refine((v) => v.attendances.length + v.appointments.length > 0, {
      path: ['attendances'],
      message: 'informe atendimentos ou agendamentos',
    }),
  output: batchAnswer,
  http: { method: 'POST', path: '/billing/batch/{id}/attendance' },
  example: { id: EXAMPLE_ID, appointments: [EXAMPLE_ID] },
  async run(ctx, input) {
    const batch = await requireOpenBatch(ctx, input.id);
    const collection = ctx.store.collection(billingAttendances);
    const existing = await Promise.all(
      input.attendances.map((id) => requireReference(collection, id, 'Atendimento', 'attendances')),
    );
    const fresh: BillingAttendance[] = [];
    for (const appointment of input.appointments) fresh.push(await attendanceFromAppointment(ctx, appointment));
    const problems: ErrorDetail[] = [];
    for (const attendance of [...existing, ...fresh]) {
      const why = misfit(batch, attendance);
      if (why) problems.push({ path: 'attendances', message: `atendimento ${attendance.guideNumber} ${why}` });
    }
    const added = [...existing, ...fresh].map((a) => a.id).filter((id) => !batch.attendances.includes(id));
    if (batch.attendances.length + added.length > MAX_GUIDES)
      problems.push({ path: 'attendances', message: `no máximo ${MAX_GUIDES} guias por lote` });
    if (problems.length) throw new DomainError('validation', 'Atendimentos que não cabem neste lote', problems);
    const now = nowIso(ctx);
    const next = await ctx.store.transaction(async (store) => {
      for (const attendance of fresh)
        await store.collection(billingAttendances).insert({ ...attendance, batch: batch.id });
      for (const attendance of existing.filter((a) => a.batch !== batch.id))
        await store
          .collection(billingAttendances)
          .update(attendance.id, attendance._rev, { ...attendance, batch: batch.id, updatedAt: now });
      return store
        .collection(billingBatches)
        .update(batch.id, batch._rev, { ...batch, attendances: [...batch.attendances, ...added], updatedAt: now });
    });
    return answerBatch(ctx, next);
  },
});

/** `billing.batch.removeAttendances`: `DELETE /billing/batch/{id}/attendance`. */
export const removeAttendances = defineOperation({
  name: 'billing.batch.removeAttendances',
  group: GROUP,
  summary: 'Retira atendimentos do lote (continuam no faturamento, sem lote)',
  permission: 'billing:write',
  input: z.strictObject({ id: idInput, attendances: idListInput(MAX_GUIDES) }),
  output: batchAnswer,
  http: { method: 'DELETE', path: '/billing/batch/{id}/attendance' },
  example: { id: EXAMPLE_ID, attendances: [EXAMPLE_ID] },
  async run(ctx, input) {
    const batch = await requireOpenBatch(ctx, input.id);
    const outside = input.attendances.filter((id) => !batch.attendances.includes(id));
    if (outside.length) {
      throw new DomainError(
        'validation',
        'Atendimento não está neste lote',
        outside.map((id) => ({ path: 'attendances', message: `atendimento ${id} não está no lote` })),
      );
    }
    const next = await detach(ctx, batch, input.attendances);
    return answerBatch(ctx, next);
  },
});

async function detach(ctx: OperationContext, batch: Stored<BillingBatch>, ids: readonly string[]) {
  const now = nowIso(ctx);
  return ctx.store.transaction(async (store) => {
    const collection = store.collection(billingAttendances);
    for (const id of ids) {
      const attendance = await collection.get(id);
      if (!attendance || attendance.batch !== batch.id) continue;
      const { batch: _dropped, ...rest } = attendance;
      await collection.update(id, attendance._rev, { ...rest, updatedAt: now });
    }
    return store.collection(billingBatches).update(batch.id, batch._rev, {
      ...batch,
      attendances: batch.attendances.filter((id) => !ids.includes(id)),
      updatedAt: now,
    });
  });
}

/** `billing.batch.delete`: `DELETE /billing/batch/{id}`. */
export const deleteBatch = defineOperation({
  name: 'billing.batch.delete',
  group: GROUP,
  summary: 'Retira todos os atendimentos do lote e o exclui',
  description: 'Os atendimentos continuam no faturamento, sem lote; um lote enviado não é excluído.',
  permission: 'billing:write',
  input: z.strictObject({ id: idInput }),
  output: z.object({ message: z.string(), released: z.number() }),
  http: { method: 'DELETE', path: '/billing/batch/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const batch = await requireOpenBatch(ctx, id);
    const freed = await detach(ctx, batch, batch.attendances);
    await ctx.store.collection(billingBatches).remove(id, freed._rev);
    return { message: 'Lote excluído', released: batch.attendances.length };
  },
});

/** `billing.batch.revalue`: `POST /billing/batch/{id}/revalue`. */
export const revalueBatch = defineOperation({
  name: 'billing.batch.revalue',
  group: GROUP,
  summary: 'Reavalia os preços dos atendimentos do lote pela tabela de preços vigente do convênio',
  description:
    'Cada linha que veio de um evento recebe o preço aplicável hoje (do plano, do convênio ou geral) na tabela do ' +
    'convênio; linhas sem preço na tabela ficam como estão e são listadas em `unpriced`.',
  permission: 'billing:write',
  input: z.strictObject({ id: idInput }),
  output: z.object({ batch: batchAnswer, changed: z.number(), unpriced: z.array(z.string()) }),
  http: { method: 'POST', path: '/billing/batch/{id}/revalue' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const batch = await requireOpenBatch(ctx, id);
    const insurance = await requireRecord(ctx.store.collection(insurances), batch.insurance, 'Convênio');
    const table = await priceTableOf(ctx.store, insurance);
    if (!table) {
      throw new DomainError('validation', 'Convênio sem tabela de preços', [
        { path: 'insurance', message: 'defina a tabela de preços do convênio' },
      ]);
    }
    const attendances = await attendancesOf(ctx.store, batch);
    const eventIds = [...new Set(attendances.flatMap((a) => a.items.flatMap((i) => i.event ?? [])))];
    const prices = await pricesOfEvents(ctx.store, table, eventIds);
    const now = nowIso(ctx);
    let changed = 0;
    const unpriced = new Set<string>();
    await ctx.store.transaction(async (store) => {
      for (const attendance of attendances) {
        const scope = { insurance: attendance.insurance, insurancePlan: attendance.insurancePlan };
        let touched = false;
        const items = attendance.items.map((item) => {
          if (!item.event) return item;
          const price = applicablePrice(
            prices.filter((p) => p.event === item.event),
            scope,
          );
          if (!price) {
            unpriced.add(item.event);
            return item;
          }
          if (price.value === item.unitValue) return item;
          touched = true;
          return { ...item, unitValue: price.value };
        });
        if (!touched) continue;
        changed++;
        await store
          .collection(billingAttendances)
          .update(attendance.id, attendance._rev, { ...attendance, items, updatedAt: now });
      }
    });
    return { batch: await answerBatch(ctx, batch), changed, unpriced: [...unpriced] };
  },
});

/** The operations of this file. */
export const batchOperations = [
  createBatch,
  getBatch,
  listBatches,
  addAttendances,
  removeAttendances,
  deleteBatch,
  revalueBatch,
];
