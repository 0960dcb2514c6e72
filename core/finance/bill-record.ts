/**
 * Bills (spec §2.5 "Finance"; §4.4 Finance "bills to pay and to receive"): one amount due on one
 * date, to receive from a patient or to pay to a supplier. Money is stored in integer centavos and
 * answered in reais. What was paid is the sum of the bill's payments (payment-record.ts); the bill
 * keeps that sum (`paidCentavos`) and its status so lists need no join, and the payments stay the
 * evidence (docs/decisions/finance.md FIN-002).
 *
 * The appointment's charge (`receivables`, core/schedule/receivable-record.ts) stays the schedule's
 * record; a bill made from it points at it (`receivable`), once (FIN-001).
 */
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { refInput } from '#core/references.js';
import { financeAccounts } from './account-record.js';
import { financeCategories } from './category-record.js';
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { dateInput, textInput } from '#core/br/schemas.js';
import { reaisInput } from '#core/price/money.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** To receive (conta a receber) or to pay (conta a pagar). */
export const BILL_TYPES = ['receivable', 'payable'] as const;
/**
 * `open` nothing paid; `partial` some paid, the rest open; `paid` settled; `split` replaced by its
 * parcels; `cancelled` no longer due.
 */
export const BILL_STATUSES = ['open', 'partial', 'paid', 'split', 'cancelled'] as const;
/** Where a bill came from. */
export const BILL_SOURCES = ['manual', 'appointment', 'budget', 'split', 'transfer'] as const;
/** Payment methods a bill or a payment names (the budget's list plus courtesy, as appointments). */
export const FINANCE_METHODS = [
  'cash',
  'pix',
  'debitCard',
  'creditCard',
  'bankSlip',
  'bankTransfer',
  'insurance',
  'courtesy',
] as const;
export type FinanceMethod = (typeof FINANCE_METHODS)[number];

/** A bill as stored. */
export interface Bill extends RecordBase {
  type: (typeof BILL_TYPES)[number];
  description: string;
  /** The patient who owes it (bills to receive). */
  patient?: string;
  /** Who is paid (bills to pay): a supplier's or professional's name. */
  payee?: string;
  clinic?: string;
  category?: string;
  account?: string;
  /** Centavos. */
  amountCentavos: number;
  /** Principal settled so far, centavos (sum of the bill's live payments). */
  paidCentavos: number;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  status: (typeof BILL_STATUSES)[number];
  source: (typeof BILL_SOURCES)[number];
  appointment?: string;
  /** The appointment's `receivables` record this bill collects. */
  receivable?: string;
  budget?: string;
  /** The bill this parcel was split from. */
  parent?: string;
  /** 0 for an entry, 1… for parcels; with `parcels`, the count of parcels. */
  parcel?: number;
  parcels?: number;
  method?: FinanceMethod;
  /** Medical transfer (repasse) payables: the professional paid and the share, in hundredths of a percent. */
  professional?: string;
  transferBasisPoints?: number;
  /** On a bill to receive: the transfer payable that pays the professional's share of it. */
  transfer?: string;
  /** When the last payment settled it (ISO with offset). */
  paidAt?: string;
  createdBy: string;
}

/** The `finance_bills` collection: by patient, by due date and status, by origin. */
export const bills = defineCollection<Bill>({
  name: 'finance_bills',
  fields: {
    type: 'string',
    patient: 'string',
    status: 'string',
    dueDate: 'string',
    receivable: 'string',
    budget: 'string',
    parent: 'string',
    category: 'string',
    account: 'string',
    professional: 'string',
    transfer: 'string',
  },
  indexes: [
    ['patient', 'dueDate'],
    ['type', 'status', 'dueDate'],
    ['dueDate'],
    ['receivable'],
    ['budget'],
    ['parent'],
    ['category'],
    ['account'],
    ['professional', 'dueDate'],
    ['transfer'],
  ],
});

/** The editable fields of a bill as input (amounts in reais). */
export const billFieldsInput = {
  description: textInput(300),
  patient: refInput(() => patients).optional(),
  payee: textInput(200).optional(),
  clinic: refInput(() => clinics).optional(),
  category: refInput(() => financeCategories).optional(),
  account: refInput(() => financeAccounts).optional(),
  dueDate: dateInput,
  method: z.enum(FINANCE_METHODS).optional(),
};

/** A bill as answered: amounts in reais, `open` what is left to pay. */
export const billOutput = z
  .object({
    ...recordOutputFields,
    type: z.enum(BILL_TYPES),
    description: z.string(),
    patient: z.string().optional(),
    payee: z.string().optional(),
    clinic: z.string().optional(),
    category: z.string().optional(),
    account: z.string().optional(),
    value: z.number().describe('reais'),
    paid: z.number().describe('reais: principal já quitado'),
    open: z.number().describe('reais: em aberto'),
    dueDate: z.string(),
    overdue: z.boolean().describe('vencida e não quitada (dia de hoje no fuso de São Paulo)'),
    status: z.enum(BILL_STATUSES),
    source: z.enum(BILL_SOURCES),
    appointment: z.string().optional(),
    receivable: z.string().optional(),
    budget: z.string().optional(),
    parent: z.string().optional(),
    parcel: z.number().int().optional(),
    parcels: z.number().int().optional(),
    method: z.enum(FINANCE_METHODS).optional(),
    professional: z.string().optional(),
    transferBasisPoints: z.number().int().optional().describe('repasse: centésimos de ponto percentual (4000 = 40%)'),
    transfer: z.string().optional().describe('o repasse que paga a parte do profissional nesta conta'),
    paidAt: z.string().optional(),
    createdBy: z.string(),
  })
  .meta({ id: 'Finance' });

/** The stored-only fields beside the answer (for the push contract). */
export const billStoredShape = {
  type: z.enum(BILL_TYPES),
  description: z.string().max(300),
  patient: z.string().max(64).optional(),
  payee: z.string().max(200).optional(),
  clinic: z.string().max(64).optional(),
  category: z.string().max(64).optional(),
  account: z.string().max(64).optional(),
  amountCentavos: z.number().int().min(0).max(100_000_000_000),
  paidCentavos: z.number().int().min(0).max(100_000_000_000),
  dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  status: z.enum(BILL_STATUSES),
  source: z.enum(BILL_SOURCES),
  appointment: z.string().max(64).optional(),
  receivable: z.string().max(64).optional(),
  budget: z.string().max(64).optional(),
  parent: z.string().max(64).optional(),
  parcel: z.number().int().min(0).optional(),
  parcels: z.number().int().min(1).optional(),
  method: z.enum(FINANCE_METHODS).optional(),
  professional: z.string().max(64).optional(),
  transferBasisPoints: z.number().int().min(0).max(10_000).optional(),
  transfer: z.string().max(64).optional(),
  paidAt: z.string().optional(),
  createdBy: z.string().max(64),
};

/** Reais input re-exported for the bill operations. */
export { reaisInput };
