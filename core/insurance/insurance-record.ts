/**
 * Insurances (spec §2.5 "Insurance"; budgets point at `insurance` and `patientData.insurancePlan`,
 * spec §2.1–2.2): the health plan operators a clinic bills, each with its ANS registry number and its
 * plans. Plans live inside the insurance document: an operator has a handful to a few dozen, and
 * they are always read with it (docs/decisions/).
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { priceTables } from '#core/price/price-table-record.js';
import { cnpjInput, emailInput, nameInput, phoneInput } from '#core/br/schemas.js';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** A plan (produto) of an insurance. */
export interface InsurancePlan {
  id: string;
  name: string;
  /** The plan's code at the operator or its ANS product registration. */
  code?: string;
  active: boolean;
}

/** An insurance (operadora de plano de saúde) as stored. */
export interface Insurance extends RecordBase {
  name: string;
  nameKey: string;
  /** Razão social. */
  legalName?: string;
  /** Registro ANS of the operator, 6 digits; TISS guides carry it. Unique among active insurances. */
  ansRegistry?: string;
  cnpj?: string;
  phone?: string;
  email?: string;
  /** TISS standard version the operator accepts, e.g. `4.01.00`. */
  tissVersion?: string;
  /** The clinic's provider code at this operator (código do prestador na operadora). */
  providerCode?: string;
  /** Price table billed to this operator by default (`price_tables` id). */
  priceTable?: string;
  /** Days after a consultation within which a new one is a free return (retorno). */
  returnDays?: number;
  plans: InsurancePlan[];
  active: boolean;
}

/** The `insurances` collection: searched by name, ANS registry checked for uniqueness. */
export const insurances = defineCollection<Insurance>({
  name: 'insurances',
  fields: { nameKey: 'string', ansRegistry: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['ansRegistry']],
});

/** A new plan: name and optional code. */
export const planInput = z.strictObject({
  name: nameInput(120),
  code: z.string().trim().min(1).max(20).optional(),
});

/** The insurance's own fields as create and full edit take them (plans have their own operations). */
export const insuranceFieldsInput = {
  name: nameInput(200),
  legalName: nameInput(200).optional(),
  ansRegistry: z
    .string()
    .transform((s) => s.replace(/[.\-\s]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'registro ANS tem 6 dígitos'))
    .optional(),
  cnpj: cnpjInput.optional(),
  phone: phoneInput.optional(),
  email: emailInput.optional(),
  tissVersion: z
    .string()
    .regex(/^\d\.\d{2}\.\d{2}$/, 'versão TISS no formato 4.01.00')
    .optional(),
  providerCode: z.string().trim().min(1).max(20).optional(),
  priceTable: refInput(() => priceTables).optional(),
  returnDays: z.number().int().min(0).max(365).optional(),
};

/** A plan as answered. */
export const planOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'InsurancePlan' });

/** An insurance as answered, with its plans and TISS parameters. */
export const insuranceOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    legalName: z.string().optional(),
    ansRegistry: z.string().optional(),
    cnpj: z.string().optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
    tissVersion: z.string().optional(),
    providerCode: z.string().optional(),
    priceTable: z.string().optional(),
    returnDays: z.number().optional(),
    plans: z.array(planOutput),
    active: z.boolean(),
  })
  .meta({ id: 'Insurance' });
