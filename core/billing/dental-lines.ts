/**
 * Where in the mouth a dental attendance's procedures were done, for its GTO: each of the
 * appointment's events takes the tooth and faces, or the region, of a step of the patient's
 * treatment (the approved budget's lines, core/budget/treatment-ops.ts) with the same event. Billing
 * reads the treatment (resource `budget`, held by every staff role) and not the dental chart, which
 * is clinical (`medicalRecord`, professionals only): the faturista bills what was quoted and done.
 */
import type { OperationContext } from '#core/operation.js';
import { treatments, type TreatmentStep } from '#core/budget/treatment-ops.js';

/** A line's place in the mouth, as stored on the billed line. */
export interface DentalPlace {
  tooth?: string;
  toothFace?: string[];
  toothRegion?: string;
}

function placeOf(step: TreatmentStep): DentalPlace {
  if (step.tooth) return { tooth: step.tooth, ...(step.toothFace?.length ? { toothFace: [...step.toothFace] } : {}) };
  return step.toothRegion ? { toothRegion: step.toothRegion } : {};
}

/**
 * One place per event of `events`, in order (`{}` when no step of the patient's active treatments of
 * this insurer, or of none, names the event). Steps already done come first, then by their order;
 * each step is used once, so two restorations of the same event take two teeth.
 */
export async function dentalPlaces(
  ctx: OperationContext,
  patient: string,
  insurance: string,
  events: readonly string[],
): Promise<DentalPlace[]> {
  const found = await ctx.store.collection(treatments).find({ selector: { patient }, limit: 200 });
  const steps = found
    .filter((t) => t.active && (!t.insurance || t.insurance === insurance))
    .flatMap((t) => t.steps)
    .filter((s) => s.event && (s.tooth || s.toothRegion))
    .sort((a, b) => (a.status === b.status ? a.order - b.order : a.status === 'done' ? -1 : 1));
  const used = new Set<TreatmentStep>();
  return events.map((event) => {
    const step = steps.find((s) => s.event === event && !used.has(s));
    if (!step) return {};
    used.add(step);
    return placeOf(step);
  });
}
