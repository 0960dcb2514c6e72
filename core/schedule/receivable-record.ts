/**
 * The receivable an appointment generates (spec §4.3 "Generate finance record for an appointment"):
 * the minimal record the finance group will grow (parcels, payments, PIX). One per appointment.
 */
import { z } from 'zod';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { recordOutputFields } from '#core/common/records.js';
import { PAYMENT_METHODS } from './appointment-record.js';

/** Statuses of a receivable; the schedule only creates `open` ones. */
export const RECEIVABLE_STATUSES = ['open', 'paid', 'cancelled'] as const;

/** A receivable as stored. Amounts in centavos: money arithmetic never touches floats. */
export interface Receivable extends RecordBase {
  appointment: string;
  patient: string;
  clinic: string;
  /** Centavos. */
  amountCentavos: number;
  /** `YYYY-MM-DD` in the clinic's zone. */
  dueDate: string;
  description: string;
  paymentMethod?: string;
  status: (typeof RECEIVABLE_STATUSES)[number];
  createdBy: string;
}

/** The `receivables` collection: found by appointment (once each) and by patient. */
export const receivables = defineCollection<Receivable>({
  name: 'receivables',
  fields: { appointment: 'string', patient: 'string', status: 'string', dueDate: 'string' },
  indexes: [['appointment'], ['patient'], ['status', 'dueDate']],
});

/** A receivable as answered: the amount in reais. */
export const receivableOutput = z
  .object({
    ...recordOutputFields,
    appointment: z.string(),
    patient: z.string(),
    clinic: z.string(),
    amount: z.number().describe('reais'),
    dueDate: z.string(),
    description: z.string(),
    paymentMethod: z
      .string()
      .meta({ enum: [...PAYMENT_METHODS] })
      .optional(),
    status: z.enum(RECEIVABLE_STATUSES),
    createdBy: z.string(),
  })
  .meta({ id: 'Receivable' });
