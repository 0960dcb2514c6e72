/**
 * The budgets' lines and treatments' steps that name a tooth (MED-046): the dental chart shows, per
 * tooth, what was quoted and what is being done, from the records that already exist (core/budget).
 */
import { z } from 'zod';
import { TOOTH_FACES } from '#core/budget/budget-codes.js';
import { budgets } from '#core/budget/budget-record.js';
import { treatments } from '#core/budget/treatment-ops.js';
import type { Store } from '#core/store/port.js';

/** One budget line or treatment step naming a tooth. */
export interface ToothLink {
  kind: 'budget' | 'treatment';
  /** The budget's or treatment's id. */
  id: string;
  budgetNumber?: number;
  /** 1-based line (budget) or step (treatment). */
  order: number;
  event?: string;
  toothFace?: (typeof TOOTH_FACES)[number][];
  /** Budget status number, or the treatment step's `pending`/`done`. */
  status: number | string;
}

/** The answer shape of a {@link ToothLink}. */
export const toothLinkOutput = z.object({
  kind: z.enum(['budget', 'treatment']),
  id: z.string(),
  budgetNumber: z.number().optional(),
  order: z.number(),
  event: z.string().optional(),
  toothFace: z.array(z.enum(TOOTH_FACES)).optional(),
  status: z.union([z.number(), z.string()]),
});

/** The active budgets' lines and treatments' steps of `patient`, by FDI tooth. */
export async function toothLinks(store: Store, patient: string): Promise<Map<string, ToothLink[]>> {
  const byTooth = new Map<string, ToothLink[]>();
  const add = (tooth: string | undefined, link: ToothLink) => {
    if (!tooth) return;
    byTooth.set(tooth, [...(byTooth.get(tooth) ?? []), link]);
  };
  const quoted = await store.collection(budgets).find({ selector: { patient }, limit: 500 });
  for (const budget of quoted) {
    if (!budget.active) continue;
    budget.items.forEach((line, i) =>
      add(line.tooth, {
        kind: 'budget',
        id: budget.id,
        budgetNumber: budget.budgetNumber,
        order: i + 1,
        ...(line.event ? { event: line.event } : {}),
        ...(line.toothFace?.length ? { toothFace: line.toothFace } : {}),
        status: budget.status,
      }),
    );
  }
  const done = await store.collection(treatments).find({ selector: { patient }, limit: 500 });
  for (const treatment of done) {
    if (!treatment.active) continue;
    for (const step of treatment.steps)
      add(step.tooth, {
        kind: 'treatment',
        id: treatment.id,
        budgetNumber: treatment.budgetNumber,
        order: step.order,
        ...(step.event ? { event: step.event } : {}),
        ...(step.toothFace?.length ? { toothFace: step.toothFace } : {}),
        status: step.status,
      });
  }
  return byTooth;
}
