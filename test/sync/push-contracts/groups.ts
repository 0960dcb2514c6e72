/**
 * The spec groups of the registry-wide push suite (suite.ts) and the delete policies issues 17 and 18
 * fixed. push-contracts.int.test.ts runs, for each group, the checks of the collections of its modules
 * and the cases of its module of this folder (`<group>.ts`); coverage.test.ts checks that every
 * replicated collection falls in exactly one group.
 */
import { modules } from '#core/catalogue.js';

/**
 * Which modules (core/modules.ts) each group checks; every module is in exactly one group
 * (coverage.test.ts). A new module: add its name to the group of its spec section (and
 * its operation writes to that group's `<group>.ts`).
 */
export const PUSH_CONTRACT_GROUPS = {
  'access-messaging': ['access', 'messaging', 'chat'],
  'schedule-patient': ['clinic', 'patient', 'specialty', 'insurance', 'price', 'budget', 'schedule', 'ticket'],
  'medical-record': ['medical-record'],
  'billing-tiss': ['billing', 'insurance-requests'],
  inventory: ['inventory'],
  finance: ['finance'],
} as const satisfies Record<string, readonly string[]>;
export type PushContractGroup = keyof typeof PUSH_CONTRACT_GROUPS;

/** The collection names of `group`'s modules, in catalogue order. */
export function groupCollections(group: PushContractGroup): string[] {
  const names: readonly string[] = PUSH_CONTRACT_GROUPS[group];
  return modules.filter((m) => names.includes(m.name)).flatMap((m) => m.collections.map((c) => c.def.name));
}

/** The delete policies issues 17 and 18 fixed: records removed logically or never removed refuse. */
export const FIXED_POLICIES: Record<string, 'refuse' | 'allow'> = {
  users: 'refuse',
  account_configurations: 'allow',
  personal_templates: 'allow',
  schedule_filters: 'allow',
  outbox_messages: 'refuse',
  clinics: 'refuse',
  events: 'refuse',
  patients: 'refuse',
  specialties: 'refuse',
  insurances: 'refuse',
  price_tables: 'refuse',
  prices: 'allow',
  budgets: 'refuse',
  treatments: 'refuse',
  appointments: 'refuse',
  schedule_blocks: 'allow',
  wait_list: 'refuse',
  receivables: 'refuse',
  schedule_settings: 'refuse',
  schedule_shares: 'allow',
  tickets: 'refuse',
  ticket_controls: 'refuse',
  medical_records: 'refuse',
  medical_record_forms: 'allow',
  medical_record_configs: 'refuse',
  billing_attendances: 'refuse',
  billing_batches: 'allow',
  billing_authorization_batches: 'refuse',
  billing_plans: 'allow',
  insurance_solicitations: 'refuse',
  inventory_products: 'refuse',
  inventory_suppliers: 'refuse',
  inventory_categories: 'allow',
  inventory_reserve_reasons: 'refuse',
  inventory_kits: 'refuse',
  inventory_movements: 'refuse',
  inventory_counts: 'refuse',
  materials_or_exams: 'refuse',
  finance_accounts: 'allow',
  finance_categories: 'allow',
  finance_bills: 'refuse',
  finance_payments: 'refuse',
  cash_registers: 'refuse',
  cash_movements: 'refuse',
  finance_credits: 'refuse',
};
