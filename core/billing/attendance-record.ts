/**
 * A billed attendance (spec §2.5 "Attendance"/"Expense", §4.4 Billing): the TISS guide of one
 * attended appointment, as it will be written in a batch. It is a snapshot taken when the
 * attendance is brought to billing (card number, professional, codes, prices), so a later edit of
 * the patient or the price table does not change what was billed; "revalue" refreshes prices on
 * purpose. Holds patient data: guarded and audited (`billing`, every read and write).
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { reaisInput } from '#core/price/money.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import {
  EXPENSE_CODES,
  GUIDE_TYPES,
  type ExpenseCode,
  type GuideType,
  type TissProfessional,
  type TissStay,
  type TissTeamMember,
} from './tiss/tiss-data.js';

/** dm_tabela codes a line may carry (TISS 4.01.00). */
export const TISS_TABLES = ['18', '19', '20', '22', '90', '98', '00'] as const;

/** One line of an attendance: a procedure, or another expense when `expenseCode` is set. */
export interface BillingItem {
  /** The clinic's event it came from, when it did (revaluation looks its price up). */
  event?: string;
  table: string;
  code: string;
  description: string;
  quantity: number;
  /** Reais, two decimals at most. */
  unitValue: number;
  expenseCode?: ExpenseCode;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Dental lines (GTO): FDI tooth and its faces, or the mouth region, as the treatment recorded them. */
  tooth?: string;
  toothFace?: string[];
  toothRegion?: string;
  /** Hospital lines (honorários, resumo de internação): the team, each with their role (dm_grauPart). */
  team?: BillingTeamMember[];
}

/** One professional of a hospital line's team, as snapshot when billed. */
export interface BillingTeamMember extends TissTeamMember {
  /** The `users` id. */
  professional: string;
}

/** A billed attendance as stored. */
export interface BillingAttendance extends RecordBase {
  /** The attended appointment (absent for one entered by hand). */
  appointment?: string;
  patient: string;
  clinic: string;
  professional: string;
  insurance: string;
  insurancePlan?: string;
  /** Number of the patient's card at the insurance (numeroCarteira). */
  cardNumber: string;
  newborn: boolean;
  guideType: GuideType;
  /** numeroGuiaPrestador: the clinic's number for this guide. */
  guideNumber: string;
  /** Attendance day, `YYYY-MM-DD`. */
  date: string;
  professionalData: TissProfessional;
  items: BillingItem[];
  /** A return visit (retorno): the consultation type goes as follow-up. */
  returnVisit: boolean;
  justification?: string;
  authorizationCode?: string;
  /** `YYYY-MM-DD`. */
  authorizationDate?: string;
  /** The batch it is in, if any. */
  batch?: string;
  /** What the operator's account analysis said of it (glosa import). */
  analysis?: AttendanceAnalysis;
  /** GTO: the beneficiary's plan name (planoBeneficiario). */
  planName?: string;
  /** Honorários and resumo de internação: the hospital stay. */
  hospitalStay?: TissStay;
}

/** A refusal of the operator on the guide (no `sequence`) or on one of its lines. */
export interface AttendanceGlosa {
  /** The line's sequential number in the guide, when the refusal is of one line. */
  sequence?: number;
  /** TISS glosa code (dm_tipoGlosa, TUSS 38). */
  code: string;
  /** Reais refused, when the operator gave it. */
  value?: number;
  description?: string;
}

/** The operator's analysis of one attendance's guide. */
export interface AttendanceAnalysis {
  /** dm_statusProtocolo of the guide. */
  status: string;
  /** Reais released for payment. */
  released: number;
  glosas: AttendanceGlosa[];
  /** When the statement was imported. */
  at: string;
}

/** The `billing_attendances` collection: listed by batch, found by appointment and patient. */
export const billingAttendances = defineCollection<BillingAttendance>({
  name: 'billing_attendances',
  fields: { batch: 'string', appointment: 'string', patient: 'string', insurance: 'string' },
  indexes: [['batch'], ['appointment'], ['patient'], ['insurance']],
});

const dayOutput = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const professionalOutput = {
  name: z.string(),
  council: z.string(),
  councilNumber: z.string(),
  state: z.string(),
  cbo: z.string(),
};

const teamMemberOutput = z
  .object({
    role: z
      .string()
      .describe('grau de participação (dm_grauPart): 00 cirurgião, 01 primeiro auxiliar, 06 anestesista…'),
    professional: z.string(),
    ...professionalOutput,
  })
  .meta({ id: 'BillingTeamMember' });

