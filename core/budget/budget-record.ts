/**
 * The budget (orçamento, spec §2.1–2.4): the quote a clinic gives a patient before treatment, line by
 * line (tooth, face, region for dental work), with co-payment and an instalment plan. Field names and
 * JSON types are the spec's; what the spec leaves open is in docs/decisions/budgets.md.
 */
import { z } from 'zod';
import { emailInput, phoneInput } from '#core/br/schemas.js';
import { idInput, recordOutputFields } from '#core/common/records.js';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { kits } from '#core/inventory/kit-record.js';
import { materialsOrExams } from '#core/inventory/material-record.js';
import { products } from '#core/inventory/product-record.js';
import { patients } from '#core/patient/patient-record.js';
import { refInput } from '#core/references.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { dateInput } from '#core/br/schemas.js';
import { reaisInput } from '#core/price/money.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import {
  BUDGET_STATUSES,
  BUDGET_TYPES,
  EXPENSE_CODES,
  ITEM_TYPES,
  PAYMENT_METHODS,
  PERIODS,
  TOOTH_FACES,
  TOOTH_REGIONS,
  TYPE_MODELS,
  UNITS,
  isFdiTooth,
  paymentMethodOf,
  type BudgetStatusCode,
  type BudgetType,
  type TypeModel,
} from './budget-codes.js';

/** §2.2: the patient's card on the budget's insurance. */
export interface PatientData {
  identificationOnInsurance?: string;
  /** A plan id of the budget's insurance. */
  insurancePlan?: string;
}

/** §2.3: one line. Money in reais (2 decimals); `quantity` up to 3 decimals. */
export interface BudgetItem {
  typeModel: TypeModel;
  quantity: number;
  /** quantity × valueUnity, rounded half up to the centavo. */
  totalValue: number;
  valueUnity?: number;
  /** The quoted record: an `events` id, or the product, kit or material/exam `typeModel` names. */
  item?: string;
  /** The procedure (an `events` id). */
  event?: string;
  type?: (typeof ITEM_TYPES)[number];
  /** Co-payment in reais the patient pays on this line; never above `totalValue`. */
  copart?: number;
  /** Percentage (0–100) of the line transferred to the professional. */
  transferPercent?: number;
  unit?: (typeof UNITS)[number];
  expenseCode?: (typeof EXPENSE_CODES)[number];
  /** FDI number, `11`–`48` permanent, `51`–`85` deciduous. */
  tooth?: string;
  toothFace?: (typeof TOOTH_FACES)[number][];
  toothRegion?: (typeof TOOTH_REGIONS)[number];
}

/** §2.4: how the patient pays. `entry + (quantity − 1) × parcelValue + lastParcelValue = value`. */
export interface PaymentInformation {
  period?: (typeof PERIODS)[number];
  quantity: number;
  entry: number;
  parcelValue: number;
  /** Not in the spec: the last instalment, which absorbs the rounding of `parcelValue`. */
  lastParcelValue: number;
  method?: (typeof PAYMENT_METHODS)[number];
}

/** A budget as stored. */
export interface Budget extends RecordBase {
  active: boolean;
  type: BudgetType;
  /** Unique per tenant, never reused; drawn from leased blocks offline. */
  budgetNumber: number;
  patientData?: PatientData;
  patient: string;
  cellPhone?: string;
  email?: string;
  clinic: string;
  insurance?: string;
  /** A `users` id. */
  professional?: string;
  specialty?: string;
  status: BudgetStatusCode;
  items: BudgetItem[];
  /** Total in reais: the sum of the lines. */
  value: number;
  createdBy?: string;
  approvedBy?: string;
  paymentInformation: PaymentInformation;
  /** Last day (clinic calendar, `YYYY-MM-DD`) the quoted prices hold. */
  validUntil: string;
  approvedAt?: string;
  disapprovedBy?: string;
  disapprovedAt?: string;
  disapprovalReason?: string;
  /** The treatment created from this budget (status 4). */
  treatment?: string;
  executedAt?: string;
  /** When the server's daily job marked it 5 (vencido), in the clinic's offset; kept by a later edit. */
  expiredAt?: string;
}

