/**
 * What the Estoque screen reads for one clinic: the position by product and lot, the low-stock and
 * near-expiry lists and the discrepancies (core/inventory/stock-ops.ts), plus the choices its form
 * offers (active products, clinics, reserve reasons).
 */
import type { z } from 'zod';
import { listReserveReasons } from '#core/inventory/category-ops.js';
import { products } from '#core/inventory/product-record.js';
import { clinicAlerts, clinicStock, listDiscrepancies } from '#core/inventory/stock-ops.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { loadClinics, type ClinicChoice } from '../reception/load-day.js';

/** A position line as the core answers it. */
export type StockLine = z.output<typeof clinicStock.output>['lines'][number];

/** What the screen shows. */
export interface StockData {
  clinics: ClinicChoice[];
  /** The clinic shown: the chosen one, else the first. */
  clinic: string | null;
  lines: StockLine[];
  lowStock: z.output<typeof clinicAlerts.output>['lowStock'];
  nearExpiry: z.output<typeof clinicAlerts.output>['nearExpiry'];
  discrepancies: z.output<typeof listDiscrepancies.output>['items'];
  products: { id: string; name: string; unit: string }[];
  reasons: { id: string; name: string }[];
}

/** Reads the screen's data for `chosen` (or the first clinic). @throws DomainError as the operations. */
export async function loadStock(ctx: OperationContext, chosen: string | null): Promise<StockData> {
  const clinics = await loadClinics(ctx);
  const clinic = clinics.find((c) => c.id === chosen)?.id ?? clinics[0]?.id ?? null;
  const choices = (await ctx.store.collection(products).find({ selector: { active: true } }))
    .map((p) => ({ id: p.id, name: p.name, unit: p.consumptionUnit }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const reasons = (await invoke(listReserveReasons, ctx, {})).items.map((r) => ({ id: r.id, name: r.name }));
  if (!clinic) {
    return { clinics, clinic, lines: [], lowStock: [], nearExpiry: [], discrepancies: [], products: choices, reasons };
  }
  const { lines } = await invoke(clinicStock, ctx, { clinicId: clinic });
  const { lowStock, nearExpiry } = await invoke(clinicAlerts, ctx, { clinicId: clinic, days: 30 });
  const { items } = await invoke(listDiscrepancies, ctx, { clinicId: clinic });
  return { clinics, clinic, lines, lowStock, nearExpiry, discrepancies: items, products: choices, reasons };
}