/** The fields of a hospital stay (times `HH:MM:SS`). */
const hospitalStayShape = {
  requestGuide: z.string().describe('número da guia de solicitação de internação'),
  hospital: z
    .strictObject({
      name: z.string().trim().min(1).max(70),
      providerCode: z.string().trim().min(1).max(14).optional(),
      cnpj: z
        .string()
        .regex(/^\d{14}$/, 'CNPJ com 14 dígitos')
        .optional(),
      cnes: z.string().regex(/^\d{7}$/, 'CNES com 7 dígitos'),
    })
    .optional()
    .describe('hospital onde o profissional atuou (honorários)'),
  character: z.enum(['1', '2']).describe('caráter: 1 eletivo, 2 urgência/emergência'),
  billingType: z
    .enum(['1', '2', '3', '4'])
    .describe('tipo de faturamento: 1 parcial, 2 final, 3 complementar, 4 total'),
  start: dayOutput,
  startTime: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  end: dayOutput,
  endTime: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  admissionType: z
    .enum(['1', '2', '3', '4', '5'])
    .describe('tipo de internação: 1 clínica, 2 cirúrgica, 3 obstétrica, 4 pediátrica, 5 psiquiátrica'),
  regime: z.enum(['1', '2', '3']).describe('regime: 1 hospitalar, 2 hospital-dia, 3 domiciliar'),
  diagnoses: z.array(z.string()).describe('CID-10 sem ponto (até 4)'),
  accident: z.enum(['0', '1', '2', '9']).describe('indicação de acidente: 0 trabalho, 1 trânsito, 2 outros, 9 não'),
  exitReason: z.string().describe('motivo de encerramento (dm_motivoSaida): 11 alta curado, 12 melhorado…'),
};

/** A hospital stay as given (billing.attendance.create with `manual`). */
export const hospitalStayInput = z.strictObject(hospitalStayShape);

/** A hospital stay as answered. */
export const hospitalStayOutput = z
  .object(hospitalStayShape)
  .meta({ id: 'HospitalStay', description: 'internação (guias de honorários e de resumo de internação)' });

/** One line as answered and as an expense is given. */
export const billingItemOutput = z
  .object({
    event: z.string().optional(),
    table: z.string().describe('tabela TISS (dm_tabela): 22 procedimentos, 19 materiais, 20 medicamentos, 18 taxas'),
    code: z.string().min(1).max(10),
    description: z.string().min(1).max(150),
    quantity: z.number().int().min(1).max(999),
    unitValue: z.number().min(0).describe('reais'),
    expenseCode: z.enum(EXPENSE_CODES).optional(),
    date: dayOutput,
    tooth: z.string().optional().describe('dente (FDI), na GTO'),
    toothFace: z.array(z.string()).optional().describe('faces do dente (O, L, M, V, D, I, P)'),
    toothRegion: z.string().optional().describe('região da boca (dm_regiao) quando não é um dente'),
    team: z.array(teamMemberOutput).optional().describe('equipe (honorários e resumo de internação)'),
  })
  .meta({ id: 'BillingItem' });

/** Another expense of an attendance as input (materials, medicines, fees…). */
export const expenseInput = z.strictObject({
  expenseCode: z
    .enum(EXPENSE_CODES)
    .describe('01 gases, 02 medicamentos, 03 materiais, 05 diárias, 07 taxas e aluguéis, 08 OPME'),
  table: z.enum(TISS_TABLES).default('19'),
  code: z.string().trim().min(1).max(10),
  description: z.string().trim().min(1).max(150),
  quantity: z.number().int().min(1).max(999),
  unitValue: reaisInput,
  date: dayOutput.optional().describe('AAAA-MM-DD; o dia do atendimento quando ausente'),
});

/** A billed attendance as answered, with its total in reais. */
export const billingAttendanceOutput = z
  .object({
    ...recordOutputFields,
    appointment: z.string().optional(),
    patient: z.string(),
    clinic: z.string(),
    professional: z.string(),
    insurance: z.string(),
    insurancePlan: z.string().optional(),
    cardNumber: z.string(),
    newborn: z.boolean(),
    guideType: z.enum(GUIDE_TYPES),
    guideNumber: z.string(),
    date: dayOutput,
    professionalData: z.object(professionalOutput),
    items: z.array(billingItemOutput),
    returnVisit: z.boolean(),
    justification: z.string().optional(),
    authorizationCode: z.string().optional(),
    authorizationDate: dayOutput.optional(),
    batch: z.string().optional(),
    analysis: z
      .object({
        status: z.string(),
        released: z.number().describe('reais'),
        glosas: z.array(
          z.object({
            sequence: z.number().optional(),
            code: z.string(),
            value: z.number().optional().describe('reais'),
            description: z.string().optional(),
          }),
        ),
        at: z.string(),
      })
      .optional()
      .describe('análise da operadora (demonstrativo importado)'),
    planName: z.string().optional().describe('plano do beneficiário (GTO)'),
    hospitalStay: hospitalStayOutput.optional(),
  })
  .meta({ id: 'BillingAttendance' });
