/**
 * The treatment a budget becomes once approved (spec §4.4 Report Budget: "create a treatment from a
 * budget"; §2.5 names Treatment): one step per budget line, in the budget's order, each to be done
 * and checked off by the treatment group later. Created once per budget.
 */
import { z } from 'zod';
import {
  compact,
  EXAMPLE_ID,
  idInput,
  invalidTransition,
  nowIso,
  recordOutputFields,
  requireRecord,
} from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { BudgetStatus, STATUS_LABELS, TOOTH_FACES, TOOTH_REGIONS, TYPE_MODELS } from './budget-codes.js';
import { budgets, type BudgetItem } from './budget-record.js';

/** One thing to do: a budget line (tooth, face, region, event, quantity). */
export interface TreatmentStep {
  /** 1-based position, the budget line's. */
  order: number;
  typeModel: BudgetItem['typeModel'];
  event?: string;
  item?: string;
  quantity: number;
  tooth?: string;
  toothFace?: BudgetItem['toothFace'];
  toothRegion?: BudgetItem['toothRegion'];
  status: 'pending' | 'done';
}

/** A treatment as stored. */
export interface Treatment extends RecordBase {
  /** The budget it came from; one treatment per budget. */
  budget: string;
  budgetNumber: number;
  patient: string;
  clinic: string;
  professional?: string;
  specialty?: string;
  insurance?: string;
  status: 'open' | 'finished';
  steps: TreatmentStep[];
  active: boolean;
}

/** The `treatments` collection. */
export const treatments = defineCollection<Treatment>({
  name: 'treatments',
  fields: { budget: 'string', patient: 'string' },
  indexes: [['budget'], ['patient']],
});

/** A treatment as answered. */
export const treatmentOutput = z
  .object({
    ...recordOutputFields,
    budget: z.string(),
    budgetNumber: z.number(),
    patient: z.string(),
    clinic: z.string(),
    professional: z.string().optional(),
    specialty: z.string().optional(),
    insurance: z.string().optional(),
    status: z.enum(['open', 'finished']),
    steps: z.array(
      z.object({
        order: z.number(),
        typeModel: z.enum(TYPE_MODELS),
        event: z.string().optional(),
        item: z.string().optional(),
        quantity: z.number(),
        tooth: z.string().optional(),
        toothFace: z.array(z.enum(TOOTH_FACES)).optional(),
        toothRegion: z.enum(TOOTH_REGIONS).optional(),
        status: z.enum(['pending', 'done']),
      }),
    ),
    active: z.boolean(),
  })
  .meta({ id: 'Treatment' });

/** `budget.treatment.create`: `POST /budget/{id}/treatment` (201). */
export const createTreatmentFromBudget = defineOperation({
  name: 'budget.treatment.create',
  group: 'Report Budget',
  summary: 'Cria o tratamento de um orçamento aprovado',
  description:
    'Uma etapa por linha do orçamento (dente, faces, região, evento, quantidade); o orçamento passa a executado (4). ' +
    'Só orçamentos aprovados, uma única vez (409 nos demais casos).',
  permission: 'budget:write',
  input: z.strictObject({ id: idInput }),
  output: z.object({ message: z.string(), treatment: treatmentOutput }),
  http: { method: 'POST', path: '/budget/{id}/treatment', status: 201 },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const treatment = await ctx.store.transaction(async (tx) => {
      const collection = tx.collection(budgets);
      const budget = await requireRecord(collection, id, 'Orçamento');
      if (!budget.active) throw invalidTransition('Orçamento excluído não vira tratamento');
      if (budget.status !== BudgetStatus.approved || budget.treatment) {
        throw invalidTransition(
          budget.treatment
            ? `Este orçamento já virou o tratamento ${budget.treatment}`
            : `Só orçamento aprovado vira tratamento (este está ${STATUS_LABELS[budget.status].toLowerCase()})`,
          'status',
        );
      }
      // Also refuse when another installation already made one (synced in after this copy was read).
      const existing = await tx.collection(treatments).find({ selector: { budget: id }, limit: 1 });
      if (existing[0]) throw invalidTransition(`Este orçamento já virou o tratamento ${existing[0].id}`, 'status');
      const now = nowIso(ctx);
      const created = await tx.collection(treatments).insert(
        compact({
          id: ctx.ids.next(),
          tenantId: tx.tenantId,
          createdAt: now,
          updatedAt: now,
          budget: id,
          budgetNumber: budget.budgetNumber,
          patient: budget.patient,
          clinic: budget.clinic,
          professional: budget.professional,
          specialty: budget.specialty,
          insurance: budget.insurance,
          status: 'open' as const,
          active: true,
          steps: budget.items.map((line, i) =>
            compact({
              order: i + 1,
              typeModel: line.typeModel,
              event: line.event,
              item: line.item,
              quantity: line.quantity,
              tooth: line.tooth,
              toothFace: line.toothFace,
              toothRegion: line.toothRegion,
              status: 'pending' as const,
            }),
          ),
        }),
      );
      await collection.update(id, budget._rev, {
        ...budget,
        status: BudgetStatus.executed,
        treatment: created.id,
        executedAt: now,
        updatedAt: now,
      });
      return created;
    });
    return { message: `Tratamento criado a partir do orçamento nº ${treatment.budgetNumber}`, treatment };
  },
});

/** `treatment.get`: `GET /treatment/{id}`. */
export const getTreatment = defineOperation({
  name: 'treatment.get',
  group: 'Treatment',
  summary: 'Mostra um tratamento',
  permission: 'budget:read',
  input: z.strictObject({ id: idInput }),
  output: treatmentOutput,
  http: { method: 'GET', path: '/treatment/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(treatments), id, 'Tratamento'),
});

/** The operations of this file. */
export const treatmentOperations = [createTreatmentFromBudget, getTreatment];
