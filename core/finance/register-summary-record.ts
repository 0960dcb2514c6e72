/**
 * The daily summary of a cash register (docs/decisions/finance.md FIN-031): one derived record per
 * register and São Paulo calendar day, holding the totals the registers' flux needs (in, out, by kind,
 * by method, in centavos), kept by every movement's write in the same transaction (register-core.ts
 * `appendMovement`). The movements stay the truth (FIN-003): recalculation rebuilds the summaries from
 * them (register-summary-verify.ts).
 *
 * Each total also keeps the first movement that made it (its `at` text and id, the order the flux
 * lists movements in), so the flux read from the summaries lists kinds, methods and registers in the
 * order it lists them from the movements, to the byte.
 *
 * Its id is derived from the tenant, register and day, so the register's station and a second writer
 * (a reversal written on the server, FIN-032) write the same record; their versions merge as counters
 * (register-summary-merge.ts).
 */
import { z } from 'zod';
import { derivedUuid } from '#core/inventory/derived-id.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { FINANCE_METHODS } from './bill-record.js';
import { MOVEMENT_KINDS } from './register-record.js';

/** One total of a day: its sum and the first movement (by `at` text, then id) that entered it. */
export interface SummaryTotal {
  centavos: number;
  firstAt: string;
  firstId: string;
}

/** A register's day as stored. */
export interface RegisterDaySummary extends RecordBase {
  register: string;
  /** `YYYY-MM-DD`, the day of the movements' instants in São Paulo (FINANCE_TIME_ZONE). */
  day: string;
  /** How many movements it sums. */
  movements: number;
  /** Sum of the positive amounts (centavos). */
  inCentavos: number;
  /** Sum of the negative amounts (centavos, ≤ 0). */
  outCentavos: number;
  byKind: Partial<Record<string, SummaryTotal>>;
  byMethod: Partial<Record<string, SummaryTotal>>;
}

/** The `cash_register_days` collection: a period's days, a register's days. */
export const registerDays = defineCollection<RegisterDaySummary>({
  name: 'cash_register_days',
  fields: { register: 'string', day: 'string' },
  indexes: [['day'], ['register', 'day']],
  // An undone first movement of a day leaves its summary empty, not a tombstone (STORE-022).
  emptied: (day) => ({ ...day, movements: 0, inCentavos: 0, outCentavos: 0, byKind: {}, byMethod: {} }),
});

/** The id of a register's day: a UUID (version 8 layout) from SHA-256 of tenant, register and day. */
export function registerDayId(tenantId: string, register: string, day: string): string {
  return derivedUuid(['cash_register_days', tenantId, register, day]);
}

const cents = z.number().int().min(-100_000_000_000_000).max(100_000_000_000_000);
const total = z.strictObject({ centavos: cents, firstAt: z.string().max(40), firstId: z.string().max(64) });

/** Stored fields of a register's day (push contract). */
export const registerDayStoredShape = {
  register: z.string().min(1).max(64),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  movements: z.number().int().min(0).max(100_000_000),
  inCentavos: cents.min(0),
  outCentavos: cents.max(0),
  byKind: z.partialRecord(z.enum(MOVEMENT_KINDS), total),
  byMethod: z.partialRecord(z.enum(FINANCE_METHODS), total),
};
