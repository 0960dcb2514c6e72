/**
 * What a printed budget shows (spec §4.4 Report Budget: "download a budget as PDF"): the budget with
 * the names behind its ids, read from the tenant's store. Core builds this model; the server renders
 * it with pdfkit (`sync-server/budget/budget-pdf.ts`), which registers itself here, so the route
 * comes from the one operation definition and pdfkit stays out of core.
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { clinics, type Clinic } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID, idInput, requireRecord } from '#core/common/records.js';
import { events } from '#core/clinic/event-record.js';
import { PRICED_MODELS, pricedItemsById, type PricedItem } from '#core/price/priced-items.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation } from '#core/operation.js';
import { patients, type Patient } from '#core/patient/patient-record.js';
import { specialties } from '#core/specialty/specialty-record.js';
import type { Store } from '#core/store/port.js';
import { budgets, type Budget } from './budget-record.js';

/** A budget with the names a patient reads instead of ids. */
export interface BudgetDocument {
  budget: Budget;
  clinic?: Pick<Clinic, 'name' | 'legalName' | 'cnpj' | 'phone' | 'email' | 'address'>;
  patient?: Pick<Patient, 'name' | 'socialName' | 'cpf' | 'cellPhone' | 'email'>;
  professional?: { name: string; council?: string; councilNumber?: string; councilState?: string };
  specialtyName?: string;
  insuranceName?: string;
  planName?: string;
  /** Name by id of every line's `event` and `item` (event, product, kit or material/exam). */
  eventNames: Record<string, string>;
}

/** Renders a document to PDF bytes. */
export type BudgetPdfRenderer = (document: BudgetDocument) => Promise<Uint8Array>;

let renderer: BudgetPdfRenderer | undefined;

/** Installs the PDF renderer (the server's pdfkit one, or a desk's). Replaces any earlier one. */
export function setBudgetPdfRenderer(render: BudgetPdfRenderer): void {
  renderer = render;
}

/**
 * Reads what the document of budget `id` shows.
 * @throws DomainError `not_found` when the budget is missing in the tenant.
 */
export async function budgetDocument(store: Store, id: string): Promise<BudgetDocument> {
  const budget = await requireRecord(store.collection(budgets), id, 'Orçamento');
  const eventIds = [...new Set(budget.items.flatMap((l) => [l.event, l.item].filter((x): x is string => !!x)))];
  const [clinic, patient, professional, specialty, insurance, found] = await Promise.all([
    store.collection(clinics).get(budget.clinic),
    store.collection(patients).get(budget.patient),
    budget.professional ? store.collection(users).get(budget.professional) : undefined,
    budget.specialty ? store.collection(specialties).get(budget.specialty) : undefined,
    budget.insurance ? store.collection(insurances).get(budget.insurance) : undefined,
    eventIds.length ? store.collection(events).find({ selector: { id: { $in: eventIds } } }) : [],
  ]);
  // Products, kits and materials a line quotes, named like events (their ids never collide).
  const quoted: Map<string, PricedItem>[] = await Promise.all(
    PRICED_MODELS.map(async (model) => {
      const ids = budget.items.flatMap((l) => (l.typeModel === model && l.item ? [l.item] : []));
      return ids.length ? pricedItemsById(store, model, ids) : new Map<string, PricedItem>();
    }),
  );
  const plan = insurance?.plans.find((p) => p.id === budget.patientData?.insurancePlan);
  return {
    budget,
    ...(clinic ? { clinic } : {}),
    ...(patient ? { patient } : {}),
    ...(professional
      ? {
          professional: {
            name: professional.name,
            ...(professional.council ? { council: professional.council } : {}),
            ...(professional.councilNumber ? { councilNumber: professional.councilNumber } : {}),
            ...(professional.councilState ? { councilState: professional.councilState } : {}),
          },
        }
      : {}),
    ...(specialty ? { specialtyName: specialty.name } : {}),
    ...(insurance ? { insuranceName: insurance.name } : {}),
    ...(plan ? { planName: plan.name } : {}),
    eventNames: Object.fromEntries<string>([
      ...found.map((e): [string, string] => [e.id, e.name]),
      ...quoted.flatMap((byId) => [...byId.values()].map((item): [string, string] => [item.id, item.name])),
    ]),
  };
}

/** Bytes to base64 without Node's Buffer (core also runs in the renderer). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The file name of a budget's PDF. */
export function budgetPdfName(budget: Pick<Budget, 'budgetNumber'>): string {
  return `orcamento-${budget.budgetNumber}.pdf`;
}

/** `budget.pdf`: `GET /budget/{id}/pdf`. */
export const budgetPdf = defineOperation({
  name: 'budget.pdf',
  group: 'Report Budget',
  summary: 'Baixa o orçamento em PDF',
  description:
    'Responde JSON `{ fileName, mediaType, content }` com o PDF (A4, pt-BR) em base64 em `content`, ' +
    'como as exportações CSV: `jq -r .content | base64 -d > orcamento.pdf`.',
  permission: 'budget:read',
  input: z.strictObject({ id: idInput }),
  output: z.object({ fileName: z.string(), mediaType: z.literal('application/pdf'), content: z.string() }),
  http: { method: 'GET', path: '/budget/{id}/pdf' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const document = await budgetDocument(ctx.store, id);
    if (!renderer) throw new Error('budget PDF renderer not installed: import sync-server/budget/index.js');
    const bytes = await renderer(document);
    return {
      fileName: budgetPdfName(document.budget),
      mediaType: 'application/pdf' as const,
      content: toBase64(bytes),
    };
  },
});
