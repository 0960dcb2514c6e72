/**
 * Roles of a user in an account and the permissions each grants (issue 3). A permission is
 * `<resource>:read` or `<resource>:write`; `<resource>:*` grants both and `*` grants everything.
 * Operations name the one they need (`budget:write`); the guarded store checks the resource of
 * patient data on every read and write (see policy.ts).
 */

/** Roles a user can hold in an account, in the order a settings screen lists them. */
export const ROLES = ['admin', 'reception', 'professional', 'finance', 'totem'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Resources permissions name. `access` is the right to grant or change access (roles, invitations,
 * removal, API keys): held by admins only, so no other role can raise itself. `profile` is the
 * caller's own things (schedule filter, personal templates); `session` the caller's own sessions.
 */
export const RESOURCES = [
  'access',
  'account',
  'apiKey',
  'appointment',
  'attendance',
  'audit',
  'billing',
  'budget',
  'cashier',
  'clinic',
  'document',
  'finance',
  'insurance',
  'inventory',
  'medicalRecord',
  'patient',
  'price',
  'priceTable',
  'profile',
  'report',
  'session',
  'specialty',
  'ticket',
  'user',
  'waitList',
] as const;
export type Resource = (typeof RESOURCES)[number];

const rw = (...resources: Resource[]): string[] => resources.flatMap((r) => [`${r}:read`, `${r}:write`]);
const r = (...resources: Resource[]): string[] => resources.map((res) => `${res}:read`);

/** What every signed-in person may do with their own session and settings of the account. */
const BASE = [...rw('session'), ...r('account', 'clinic', 'specialty', 'insurance', 'priceTable', 'price', 'user')];

/**
 * Grants per role. Reception runs the desk (patients, schedule, budgets, tickets, receiving
 * payments); professionals also keep medical records; finance bills and pays; the totem kiosk only
 * checks patients in. `user:write` edits professionals' profiles; only admins hold `access:write`.
 */
const GRANTS: Record<Role, readonly string[]> = {
  admin: ['*'],
  reception: [
    ...BASE,
    ...rw(
      'profile',
      'patient',
      'appointment',
      'attendance',
      'budget',
      'ticket',
      'waitList',
      'user',
      'document',
      'inventory',
    ),
    // `cashier`: the desk's register and marking bills paid; bills, accounts and reversals stay with finance.
    ...rw('cashier'),
    // `billing:read`: the desk sees whether an attendance is billed and in which batch (issue 25).
    ...r('finance', 'billing'),
  ],
  professional: [
    ...BASE,
    // `ticket`: a professional calls the next patient to their own room.
    ...rw(
      'profile',
      'patient',
      'appointment',
      'attendance',
      'budget',
      'medicalRecord',
      'document',
      'waitList',
      'ticket',
      // `inventory`: the materials a procedure uses are taken out where it is done.
      'inventory',
    ),
    ...r('report'),
  ],
  finance: [
    ...BASE,
    ...rw('profile', 'finance', 'cashier', 'billing', 'budget', 'priceTable', 'price', 'inventory'),
    ...r('patient', 'appointment', 'attendance', 'report'),
  ],
  // The kiosk checks patients in and issues their tickets (`attendance:write`), prints and shows them
  // (`ticket:read`, places by `clinic:read`): no patient or appointment permission, so no list of either.
  totem: [...rw('session', 'attendance'), ...r('account', 'clinic', 'ticket')],
};

/** True when `value` is one of {@link ROLES}. */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * The permissions a role grants, sorted. Derived, never stored: changing this table changes every
 * holder of the role at their next request.
 *
 * @example permissionsOf('totem') // ['account:read', 'appointment:read', …, 'ticket:write']
 */
export function permissionsOf(role: Role): string[] {
  return [...new Set(GRANTS[role])].sort();
}

const PERMISSION = new RegExp(`^(?:\\*|(?:${RESOURCES.join('|')}):(?:read|write|\\*))$`);

/** True for `*`, `<resource>:read`, `<resource>:write` or `<resource>:*` with a known resource. */
export function isPermission(value: string): boolean {
  return PERMISSION.test(value);
}
