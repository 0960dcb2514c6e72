/**
 * Payments of bills, append-only (FIN-002): each marks part or all of a bill paid, with its discount,
 * interest (juros) and fine (multa); unmarking appends a reversal naming the payment, never edits
 * or deletes it. `openBeforeCentavos` is what the bill had open when the desk took the payment: two
 * live payments of one bill taken from the same open amount were taken without knowing each other
 * (two offline desks), and sync lists the second for a person (FIN-004).
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { FINANCE_METHODS } from './bill-record.js';

/**
 * A payment; the reversal of one (all of it, FIN-002); or a refund of part of one (estorno parcial,
 * FIN-019: `reverses` names the payment, the bill reopens by `principalCentavos`).
 */
export const PAYMENT_KINDS = ['payment', 'reversal', 'refund'] as const;

/**
 * How a payment was made: the finance methods plus `patientCredit`, the patient's unapplied prepayment
 * applied to the bill (FIN-017). Credit never moves a register: the money came in with the deposit.
 */
export const PAYMENT_METHODS = [...FINANCE_METHODS, 'patientCredit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment as stored (centavos). */
export interface Payment extends RecordBase {
  kind: (typeof PAYMENT_KINDS)[number];
  bill: string;
  /** The patient of the bill, for the patient's payment information. */
  patient?: string;
  /** The reversed or refunded payment (reversals and refunds). */
  reverses?: string;
  principalCentavos: number;
  discountCentavos: number;
  interestCentavos: number;
  fineCentavos: number;
  /** `principal − discount + interest + fine`. */
  receivedCentavos: number;
  openBeforeCentavos: number;
  method: PaymentMethod;
  /** ISO with offset. */
  paidAt: string;
  /** The cash register that took it, if any. */
  register?: string;
  account?: string;
  /** Payments of one batch share it. */
  batch?: string;
  note?: string;
  by: string;
}

/** The `finance_payments` collection: by bill, by patient, by register. */
export const payments = defineCollection<Payment>({
  name: 'finance_payments',
  fields: {
    bill: 'string',
    patient: 'string',
    register: 'string',
    kind: 'string',
    paidAt: 'string',
    account: 'string',
  },
  indexes: [['bill'], ['patient', 'paidAt'], ['register'], ['paidAt'], ['account']],
});

/** A payment as answered (reais). */
export const paymentOutput = z
  .object({
    ...recordOutputFields,
    kind: z.enum(PAYMENT_KINDS),
    bill: z.string(),
    patient: z.string().optional(),
    reverses: z.string().optional(),
    value: z.number().describe('reais: principal quitado'),
    discount: z.number(),
    interest: z.number(),
    fine: z.number(),
    received: z.number().describe('reais: o que entrou (valor − desconto + juros + multa)'),
    method: z.enum(PAYMENT_METHODS),
    paidAt: z.string(),
    register: z.string().optional(),
    account: z.string().optional(),
    batch: z.string().optional(),
    note: z.string().optional(),
    by: z.string(),
  })
  .meta({ id: 'Payment' });

const cents = z.number().int().min(0).max(100_000_000_000);

/** The stored fields (for the push contract). */
export const paymentStoredShape = {
  kind: z.enum(PAYMENT_KINDS),
  bill: z.string().max(64),
  patient: z.string().max(64).optional(),
  reverses: z.string().max(64).optional(),
  principalCentavos: cents,
  discountCentavos: cents,
  interestCentavos: cents,
  fineCentavos: cents,
  receivedCentavos: cents,
  openBeforeCentavos: cents,
  method: z.enum(PAYMENT_METHODS),
  paidAt: z.string(),
  register: z.string().max(64).optional(),
  account: z.string().max(64).optional(),
  batch: z.string().max(64).optional(),
  note: z.string().max(500).optional(),
  by: z.string().max(64),
};

/** A stored payment as answered. */
export function paymentAnswer(p: Payment): z.input<typeof paymentOutput> {
  return {
    id: p.id,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    kind: p.kind,
    bill: p.bill,
    ...(p.patient ? { patient: p.patient } : {}),
    ...(p.reverses ? { reverses: p.reverses } : {}),
    value: p.principalCentavos / 100,
    discount: p.discountCentavos / 100,
    interest: p.interestCentavos / 100,
    fine: p.fineCentavos / 100,
    received: p.receivedCentavos / 100,
    method: p.method,
    paidAt: p.paidAt,
    ...(p.register ? { register: p.register } : {}),
    ...(p.account ? { account: p.account } : {}),
    ...(p.batch ? { batch: p.batch } : {}),
    ...(p.note ? { note: p.note } : {}),
    by: p.by,
  };
}