/** The `budgets` collection: listed by patient, clinic, professional or status, newest first. */
export const budgets = defineCollection<Budget>({
  name: 'budgets',
  fields: {
    budgetNumber: 'number',
    patient: 'string',
    clinic: 'string',
    professional: 'string',
    status: 'number',
    active: 'boolean',
    createdAt: 'string',
  },
  indexes: [
    ['budgetNumber'],
    ['createdAt'],
    ['patient', 'createdAt'],
    ['clinic', 'createdAt'],
    ['professional', 'createdAt'],
    ['status', 'createdAt'],
  ],
});

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `use um de: ${values.join(', ')}` });

/** A tooth by its FDI number. */
export const toothInput = z
  .string()
  .refine(isFdiTooth, 'dente inválido (numeração FDI: 11–48 permanentes, 51–85 decíduos)');

/** A line as sent (§2.3); money fields are settled by `budgetMoney`. */
export const budgetItemInput = z
  .strictObject({
    typeModel: enumOf(TYPE_MODELS).default('Event'),
    quantity: z
      .number({ message: 'quantidade (número)' })
      .positive('quantidade deve ser positiva')
      .max(100_000)
      .refine((q) => Math.round(q * 1000) / 1000 === q, 'no máximo 3 casas decimais'),
    totalValue: reaisInput.optional(),
    valueUnity: reaisInput.optional(),
    // Any of the four kinds here; budgetFromFields checks it is of the line's typeModel (BUD-040).
    item: refInput(() => [events, products, kits, materialsOrExams])
      .optional()
      .describe('o registro cotado: evento (typeModel Event), produto, kit ou material/exame (BUD-040)'),
    event: refInput(() => events).optional(),
    type: enumOf(ITEM_TYPES).optional(),
    copart: reaisInput.optional(),
    transferPercent: z
      .number()
      .min(0, 'de 0 a 100')
      .max(100, 'de 0 a 100')
      .refine((p) => Math.round(p * 100) / 100 === p, 'no máximo 2 casas decimais')
      .optional(),
    unit: enumOf(UNITS).optional(),
    expenseCode: enumOf(EXPENSE_CODES).optional(),
    tooth: toothInput.optional(),
    toothFace: z
      .array(enumOf(TOOTH_FACES))
      .max(TOOTH_FACES.length)
      .refine((faces) => new Set(faces).size === faces.length, 'face repetida')
      .optional(),
    toothRegion: enumOf(TOOTH_REGIONS).optional(),
  })
  .superRefine((line, ctx) => {
    if (line.typeModel !== 'Event' && !line.item)
      ctx.addIssue({ code: 'custom', path: ['item'], message: `informe o item (${line.typeModel})` });
    else if (!line.item && !line.event)
      ctx.addIssue({ code: 'custom', path: ['event'], message: 'informe event ou item' });
    if (line.toothFace?.length && !line.tooth)
      ctx.addIssue({ code: 'custom', path: ['toothFace'], message: 'faces pedem o dente (tooth)' });
    if (line.tooth && line.toothRegion)
      ctx.addIssue({ code: 'custom', path: ['toothRegion'], message: 'informe o dente ou a região, não ambos' });
  });

/** §2.4 as sent; any subset of the amounts, the rest derived. */
export const paymentInformationInput = z.strictObject({
  period: enumOf(PERIODS).optional(),
  quantity: z.number().int('número inteiro de parcelas').min(0).max(120).optional(),
  entry: reaisInput.optional(),
  parcelValue: reaisInput.optional(),
  lastParcelValue: reaisInput.optional(),
  method: z.preprocess(paymentMethodOf, enumOf(PAYMENT_METHODS)).optional(),
});

