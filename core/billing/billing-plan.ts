/**
 * The insurer's billing plan (spec §4.4 Insurance: "create a billing plan", TISS-036): the calendar a
 * faturista works to for one insurer (and clinic): the day the month's production closes, the last
 * day the batches must reach the operator, and the days the operator takes to pay. The answer gives
 * the next dates from today in the clinic's calendar, so the clerk sees when to close, send and
 * expect the money. One plan per insurer and clinic.
 */
import { z } from 'zod';
import { clinics } from '#core/clinic/clinic-record.js';
import { conflictOn, EXAMPLE_ID, newRecordBase, recordOutputFields, requireReference } from '#core/common/records.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { GUIDE_TYPES, type GuideType } from './tiss/tiss-data.js';

/** A billing plan as stored. */
export interface BillingPlan extends RecordBase {
  insurance: string;
  clinic: string;
  /** Day of the month the production is closed (1–31; a shorter month closes on its last day). */
  closingDay: number;
  /** Day of the following month the batches must reach the operator. */
  sendingDeadlineDay: number;
  /** Days from the sending to the operator's payment (the contract's term). */
  paymentTermDays: number;
  /** Guide types billed to this insurer (what batches the clerk builds). */
  guideTypes: GuideType[];
  note?: string;
}

/** The `billing_plans` collection, found by insurer. */
export const billingPlans = defineCollection<BillingPlan>({
  name: 'billing_plans',
  fields: { insurance: 'string', clinic: 'string' },
  indexes: [['insurance', 'clinic']],
});

/** A stored billing plan (push contract, sync). */
export const billingPlanRecord = z
  .object({
    ...recordOutputFields,
    insurance: z.string(),
    clinic: z.string(),
    closingDay: z.number().int().min(1).max(31),
    sendingDeadlineDay: z.number().int().min(1).max(31),
    paymentTermDays: z.number().int().min(1).max(365),
    guideTypes: z.array(z.enum(GUIDE_TYPES)),
    note: z.string().optional(),
  })
  .meta({ id: 'BillingPlan' });

/** `YYYY-MM-DD` of `day` in the month `monthIndex` (0-based, may overflow) of `year`, clamped to its last day. */
function dayOf(year: number, monthIndex: number, day: number): string {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, monthIndex, Math.min(day, last))).toISOString().slice(0, 10);
}

/**
 * The next closing on or after `today` (`YYYY-MM-DD`), the sending deadline in the month after it,
 * and the payment expected `paymentTermDays` after that deadline.
 */
export function nextBillingDates(
  plan: Pick<BillingPlan, 'closingDay' | 'sendingDeadlineDay' | 'paymentTermDays'>,
  today: string,
) {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1];
  let closing = dayOf(year, month, plan.closingDay);
  let closingMonth = month;
  if (closing < today) {
    closingMonth = month + 1;
    closing = dayOf(year, closingMonth, plan.closingDay);
  }
  const sendingDeadline = dayOf(year, closingMonth + 1, plan.sendingDeadlineDay);
  const payment = new Date(Date.parse(`${sendingDeadline}T00:00:00Z`) + plan.paymentTermDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { closing, sendingDeadline, expectedPayment: payment };
}

const planAnswer = billingPlanRecord
  .extend({
    next: z
      .object({ closing: z.string(), sendingDeadline: z.string(), expectedPayment: z.string() })
      .describe('próximo fechamento, prazo de envio e pagamento esperado (AAAA-MM-DD, calendário da clínica)'),
  })
  .meta({ id: 'BillingPlanWithDates' });

/** `insurance.billingPlan.create`: `POST /insurance/{insurance}/billingPlan` (201). */
export const createBillingPlan = defineOperation({
  name: 'insurance.billingPlan.create',
  group: 'Insurance',
  summary: 'Cria o plano de faturamento de um convênio: fechamento, prazo de envio dos lotes e prazo de pagamento',
  description:
    'Um plano por convênio e clínica (409 nomeando o existente). O dia de fechamento num mês mais curto cai no último ' +
    'dia; o prazo de envio é no mês seguinte ao fechamento; o pagamento esperado conta os dias do contrato a partir do ' +
    'prazo de envio. A resposta traz as próximas datas.',
  permission: 'billing:write',
  input: z.strictObject({
    insurance: refInput(() => insurances),
    clinic: refInput(() => clinics),
    closingDay: z.number().int().min(1).max(31).describe('dia do fechamento da produção'),
    sendingDeadlineDay: z.number().int().min(1).max(31).describe('dia limite de envio no mês seguinte'),
    paymentTermDays: z.number().int().min(1).max(365).describe('dias para o pagamento após o envio'),
    guideTypes: z.array(z.enum(GUIDE_TYPES)).min(1).max(GUIDE_TYPES.length).default(['consulta', 'spsadt']),
    note: z.string().trim().max(500).optional(),
  }),
  output: z.object({ message: z.string(), plan: planAnswer }),
  http: { method: 'POST', path: '/insurance/{insurance}/billingPlan', status: 201 },
  example: {
    insurance: EXAMPLE_ID,
    clinic: EXAMPLE_ID,
    closingDay: 25,
    sendingDeadlineDay: 10,
    paymentTermDays: 30,
    guideTypes: ['consulta', 'spsadt'],
  },
  async run(ctx, input) {
    await requireReference(ctx.store.collection(insurances), input.insurance, 'Convênio', 'insurance');
    const clinic = await requireReference(ctx.store.collection(clinics), input.clinic, 'Clínica', 'clinic');
    const existing = await ctx.store
      .collection(billingPlans)
      .find({ selector: { insurance: input.insurance, clinic: input.clinic }, limit: 1 });
    if (existing[0])
      throw conflictOn('insurance', 'Convênio já tem plano de faturamento nesta clínica', `plano ${existing[0].id}`);
    const plan = await ctx.store.collection(billingPlans).insert({
      ...newRecordBase(ctx),
      ...input,
      guideTypes: [...new Set(input.guideTypes)],
    });
    const today = ctx.clock.now().toLocaleString('sv-SE', { timeZone: clinic.timeZone }).slice(0, 10);
    return { message: 'Plano de faturamento criado', plan: { ...plan, next: nextBillingDates(plan, today) } };
  },
});
