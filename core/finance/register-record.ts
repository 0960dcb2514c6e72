/**
 * Cash registers (caixa; spec §2.5 "Register", §4.4 Finance "registers"): one per station and user
 * while open, opened with a change fund (fundo de troco), closed by counting each payment method.
 * Its movements (cash_movements) are append-only and its balance is always their sum, never a stored
 * number that two desks could overwrite (FIN-003).
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { FINANCE_METHODS, type FinanceMethod } from './bill-record.js';

/** `open` takes movements; `closing` counted next (a new one is already open); `closed` final. */
export const REGISTER_STATUSES = ['open', 'closing', 'closed'] as const;

/** One method as counted at closing (centavos). */
export interface StoredCount {
  method: string;
  expectedCentavos: number;
  countedCentavos: number;
  differenceCentavos: number;
}

/** A register as stored. */
export interface CashRegister extends RecordBase {
  /** The desk installation (or terminal) it belongs to: never shared by two stations. */
  station: string;
  /** The user who opened it and answers for it. */
  user: string;
  status: (typeof REGISTER_STATUSES)[number];
  openedAt: string;
  changeFundCentavos: number;
  closingStartedAt?: string;
  closedAt?: string;
  closedBy?: string;
  counts?: StoredCount[];
  /** Why the counts differ from what was expected (required when they do). */
  reason?: string;
  /** The register this one replaced (its closing was started when this one opened). */
  previous?: string;
}

/** The `cash_registers` collection: by station and status, by open date. */
export const cashRegisters = defineCollection<CashRegister>({
  name: 'cash_registers',
  fields: { station: 'string', status: 'string', openedAt: 'string', user: 'string' },
  indexes: [['station', 'status'], ['openedAt'], ['status']],
});

/**
 * Kinds of movement. `prepayment` (money in) and `prepaymentRefund` (out) are a patient's credit
 * (FIN-017): cash the register holds but a liability, never revenue, until applied to a bill.
 */
export const MOVEMENT_KINDS = [
  'opening',
  'receipt',
  'reversal',
  'withdrawal',
  'supply',
  'transfer',
  'prepayment',
  'prepaymentRefund',
] as const;

/** A movement as stored: `amountCentavos` is signed (in > 0, out < 0). */
export interface CashMovement extends RecordBase {
  register: string;
  kind: (typeof MOVEMENT_KINDS)[number];
  method: FinanceMethod;
  amountCentavos: number;
  /** The payment a receipt or reversal records. */
  payment?: string;
  /** The patient credit entry a prepayment or its refund records (FIN-017). */
  credit?: string;
  /** The account a transfer went to. */
  account?: string;
  note?: string;
  at: string;
  by: string;
}

/** The `cash_movements` collection: by register, by date. */
export const cashMovements = defineCollection<CashMovement>({
  name: 'cash_movements',
  fields: { register: 'string', at: 'string', kind: 'string', account: 'string' },
  indexes: [['register', 'at'], ['at'], ['account']],
});

const count = z.object({
  method: z.string(),
  expected: z.number().describe('reais'),
  counted: z.number().describe('reais'),
  difference: z.number().describe('reais: contado − esperado'),
});

/** A register as answered, with its derived balance per method. */
export const registerOutput = z
  .object({
    ...recordOutputFields,
    station: z.string(),
    user: z.string(),
    status: z.enum(REGISTER_STATUSES),
    openedAt: z.string(),
    changeFund: z.number().describe('reais'),
    closingStartedAt: z.string().optional(),
    closedAt: z.string().optional(),
    closedBy: z.string().optional(),
    counts: z.array(count).optional(),
    reason: z.string().optional(),
    previous: z.string().optional(),
    balance: z.number().describe('reais: soma dos movimentos'),
    byMethod: z.record(z.string(), z.number()).describe('reais por forma de pagamento'),
  })
  .meta({ id: 'Register' });

/** A movement as answered. */
export const movementOutput = z
  .object({
    ...recordOutputFields,
    register: z.string(),
    kind: z.enum(MOVEMENT_KINDS),
    method: z.enum(FINANCE_METHODS),
    amount: z.number().describe('reais, negativo quando sai do caixa'),
    payment: z.string().optional(),
    credit: z.string().optional(),
    account: z.string().optional(),
    note: z.string().optional(),
    at: z.string(),
    by: z.string(),
  })
  .meta({ id: 'RegisterMovement' });

const signedCents = z.number().int().min(-100_000_000_000).max(100_000_000_000);

/** Stored fields of a register (push contract). */
export const registerStoredShape = {
  station: z.string().min(1).max(64),
  user: z.string().max(64),
  status: z.enum(REGISTER_STATUSES),
  openedAt: z.string(),
  changeFundCentavos: z.number().int().min(0).max(100_000_000_000),
  closingStartedAt: z.string().optional(),
  closedAt: z.string().optional(),
  closedBy: z.string().max(64).optional(),
  counts: z
    .array(
      z.object({
        method: z.string().max(32),
        expectedCentavos: signedCents,
        countedCentavos: signedCents,
        differenceCentavos: signedCents,
      }),
    )
    .max(16)
    .optional(),
  reason: z.string().max(500).optional(),
  previous: z.string().max(64).optional(),
};

/** Stored fields of a movement (push contract). */
export const movementStoredShape = {
  register: z.string().max(64),
  kind: z.enum(MOVEMENT_KINDS),
  method: z.enum(FINANCE_METHODS),
  amountCentavos: signedCents,
  payment: z.string().max(64).optional(),
  credit: z.string().max(64).optional(),
  account: z.string().max(64).optional(),
  note: z.string().max(500).optional(),
  at: z.string(),
  by: z.string().max(64),
};

/** Sum of movements per method (centavos). */
export function balanceByMethod(
  movements: readonly Pick<CashMovement, 'method' | 'amountCentavos'>[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of movements) out[m.method] = (out[m.method] ?? 0) + m.amountCentavos;
  return out;
}
