/**
 * The attendance medical record (prontuário do atendimento, spec §4.4 Medical Record): what the
 * professional writes during one attendance of one patient, section by section. Opened when an
 * appointment's attendance starts or as an instant attendance without appointment; finished once,
 * then immutable (CFM Res. 1.638/2002 art. 5 and 1.821/2007: what comes later is a dated addendum,
 * never an edit). Health data (LGPD art. 11): the collection policy checks and audits every access.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { questionnaireResponseSchema, type FormScore, type QuestionnaireResponse } from './forms/response.js';

/** The record's sections, in the order a printed record shows them. */
export const SECTIONS = [
  'anamnese',
  'exameFisico',
  'hipoteseDiagnostica',
  'conduta',
  'prescricao',
  'atestado',
  'pedidosExame',
  'evolucao',
] as const;
/** One of {@link SECTIONS}. */
export type SectionName = (typeof SECTIONS)[number];

/** pt-BR titles of the sections, as people read them. */
export const SECTION_TITLES: Record<SectionName, string> = {
  anamnese: 'Anamnese',
  exameFisico: 'Exame físico',
  hipoteseDiagnostica: 'Hipótese diagnóstica',
  conduta: 'Conduta',
  prescricao: 'Prescrição',
  atestado: 'Atestado',
  pedidosExame: 'Pedidos de exame',
  evolucao: 'Evolução',
};

/** A section's current text, who wrote its last version and when. */
export interface SectionEntry {
  text: string;
  /** Last change, ISO-8601 with offset. */
  at: string;
  /** Actor id of the last change. */
  by: string;
  /** CID-10 codes (`J45.0`), on `hipoteseDiagnostica` only. */
  cid10?: string[];
}

/** A colleague's remark on one section; never part of the clinical text. */
export interface RecordComment {
  id: string;
  section: SectionName;
  text: string;
  at: string;
  by: string;
}

/**
 * Text added after the record was finished (or kept by an offline merge): dated and signed, never
 * edited. `origin: 'merge'` marks a section text written offline that met a finished record.
 */
export interface Addendum {
  id: string;
  text: string;
  at: string;
  by: string;
  section?: SectionName;
  origin?: 'merge';
}

/** A hand-over of the attendance to another professional. */
export interface Transfer {
  at: string;
  by: string;
  from: string;
  to: string;
  reason?: string;
}

/**
 * A protocol opened in the attendance (MED-043): a snapshot of the library's protocol as it was
 * opened, so the record keeps what the professional followed even after the library changes.
 */
export interface ProtocolUse {
  id: string;
  /** The library's protocol id. */
  protocol: string;
  name: string;
  /** The protocol's steps when opened. */
  text: string;
  cid10: string[];
  at: string;
  by: string;
}

/** Information the professional added to an opened protocol (a step done, a finding). */
export interface ProtocolNote {
  id: string;
  /** The {@link ProtocolUse} id. */
  use: string;
  text: string;
  at: string;
  by: string;
}

/**
 * One saved version of a custom form's answers (MED-021): append-only, the latest per form is the
 * current one. It carries the question texts and the score, so it reads alone if the form changes or
 * is deleted.
 */
export interface FormAnswer {
  id: string;
  /** The custom form (`medical_record_forms` id). */
  form: string;
  /** The form's title when answered. */
  title: string;
  /** The form's `updatedAt` when answered (which version of the questionnaire). */
  formVersion: string;
  response: QuestionnaireResponse;
  score?: FormScore;
  /** ISO-8601 with offset. */
  at: string;
  by: string;
}

/** Record statuses: `open` while the professional writes, `finished` afterwards (immutable). */
export const RECORD_STATUSES = ['open', 'finished'] as const;
/** One of {@link RECORD_STATUSES}. */
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** An attendance medical record as stored. */
export interface MedicalRecord extends RecordBase {
  patient: string;
  /** The attending professional (`users` id): the only one who edits and finishes it. */
  professional: string;
  clinic?: string;
  /** The appointment whose attendance it records; absent for an instant attendance. */
  appointment?: string;
  kind: 'appointment' | 'instant';
  status: RecordStatus;
  /** ISO-8601 with offset; `startedUtc` is its UTC query key (history order). */
  startedAt: string;
  startedUtc: string;
  finishedAt?: string;
  sections: Partial<Record<SectionName, SectionEntry>>;
  comments: RecordComment[];
  addenda: Addendum[];
  transfers: Transfer[];
  /** Protocols opened in the attendance (absent on records written before protocols existed). */
  protocols?: ProtocolUse[];
  /** Information added to the opened protocols, append-only. */
  protocolNotes?: ProtocolNote[];
  /** Custom form answers, every saved version (absent on records without forms). */
  formAnswers?: FormAnswer[];
  createdBy: string;
}

/** The `medical_records` collection: a patient's history by start, a professional's, an appointment's. */
export const medicalRecords = defineCollection<MedicalRecord>({
  name: 'medical_records',
  fields: { patient: 'string', professional: 'string', appointment: 'string', startedUtc: 'string' },
  indexes: [['patient', 'startedUtc'], ['professional', 'startedUtc'], ['appointment']],
});

const sectionName = z.enum(SECTIONS);
const sectionEntry = z.object({
  text: z.string(),
  at: z.string(),
  by: z.string(),
  cid10: z.array(z.string()).optional(),
});

/** One saved version of a form's answers. */
export const formAnswerOutput = z
  .object({
    id: z.string(),
    form: z.string(),
    title: z.string(),
    formVersion: z.string(),
    response: questionnaireResponseSchema,
    score: z
      .object({ total: z.number(), complete: z.boolean(), band: z.string().optional() })
      .optional()
      .describe('soma dos ordinalValue/itemWeight das opções escolhidas; band: a faixa do formulário'),
    at: z.string(),
    by: z.string(),
  })
  .meta({ id: 'MedicalRecordFormAnswer' });

/** A record as answered to those who may read clinical content. */
export const medicalRecordOutput = z
  .object({
    ...recordOutputFields,
    patient: z.string(),
    professional: z.string(),
    clinic: z.string().optional(),
    appointment: z.string().optional(),
    kind: z.enum(['appointment', 'instant']),
    status: z.enum(RECORD_STATUSES),
    startedAt: z.string(),
    finishedAt: z.string().optional(),
    sections: z.partialRecord(sectionName, sectionEntry),
    comments: z.array(
      z.object({ id: z.string(), section: sectionName, text: z.string(), at: z.string(), by: z.string() }),
    ),
    addenda: z.array(
      z.object({
        id: z.string(),
        text: z.string(),
        at: z.string(),
        by: z.string(),
        section: sectionName.optional(),
        origin: z.literal('merge').optional(),
      }),
    ),
    transfers: z.array(
      z.object({ at: z.string(), by: z.string(), from: z.string(), to: z.string(), reason: z.string().optional() }),
    ),
    protocols: z
      .array(
        z.object({
          id: z.string(),
          protocol: z.string(),
          name: z.string(),
          text: z.string(),
          cid10: z.array(z.string()),
          at: z.string(),
          by: z.string(),
        }),
      )
      .optional()
      .describe('protocolos abertos no atendimento (cópia do protocolo como estava ao abrir)'),
    protocolNotes: z
      .array(z.object({ id: z.string(), use: z.string(), text: z.string(), at: z.string(), by: z.string() }))
      .optional()
      .describe('informações acrescentadas aos protocolos abertos'),
    formAnswers: z.array(formAnswerOutput).optional(),
    createdBy: z.string(),
  })
  .meta({ id: 'MedicalRecord' });
