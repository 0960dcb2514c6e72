import type { MessageKey } from './i18n/index.js';
import type { Role } from '#core/access/role-grants.js';
import { roleAdministers, roleHolds } from './role-shows.js';

/** The desk's top-level areas (the shell renders one screen per id). */
export type Section =
  | 'agenda'
  | 'waitList'
  | 'patients'
  | 'budgets'
  | 'inventory'
  | 'review'
  | 'settings'
  | 'admin'
  | 'cashRegister'
  | 'bills'
  | 'medicalRecord'
  | 'billing';

/** A group of the side bar, in the order the groups appear. */
export type SectionGroup = 'reception' | 'commercial' | 'system';

/** One entry of the side bar: what it opens, under which heading, its label and who may see it. */
export interface SectionEntry {
  id: Section;
  group: SectionGroup;
  label: MessageKey;
  /** Whether a signed-in role sees the entry; absent means every role. */
  visibleTo?: (role: Role) => boolean;
}

/** The side bar's groups with their headings, in display order. */
export const SECTION_GROUPS: readonly { id: SectionGroup; label: MessageKey }[] = [
  { id: 'reception', label: 'nav.group.reception' },
  { id: 'commercial', label: 'nav.group.commercial' },
  { id: 'system', label: 'nav.group.system' },
];

/**
 * Every area of the desk as data, in side-bar order within its group: a new area is one entry here
 * (and its screen in the shell's switch), not new markup (issue 20 point 2).
 */
export const SECTIONS: readonly SectionEntry[] = [
  { id: 'agenda', group: 'reception', label: 'nav.agenda' },
  { id: 'waitList', group: 'reception', label: 'waitlist.nav' },
  { id: 'patients', group: 'reception', label: 'nav.patients' },
  { id: 'budgets', group: 'commercial', label: 'nav.budgets' },
  { id: 'inventory', group: 'commercial', label: 'inventory.nav', visibleTo: (role) => role !== 'totem' },
  { id: 'cashRegister', group: 'commercial', label: 'cash.nav', visibleTo: takesPayments },
  {
    id: 'bills',
    group: 'commercial',
    label: 'finance.bills.nav',
    visibleTo: (role) => roleHolds(role, 'finance:read'),
  },
  {
    id: 'billing',
    group: 'commercial',
    label: 'billing.nav',
    visibleTo: (role) => roleHolds(role, 'billing:write'),
  },
  { id: 'review', group: 'system', label: 'review.nav' },
  { id: 'settings', group: 'system', label: 'nav.settings' },
  { id: 'admin', group: 'system', label: 'admin.nav', visibleTo: roleAdministers },
  // Clinical content (LGPD art. 11): professionals only, on the station bound to them (MED-007).
  { id: 'medicalRecord', group: 'reception', label: 'medicalRecord.nav', visibleTo: (role) => role === 'professional' },
];

/** Whether `role` runs a register (Caixa): reception, finance and admin, by `cashier:write`. */
function takesPayments(role: Role): boolean {
  return roleHolds(role, 'cashier:write');
}

/** The entries `role` may open, in order. */
export function sectionsFor(role: Role): SectionEntry[] {
  return SECTIONS.filter((s) => !s.visibleTo || s.visibleTo(role));
}

/** The label key of `id`. */
export function sectionLabel(id: Section): MessageKey {
  return SECTIONS.find((s) => s.id === id)?.label ?? 'nav.agenda';
}
