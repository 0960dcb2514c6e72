/**
 * A procedure request (spec §4.3 Schedule: "create a procedure request", "create/save a
 * hospitalization request", "get procedure request status", "manually authorize a procedure in
 * contingency", "do an action with a previously authorized procedure request"; issue 25): the guia
 * de solicitação of SP/SADT or de internação of one attendance (appointment), as sent to the
 * operator in `solicitacaoProcedimentoWS`, with where its authorization stands. A snapshot, as a
 * billed attendance: card, professional and codes are copied when it is saved (docs/decisions/
 * billing.md TISS-026). Holds patient data: guarded and audited (`authorization`).
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import type { HospitalizationData } from '#core/billing/tiss/procedure-request.js';
import type { TissProfessional } from '#core/billing/tiss/tiss-data.js';

/** Kinds of request: SP/SADT (exams, outpatient procedures) or internação. */
export const REQUEST_KINDS = ['spsadt', 'hospitalization'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/**
 * Where a request stands: `draft` (saved, not sent), `sent` (sent, no answer yet or the web service
 * was down: contingency), then the operator's dm_statusSolicitacao as a word, `cancelled`, `billed`
 * (turned into a guide of the attendance).
 */
export const REQUEST_STATUSES = [
  'draft',
  'sent',
  'authorized',
  'partiallyAuthorized',
  'inAnalysis',
  'awaitingDocuments',
  'denied',
  'cancelled',
  'billed',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** dm_statusSolicitacao → {@link RequestStatus}. */
export function statusOfTiss(code: string): RequestStatus {
  switch (code) {
    case '1':
      return 'authorized';
    case '2':
      return 'inAnalysis';
    case '3':
      return 'denied';
    case '4':
    case '5':
      return 'awaitingDocuments';
    case '6':
      return 'cancelled';
    case '7':
      return 'partiallyAuthorized';
    default:
      return 'sent';
  }
}

/** One requested procedure or exam. */
export interface RequestedItem {
  /** The clinic's event it came from, when it did. */
  event?: string;
  /** dm_tabela: 22 procedures and exams. */
  table: string;
  code: string;
  description: string;
  quantity: number;
}

/** The operator's authorization, from its web service or typed in contingency. */
export interface RequestAuthorization {
  /** senha (≤ 20). */
  password?: string;
  operatorGuideNumber?: string;
  /** `YYYY-MM-DD`. */
  authorizedOn?: string;
  passwordValidUntil?: string;
  /** True when a person typed it (contingency, or an answer read off the operator's portal or phone). */
  manual: boolean;
  at: string;
  by: string;
  /** Why it was typed: the web service was down, the operator answered by phone… */
  reason?: string;
}

/** A procedure request as stored. */
export interface ProcedureRequest extends RecordBase {
  appointment: string;
  patient: string;
  clinic: string;
  professional: string;
  insurance: string;
  kind: RequestKind;
  /** numeroGuiaPrestador, from the account's guide series. */
  guideNumber: string;
  cardNumber: string;
  newborn: boolean;
  /** codValidacao: the token the patient received, when the operator asks for it. */
  validationCode?: string;
  /** dm_caraterAtendimento: 1 eletivo, 2 urgência. */
  character: '1' | '2';
  /** `YYYY-MM-DD`. */
  date: string;
  clinicalIndication?: string;
  notes?: string;
  professionalData: TissProfessional;
  procedures: RequestedItem[];
  hospitalization?: HospitalizationData;
  status: RequestStatus;
  /** The operator's dm_statusSolicitacao, as it answered. */
  insurerStatus?: string;
  authorization?: RequestAuthorization;
  refusals: { glosaCode: string; description?: string }[];
  /** The billed attendance it became. */
  billingAttendance?: string;
  cancellation?: { at: string; by: string; reason: string; online: boolean };
}

/** The `procedure_requests` collection: by appointment and by patient. */
export const procedureRequests = defineCollection<ProcedureRequest>({
  name: 'procedure_requests',
  fields: { appointment: 'string', patient: 'string', insurance: 'string', status: 'string' },
  indexes: [['appointment'], ['patient'], ['insurance', 'status']],
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A requested item as answered. */
export const requestedItemOutput = z.object({
  event: z.string().optional(),
  table: z.string().describe('dm_tabela: 22 procedimentos e exames'),
  code: z.string().min(1).max(10),
  description: z.string().min(1).max(150),
  quantity: z.number().int().min(1).max(999),
});

/** Hospitalization data as answered and as given. */
export const hospitalizationOutput = z.object({
  hospitalCode: z.string().min(1).max(14).describe('código do hospital na operadora'),
  hospitalName: z.string().min(1).max(70),
  suggestedDate: day,
  type: z
    .enum(['1', '2', '3', '4', '5'])
    .describe('1 clínica, 2 cirúrgica, 3 obstétrica, 4 pediátrica, 5 psiquiátrica'),
  regime: z.enum(['1', '2', '3']).describe('1 hospitalar, 2 hospital-dia, 3 domiciliar'),
  days: z.number().int().min(1).max(99),
  opme: z.boolean(),
  chemotherapy: z.boolean(),
  cids: z.array(z.string().regex(/^[A-Z]\d{2}(\.?\d)?$/, 'CID-10 como K80 ou K80.1')).max(4),
});

/** A procedure request as answered. */
export const procedureRequestOutput = z
  .object({
    ...recordOutputFields,
    appointment: z.string(),
    patient: z.string(),
    clinic: z.string(),
    professional: z.string(),
    insurance: z.string(),
    kind: z.enum(REQUEST_KINDS),
    guideNumber: z.string(),
    cardNumber: z.string(),
    newborn: z.boolean(),
    validationCode: z.string().optional(),
    character: z.enum(['1', '2']),
    date: day,
    clinicalIndication: z.string().optional(),
    notes: z.string().optional(),
    professionalData: z.object({
      name: z.string(),
      council: z.string(),
      councilNumber: z.string(),
      state: z.string(),
      cbo: z.string(),
    }),
    procedures: z.array(requestedItemOutput).min(1),
    hospitalization: hospitalizationOutput.optional(),
    status: z.enum(REQUEST_STATUSES),
    insurerStatus: z.string().optional().describe('dm_statusSolicitacao como a operadora respondeu'),
    authorization: z
      .object({
        password: z.string().optional(),
        operatorGuideNumber: z.string().optional(),
        authorizedOn: z.string().optional(),
        passwordValidUntil: z.string().optional(),
        manual: z.boolean().describe('digitada por uma pessoa (contingência)'),
        at: z.string(),
        by: z.string(),
        reason: z.string().optional(),
      })
      .optional(),
    refusals: z.array(z.object({ glosaCode: z.string(), description: z.string().optional() })),
    billingAttendance: z.string().optional(),
    cancellation: z.object({ at: z.string(), by: z.string(), reason: z.string(), online: z.boolean() }).optional(),
  })
  .meta({ id: 'ProcedureRequest' });
