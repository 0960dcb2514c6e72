/**
 * The closed vocabularies of a budget (spec §2.1–2.4 leave them open; docs/decisions/budgets.md
 * records each choice). Values are stored as the wire sends them; the UI shows the pt-BR labels.
 */

/** Kinds of budget (`type`, §2.1). */
export const BUDGET_TYPES = ['dental', 'medical', 'aesthetic'] as const;
export type BudgetType = (typeof BUDGET_TYPES)[number];

/**
 * Budget states (`status`, §3 gives none). A number on the wire, as the spec types it:
 * 0 rascunho, 1 aguardando aprovação, 2 aprovado, 3 reprovado, 4 executado (virou tratamento),
 * 5 vencido.
 */
export const BudgetStatus = {
  draft: 0,
  awaitingApproval: 1,
  approved: 2,
  disapproved: 3,
  executed: 4,
  expired: 5,
} as const;
export type BudgetStatusCode = (typeof BudgetStatus)[keyof typeof BudgetStatus];
export const BUDGET_STATUSES = [0, 1, 2, 3, 4, 5] as const;

/** pt-BR label of each status, for documents and messages. */
export const STATUS_LABELS: Readonly<Record<BudgetStatusCode, string>> = {
  0: 'Rascunho',
  1: 'Aguardando aprovação',
  2: 'Aprovado',
  3: 'Reprovado',
  4: 'Executado',
  5: 'Vencido',
};

/** States a budget may be created in (an integrator may register a quote the patient already approved). */
export const CREATABLE_STATUSES: readonly BudgetStatusCode[] = [0, 1, 2];
/** States from which an edit is allowed: never approved (disapprove first) nor executed. */
export const EDITABLE_STATUSES: readonly BudgetStatusCode[] = [0, 1, 3, 5];
/** States an edit may leave the budget in. */
export const EDIT_TARGET_STATUSES: readonly BudgetStatusCode[] = [0, 1];
/** States from which a budget may be approved. */
export const APPROVABLE_STATUSES: readonly BudgetStatusCode[] = [0, 1, 3];
/** States from which a budget may be disapproved. */
export const DISAPPROVABLE_STATUSES: readonly BudgetStatusCode[] = [0, 1, 2];

/**
 * The model an item points at (`typeModel`, §2.3: "model name of the referenced item"): the record
 * schema names of §2.5 that a budget line can quote.
 */
export const TYPE_MODELS = ['Event', 'Product', 'Kit', 'MaterialOrExam'] as const;
export type TypeModel = (typeof TYPE_MODELS)[number];

/** Kinds of line (`items[].type`): the event types of the catalogue. */
export const ITEM_TYPES = [
  'consultation',
  'procedure',
  'exam',
  'therapy',
  'material',
  'medication',
  'fee',
  'package',
] as const;

/** Units of measure (`items[].unit`), the short forms printed on TISS guides and invoices. */
export const UNITS = ['un', 'sessao', 'cx', 'fr', 'amp', 'ml', 'l', 'mg', 'g', 'kg', 'cm', 'm'] as const;

/**
 * Expense codes (`items[].expenseCode`): TISS terminology 25 (tipo de despesa): 01 gases medicinais,
 * 02 medicamentos, 03 materiais, 05 diárias, 07 taxas e aluguéis, 08 OPME.
 */
export const EXPENSE_CODES = ['01', '02', '03', '05', '07', '08'] as const;

/** Instalment periods (`paymentInformation.period`). */
export const PERIODS = ['weekly', 'biweekly', 'monthly', 'bimonthly', 'quarterly'] as const;

/**
 * Payment methods (`paymentInformation.method`), camelCase like the spec's names and the
 * appointment's `paymentMethod` (`creditCard`).
 */
export const PAYMENT_METHODS = [
  'cash',
  'creditCard',
  'debitCard',
  'pix',
  'bankSlip',
  'bankTransfer',
  'insurance',
] as const;
export type BudgetPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The snake_case spellings budgets were stored and sent with before; still read and accepted. */
const LEGACY_PAYMENT_METHODS: Readonly<Record<string, BudgetPaymentMethod>> = {
  credit_card: 'creditCard',
  debit_card: 'debitCard',
  bank_slip: 'bankSlip',
  bank_transfer: 'bankTransfer',
};

/**
 * A payment method in today's spelling: a legacy snake_case one (`credit_card`) becomes its camelCase
 * form; anything else is returned as is (for the schema to judge).
 */
export function paymentMethodOf<T>(value: T): T | BudgetPaymentMethod {
  return typeof value === 'string' ? (LEGACY_PAYMENT_METHODS[value] ?? value) : value;
}

/** pt-BR labels of the payment methods and periods, for the PDF and messages. */
export const METHOD_LABELS: Readonly<Record<(typeof PAYMENT_METHODS)[number], string>> = {
  cash: 'Dinheiro',
  creditCard: 'Cartão de crédito',
  debitCard: 'Cartão de débito',
  pix: 'PIX',
  bankSlip: 'Boleto bancário',
  bankTransfer: 'Transferência bancária',
  insurance: 'Convênio',
};
export const PERIOD_LABELS: Readonly<Record<(typeof PERIODS)[number], string>> = {
  weekly: 'semanal',
  biweekly: 'quinzenal',
  monthly: 'mensal',
  bimonthly: 'bimestral',
  quarterly: 'trimestral',
};

/**
 * Tooth faces (`toothFace`): ANS TISS odontology domain (terminology 32): O oclusal, L lingual,
 * M mesial, V vestibular, D distal, I incisal, P palatina.
 */
export const TOOTH_FACES = ['O', 'L', 'M', 'V', 'D', 'I', 'P'] as const;

/**
 * Mouth regions (`toothRegion`): ANS TISS terminology 42 codes for arches, hemi-arches and sextants.
 */
export const TOOTH_REGIONS = [
  'AS',
  'AI',
  'ASAI',
  'HASD',
  'HASE',
  'HAID',
  'HAIE',
  'S1',
  'S2',
  'S3',
  'S4',
  'S5',
  'S6',
] as const;

/**
 * True for an FDI tooth number: quadrants 1–4 teeth 1–8 (permanent, 11–48), quadrants 5–8 teeth 1–5
 * (deciduous, 51–85).
 */
export function isFdiTooth(code: string): boolean {
  if (!/^[1-8][1-8]$/.test(code)) return false;
  const quadrant = Number(code[0]);
  const tooth = Number(code[1]);
  return quadrant <= 4 ? tooth <= 8 : tooth <= 5;
}
