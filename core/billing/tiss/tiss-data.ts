/**
 * What a TISS batch document is built from: plain values, already resolved from the stored batch,
 * its guides, the insurance and the clinic (core/billing/batch-document.ts does that). Codes are the
 * TISS domain codes (dm_*) of the schema version in use; money is integer centavos.
 */

/** TISS expense codes (dm_outrasDespesas, 4.01.00): gases, medicines, materials, daily rates, fees and rentals, OPME. */
export const EXPENSE_CODES = ['01', '02', '03', '05', '07', '08'] as const;
/** One of {@link EXPENSE_CODES}. */
export type ExpenseCode = (typeof EXPENSE_CODES)[number];

/**
 * Guide kinds (ctm_guiaLote's choices): `guiaConsulta`, `guiaSP-SADT`, `guiaOdonto` (GTO),
 * `guiaHonorarios` (honorários individuais) and `guiaResumoInternacao`.
 */
export const GUIDE_TYPES = ['consulta', 'spsadt', 'odonto', 'honorarios', 'internacao'] as const;
/** One of {@link GUIDE_TYPES}. */
export type GuideType = (typeof GUIDE_TYPES)[number];

/** One billed line: a procedure (TUSS 22) or another expense (materials, medicines… with its code). */
export interface TissItem {
  /** dm_tabela: `22` procedures, `19` materials, `20` medicines, `18` fees, `98`/`00` own tables. */
  table: string;
  code: string;
  description: string;
  /** Whole units (st_numerico3 for procedures). */
  quantity: number;
  unitCentavos: number;
  /** Absent for procedures; the dm_outrasDespesas code for other expenses. */
  expenseCode?: ExpenseCode;
  /** Day executed, `YYYY-MM-DD`. */
  date: string;
  /** GTO only: FDI tooth (dm_dente), its faces (O, L, M, V, D, I, P) or the mouth region (dm_regiao). */
  tooth?: string;
  faces?: readonly string[];
  region?: string;
  /** Honorários and resumo de internação: who took part and how (dm_grauPart). */
  team?: readonly TissTeamMember[];
}

/** A professional of a procedure's team: their role (dm_grauPart: `00` surgeon, `01` first assistant, `06` anaesthetist…). */
export interface TissTeamMember extends TissProfessional {
  role: string;
}

/** dm_grauPart codes (TUSS 35): surgeon, assistants 1–4, scrub nurse, anaesthetist and assistant, consultant, perfusionist, paediatrician, SADT assistant, clinician, intensivist. */
export const TEAM_ROLES = ['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13'] as const;

/** A hospital stay as the resumo de internação and the honorários guides report it. */
export interface TissStay {
  /** numeroGuiaSolicitacaoInternacao / guiaSolicInternacao: the hospitalization request's guide number. */
  requestGuide: string;
  /** Where the professional worked (honorários' localContratado): the hospital. */
  hospital?: { name: string; providerCode?: string; cnpj?: string; cnes: string };
  /** dm_caraterAtendimento: 1 elective, 2 urgency. */
  character: '1' | '2';
  /** dm_tipoFaturamento: 1 partial, 2 final, 3 complementary, 4 total. */
  billingType: '1' | '2' | '3' | '4';
  /** Admission and discharge (or end of the billed period): `YYYY-MM-DD` and `HH:MM:SS`. */
  start: string;
  startTime: string;
  end: string;
  endTime: string;
  /** dm_tipoInternacao: 1 clinical, 2 surgical, 3 obstetric, 4 paediatric, 5 psychiatric. */
  admissionType: '1' | '2' | '3' | '4' | '5';
  /** dm_regimeInternacao: 1 hospital, 2 day hospital, 3 home. */
  regime: '1' | '2' | '3';
  /** CID-10 codes without the dot (st_texto4), at most 4. */
  diagnoses: string[];
  /** dm_indicadorAcidente: 0 work, 1 traffic, 2 other, 9 none. */
  accident: '0' | '1' | '2' | '9';
  /** dm_motivoSaida (TUSS 39): 11 cured, 12 improved, 31 transferred, 41 death… */
  exitReason: string;
}

/** The executing professional as TISS identifies them (ct_contratadoProfissionalDados). */
export interface TissProfessional {
  name: string;
  /** dm_conselhoProfissional (TUSS 26): `06` CRM, `08` CRO… */
  council: string;
  councilNumber: string;
  /** dm_UF: the IBGE code of the council's state (`35` São Paulo). */
  state: string;
  /** dm_CBOS: 6-digit CBO of the specialty. */
  cbo: string;
}

/** One guide of the batch. */
export interface TissGuide {
  /** numeroGuiaPrestador: the clinic's own guide number. */
  guideNumber: string;
  /** Card number at the operator (numeroCarteira). */
  cardNumber: string;
  /** Newborn attended on the mother's card (atendimentoRN). */
  newborn: boolean;
  /** Password/authorization the operator gave (senha / numeroGuiaOperadora). */
  authorizationCode?: string;
  /** Day the authorization was given, `YYYY-MM-DD`. */
  authorizationDate?: string;
  /** Attendance day, `YYYY-MM-DD`. */
  date: string;
  /** dm_tipoConsulta: `1` first, `2` follow-up (return), `3` prenatal, `4` referral. */
  consultationType: '1' | '2' | '3' | '4';
  professional: TissProfessional;
  items: readonly TissItem[];
  /** observacao (≤ 500): the justification, when there is one. */
  notes?: string;
  /** GTO: planoBeneficiario (the plan's name, else the insurer's). */
  planName?: string;
  /** Honorários and resumo de internação: the stay. */
  stay?: TissStay;
}

/** The clinic as the operator knows it. */
export interface TissProvider {
  /** Código do prestador na operadora; preferred over the CNPJ when the operator assigned one. */
  providerCode?: string;
  cnpj?: string;
  /** CNES, 7 digits (`9999999` when the clinic has none, as the ANS instructs). */
  cnes: string;
  name: string;
}

/** A batch (lote) to write as one `mensagemTISS`. */
export interface TissBatch {
  /** dm_versao, e.g. `4.01.00`: the insurer's setting. */
  version: string;
  /** numeroLote. */
  batchNumber: string;
  /** sequencialTransacao. */
  transactionNumber: string;
  /** When the message is written: `YYYY-MM-DD` and `HH:MM:SS`. */
  day: string;
  time: string;
  /** The operator's ANS registry (6 digits). */
  ansRegistry: string;
  provider: TissProvider;
  guideType: GuideType;
  guides: readonly TissGuide[];
}
