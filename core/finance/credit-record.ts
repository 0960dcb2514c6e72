/**
 * Patient credit (crédito do paciente, adiantamento; issue 24 "a prepayment that is not applied shows as
 * a liability, never as revenue"): money a patient hands over before any bill asks for it. Each entry is
 * appended, never edited: a `deposit` (money in, a liability of the clinic towards the patient) or a
 * `refund` (unapplied credit handed back). Applying credit to a bill is a payment of that bill with the
 * method `patientCredit` (payment-record.ts): only then is it revenue, of that bill. The unapplied
 * balance is always derived: deposits − refunds − live applications (credit-balance.ts; FIN-017).
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { FINANCE_METHODS, type FinanceMethod } from './bill-record.js';

/** A deposit of credit, or the refund of unapplied credit to the patient. */
export const CREDIT_KINDS = ['deposit', 'refund'] as const;

/** One credit entry as stored (centavos, always positive: the kind gives the sign). */
export interface CreditEntry extends RecordBase {
  kind: (typeof CREDIT_KINDS)[number];
  patient: string;
  amountCentavos: number;
  /** How the money came in (deposit) or went back (refund). */
  method: FinanceMethod;
  /** ISO with offset. */
  at: string;
  /** The cash register that took or handed back the money, if any. */
  register?: string;
  account?: string;
  note?: string;
  by: string;
}

/** The `finance_credits` collection: by patient and time. */
export const patientCredits = defineCollection<CreditEntry>({
  name: 'finance_credits',
  fields: { patient: 'string', at: 'string', kind: 'string', register: 'string' },
  indexes: [['patient', 'at'], ['at'], ['register']],
});

/** A credit entry as answered (reais). */
export const creditEntryOutput = z
  .object({
    ...recordOutputFields,
    kind: z.enum(CREDIT_KINDS),
    patient: z.string(),
    amount: z.number().describe('reais, sempre positivo (o tipo dá o sentido)'),
    method: z.enum(FINANCE_METHODS),
    at: z.string(),
    register: z.string().optional(),
    account: z.string().optional(),
    note: z.string().optional(),
    by: z.string(),
  })
  .meta({ id: 'PatientCreditEntry' });

/** The patient's credit in reais: `received = applied + refunded + unapplied`, to the centavo. */
export const creditSummaryOutput = z
  .object({
    received: z.number().describe('reais: adiantamentos recebidos'),
    applied: z.number().describe('reais: aplicados a contas (receita dessas contas)'),
    refunded: z.number().describe('reais: devolvidos ao paciente'),
    unapplied: z.number().describe('reais: saldo não aplicado (passivo da clínica, não é receita)'),
  })
  .meta({ id: 'PatientCredit' });

const cents = z.number().int().min(1).max(100_000_000_000);

/** The stored fields (push contract). */
export const creditStoredShape = {
  kind: z.enum(CREDIT_KINDS),
  patient: z.string().max(64),
  amountCentavos: cents,
  method: z.enum(FINANCE_METHODS),
  at: z.string(),
  register: z.string().max(64).optional(),
  account: z.string().max(64).optional(),
  note: z.string().max(500).optional(),
  by: z.string().max(64),
};

/** A stored entry as answered. */
export function creditEntryAnswer(e: CreditEntry): z.input<typeof creditEntryOutput> {
  return {
    id: e.id,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    kind: e.kind,
    patient: e.patient,
    amount: e.amountCentavos / 100,
    method: e.method,
    at: e.at,
    ...(e.register ? { register: e.register } : {}),
    ...(e.account ? { account: e.account } : {}),
    ...(e.note ? { note: e.note } : {}),
    by: e.by,
  };
}
