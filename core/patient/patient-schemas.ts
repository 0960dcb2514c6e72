/**
 * Input and output schemas of patients, shared by create, edit, patch, temporary patients and
 * completion.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { insurances } from '#core/insurance/insurance-record.js';
import {
  addressInput,
  addressOutput,
  cnsInput,
  cpfInput,
  dateInput,
  emailInput,
  nameInput,
  phoneInput,
  textInput,
} from '#core/br/schemas.js';
import { idInput, recordOutputFields } from '#core/common/records.js';
import { ALLERGY_SEVERITIES, SEXES } from './patient-record.js';

/** One insurance card as input; insurance and plan must exist in the account. */
export const patientInsuranceInput = z.strictObject({
  insurance: refInput(() => insurances),
  insurancePlan: idInput.optional(),
  identificationOnInsurance: z.string().trim().min(1).max(40).optional().describe('número da carteirinha'),
  validUntil: dateInput.optional(),
});

/** Every field a reception can fill in; only `name` is required (children and foreigners often have no CPF). */
export const patientFieldsInput = {
  name: nameInput(200),
  socialName: nameInput(200).optional(),
  cpf: cpfInput.optional(),
  cns: cnsInput.optional(),
  rg: z.string().trim().min(1).max(20).optional(),
  birthDate: dateInput.optional(),
  sex: z.enum(SEXES, { message: `use ${SEXES.join(', ')}` }).optional(),
  motherName: nameInput(200).optional(),
  cellPhone: phoneInput.optional(),
  phone: phoneInput.optional(),
  email: emailInput.optional(),
  address: addressInput.optional(),
  insurances: z.array(patientInsuranceInput).max(10),
  notes: textInput(2000).optional(),
};

/** What a temporary patient holds: enough to book and call back. */
export const temporaryFieldsInput = {
  name: patientFieldsInput.name,
  socialName: patientFieldsInput.socialName,
  birthDate: patientFieldsInput.birthDate,
  cellPhone: patientFieldsInput.cellPhone,
  phone: patientFieldsInput.phone,
  email: patientFieldsInput.email,
  notes: patientFieldsInput.notes,
};

/** An allergy as answered. */
export const allergyOutput = z
  .object({
    id: z.string(),
    substance: z.string(),
    reaction: z.string().optional(),
    severity: z.enum(ALLERGY_SEVERITIES),
    notes: z.string().optional(),
    recordedAt: z.string(),
    recordedBy: z.string(),
  })
  .meta({ id: 'Allergy' });

/** A vaccine dose as answered. */
export const vaccineOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    dose: z.string().optional(),
    appliedOn: z.string(),
    lot: z.string().optional(),
    manufacturer: z.string().optional(),
    notes: z.string().optional(),
    recordedAt: z.string(),
    recordedBy: z.string(),
  })
  .meta({ id: 'Vaccine' });

/** How many records of one collection a unification moved. */
export const movedOutput = z.object({ collection: z.string(), field: z.string(), count: z.number() });

/** One unification as answered and kept on the patient. */
export const mergeOutput = z.object({
  duplicate: z.string(),
  duplicateName: z.string(),
  at: z.string(),
  by: z.object({ kind: z.string(), id: z.string() }),
  moved: z.array(movedOutput),
});

/** A patient as answered (without `tenantId` and `nameKey`). */
export const patientOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    socialName: z.string().optional(),
    cpf: z.string().optional(),
    cns: z.string().optional(),
    rg: z.string().optional(),
    birthDate: z.string().optional(),
    sex: z.enum(SEXES).optional(),
    motherName: z.string().optional(),
    cellPhone: z.string().optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
    address: addressOutput.optional(),
    insurances: z.array(
      z.object({
        insurance: z.string(),
        insurancePlan: z.string().optional(),
        identificationOnInsurance: z.string().optional(),
        validUntil: z.string().optional(),
      }),
    ),
    notes: z.string().optional(),
    allergies: z.array(allergyOutput),
    vaccines: z.array(vaccineOutput),
    temporary: z.boolean(),
    active: z.boolean(),
    inactivatedAt: z.string().optional(),
    inactivationReason: z.string().optional(),
    mergedInto: z.string().optional(),
    merges: z.array(mergeOutput),
  })
  .meta({ id: 'Patient' });
