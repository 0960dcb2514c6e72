/**
 * Clinical protocols (spec §4.4 Medical Record: "open a medical protocol; add protocol information;
 * get suggested protocols by illnesses, symptoms and CIDs"): the clinic's small library of care
 * protocols, each naming the CID-10 codes, symptoms and illnesses it answers, its steps as text and
 * the exams and prescriptions it suggests. Not patient data: a protocol is the clinic's knowledge; the
 * use of one in an attendance lives in the medical record (health data). MED-040.
 */
import { z } from 'zod';
import { textInput } from '#core/br/schemas.js';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** A protocol of the clinic's library, as stored (or as shipped, `seed-protocols.ts`). */
export interface MedicalProtocol extends RecordBase {
  name: string;
  /** `searchKey(name)`: the list's order and name search. */
  nameKey: string;
  /** CID-10 codes in the DATASUS table's spelling (`I10`, `E11.9`); a category covers its subcategories. */
  cid10: string[];
  /** Symptoms as people write them (`febre`, `cefaleia`). */
  symptoms: string[];
  /** Illnesses or conditions (`hipertensão arterial`). */
  illnesses: string[];
  /** The protocol's steps, plain text (pt-BR). */
  text: string;
  /** Exams the protocol suggests requesting. */
  exams: string[];
  /** Prescriptions the protocol suggests (plain text, the professional adapts them). */
  prescriptions: string[];
  /** Where the text comes from (a public guideline, "protocolo da clínica"). */
  source?: string;
  /** The shipped protocol this one replaces in the clinic's library (its edited copy). */
  basedOn?: string;
  active: boolean;
}

/** The `medical_protocols` collection: the clinic's protocols (shipped ones live in code until edited). */
export const medicalProtocols = defineCollection<MedicalProtocol>({
  name: 'medical_protocols',
  fields: { nameKey: 'string', active: 'boolean', basedOn: 'string' },
  indexes: [['active', 'nameKey'], ['basedOn']],
});

const listOf = (max: number, what: string) =>
  z
    .array(textInput(200).pipe(z.string().min(1, `${what} vazio`)))
    .max(max, `no máximo ${max}`)
    .transform((items) => [...new Set(items)]);

const cid10List = z.array(z.string().min(3).max(8)).max(50).describe('códigos CID-10 (`I10`, `E11.9`)');

/** The fields a protocol is created with (lists default to empty). */
export const protocolFieldsInput = {
  name: textInput(200).pipe(z.string().min(2, 'informe o nome do protocolo')),
  cid10: cid10List.default([]),
  symptoms: listOf(50, 'sintoma').default([]),
  illnesses: listOf(50, 'doença').default([]),
  text: textInput(20_000).pipe(z.string().min(1, 'escreva as etapas do protocolo')),
  exams: listOf(50, 'exame').default([]),
  prescriptions: listOf(50, 'prescrição').default([]),
  source: textInput(500).optional(),
};

/** The fields an edit may carry, each optional (only those sent change), and `active`. */
export const protocolPatchInput = {
  name: protocolFieldsInput.name.optional(),
  cid10: cid10List.optional(),
  symptoms: listOf(50, 'sintoma').optional(),
  illnesses: listOf(50, 'doença').optional(),
  text: protocolFieldsInput.text.optional(),
  exams: listOf(50, 'exame').optional(),
  prescriptions: listOf(50, 'prescrição').optional(),
  source: protocolFieldsInput.source,
  active: z.boolean().optional().describe('`false` tira o protocolo das sugestões; `true` o devolve'),
};

/** A protocol as answered; `shipped` when it is one of the project's seed protocols not yet edited. */
export const medicalProtocolOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    cid10: z.array(z.string()),
    symptoms: z.array(z.string()),
    illnesses: z.array(z.string()),
    text: z.string(),
    exams: z.array(z.string()),
    prescriptions: z.array(z.string()),
    source: z.string().optional(),
    basedOn: z.string().optional(),
    active: z.boolean(),
    shipped: z.boolean().optional().describe('protocolo de exemplo do sistema, ainda não editado pela clínica'),
  })
  .meta({ id: 'MedicalProtocol' });