/** §2.2 as sent. */
export const patientDataInput = z.strictObject({
  identificationOnInsurance: z.string().trim().min(1).max(40).optional(),
  insurancePlan: idInput.optional(),
});

/** The budget fields a create or an edit takes (§2.1), without `status` and `budgetNumber`. */
export const budgetFieldsInput = {
  active: z.boolean().default(true),
  type: enumOf(BUDGET_TYPES).optional(),
  patientData: patientDataInput.optional(),
  patient: refInput(() => patients),
  cellPhone: phoneInput.optional(),
  email: emailInput.optional(),
  clinic: refInput(() => clinics),
  insurance: refInput(() => insurances).optional(),
  professional: refInput(() => users).optional(),
  specialty: refInput(() => specialties).optional(),
  items: z.array(budgetItemInput).max(300, 'no máximo 300 linhas').default([]),
  value: reaisInput.optional(),
  createdBy: refInput(() => users).optional(),
  approvedBy: refInput(() => users).optional(),
  paymentInformation: paymentInformationInput.optional(),
  validUntil: dateInput.optional(),
};

/** A budget status number. */
export const statusInput = z
  .number({ message: 'status (número)' })
  .int()
  .refine((s) => (BUDGET_STATUSES as readonly number[]).includes(s), 'status de 0 a 5')
  .transform((s) => s as BudgetStatusCode)
  .meta({ enum: [...BUDGET_STATUSES] });

/** The budget number an integrator may give. */
export const budgetNumberInput = z.number({ message: 'número' }).int('número inteiro').min(1).max(999_999_999);

const itemOutput = z
  .object({
    typeModel: z.enum(TYPE_MODELS),
    quantity: z.number(),
    totalValue: z.number(),
    valueUnity: z.number().optional(),
    item: z.string().optional(),
    event: z.string().optional(),
    type: z.enum(ITEM_TYPES).optional(),
    copart: z.number().optional(),
    transferPercent: z.number().optional(),
    unit: z.enum(UNITS).optional(),
    expenseCode: z.enum(EXPENSE_CODES).optional(),
    tooth: z.string().optional(),
    toothFace: z.array(z.enum(TOOTH_FACES)).optional(),
    toothRegion: z.enum(TOOTH_REGIONS).optional(),
  })
  .meta({ id: 'BudgetItem' });

/** A budget as answered: every field of §2.1–2.4 plus id, timestamps and the approval trail. */
export const budgetOutput = z
  .object({
    ...recordOutputFields,
    active: z.boolean(),
    type: z.enum(BUDGET_TYPES),
    budgetNumber: z.number(),
    patientData: z
      .object({ identificationOnInsurance: z.string().optional(), insurancePlan: z.string().optional() })
      .optional(),
    patient: z.string(),
    cellPhone: z.string().optional(),
    email: z.string().optional(),
    clinic: z.string(),
    insurance: z.string().optional(),
    professional: z.string().optional(),
    specialty: z.string().optional(),
    status: z
      .literal(BUDGET_STATUSES)
      .describe('0 rascunho, 1 aguardando aprovação, 2 aprovado, 3 reprovado, 4 executado, 5 vencido'),
    items: z.array(itemOutput),
    value: z.number(),
    createdBy: z.string().optional(),
    approvedBy: z.string().optional(),
    paymentInformation: z.object({
      period: z.enum(PERIODS).optional(),
      quantity: z.number(),
      entry: z.number(),
      parcelValue: z.number(),
      lastParcelValue: z.number(),
      method: z.preprocess(paymentMethodOf, z.enum(PAYMENT_METHODS)).optional(),
    }),
    validUntil: z.string(),
    approvedAt: z.string().optional(),
    disapprovedBy: z.string().optional(),
    disapprovedAt: z.string().optional(),
    disapprovalReason: z.string().optional(),
    treatment: z.string().optional(),
    executedAt: z.string().optional(),
    expiredAt: z.string().optional().describe('quando o orçamento foi marcado vencido (status 5) pelo servidor'),
  })
  .meta({ id: 'Budget' });
