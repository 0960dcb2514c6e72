/**
 * The patient record (spec §2.5 "Patient", "TempPatient"; budgets carry `patient`, `cellPhone`,
 * `email` and `patientData.identificationOnInsurance`/`insurancePlan`, spec §2.1–2.2).
 *
 * Temporary patients (booked by phone with a name and a number) are patients with `temporary: true`
 * in the same collection: completing one keeps its id, so the appointments already made for it need
 * no moving. Allergies and vaccines live inside the patient document: a person has a handful, they
 * are always read with the patient, and it spares two of RxDB's 13 collections (docs/decisions/).
 */
import type { Address } from '#core/br/schemas.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** Sex as recorded for clinical and TISS purposes; gender identity is honoured through `socialName`. */
export const SEXES = ['female', 'male', 'intersex'] as const;
/** One of {@link SEXES}. */
export type Sex = (typeof SEXES)[number];

/** A patient's card of one insurance (spec §2.2). */
export interface PatientInsurance {
  insurance: string;
  insurancePlan?: string;
  /** Card number at the insurance (número da carteirinha). */
  identificationOnInsurance?: string;
  /** Last day the card is valid, `YYYY-MM-DD`. */
  validUntil?: string;
}

/** How severe an allergy is, as the reception or the professional records it. */
export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe', 'unknown'] as const;

/** One registered allergy. */
export interface Allergy {
  id: string;
  /** What the patient is allergic to (dipirona, penicilina, látex…). */
  substance: string;
  reaction?: string;
  severity: (typeof ALLERGY_SEVERITIES)[number];
  notes?: string;
  recordedAt: string;
  /** Actor id of who registered it. */
  recordedBy: string;
}

/** One vaccine dose given to the patient. */
export interface Vaccine {
  id: string;
  name: string;
  /** `1ª dose`, `reforço`, `dose única`… */
  dose?: string;
  /** Day it was given, `YYYY-MM-DD`. */
  appliedOn: string;
  lot?: string;
  manufacturer?: string;
  notes?: string;
  recordedAt: string;
  recordedBy: string;
}

/** How many records of one referencing collection a unification moved. */
export interface MovedReferences {
  collection: string;
  field: string;
  count: number;
}

/** The trace of one unification, kept on the patient that remained. */
export interface PatientMerge {
  /** The duplicate patient, now inactive with `mergedInto` pointing here. */
  duplicate: string;
  duplicateName: string;
  at: string;
  /** Who merged: the actor's kind and id. */
  by: { kind: string; id: string };
  moved: MovedReferences[];
}

/** A patient as stored. */
export interface Patient extends RecordBase {
  name: string;
  /** `searchKey(name)`: accent- and case-insensitive prefix search. */
  nameKey: string;
  /** Nome social, shown instead of `name` when given. */
  socialName?: string;
  /** 11 digits; unique among the account's active patients. */
  cpf?: string;
  /** Cartão Nacional de Saúde, 15 digits. */
  cns?: string;
  rg?: string;
  /** `YYYY-MM-DD`. */
  birthDate?: string;
  sex?: Sex;
  motherName?: string;
  /** E.164. */
  cellPhone?: string;
  /** E.164. */
  phone?: string;
  email?: string;
  address?: Address;
  insurances: PatientInsurance[];
  notes?: string;
  allergies: Allergy[];
  vaccines: Vaccine[];
  /** Booked with partial data; completed into a full patient later. */
  temporary: boolean;
  /** Logical delete (`false` after inactivation or unification). */
  active: boolean;
  inactivatedAt?: string;
  inactivationReason?: string;
  /** Set on a duplicate: the patient it was unified into. */
  mergedInto?: string;
  /** Unifications this patient absorbed, oldest first. */
  merges: PatientMerge[];
}

/** The `patients` collection (temporary patients included): searched by name, CPF, phones and birth date. */
export const patients = defineCollection<Patient>({
  name: 'patients',
  fields: {
    nameKey: 'string',
    cpf: 'string',
    cellPhone: 'string',
    phone: 'string',
    birthDate: 'string',
    active: 'boolean',
    temporary: 'boolean',
  },
  indexes: [['active', 'nameKey'], ['cpf'], ['cellPhone'], ['phone'], ['birthDate']],
});
