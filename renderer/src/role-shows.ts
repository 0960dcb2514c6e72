/**
 * Which roles hold the few permissions the desk's shell shows or hides entries by, as data, so the shell
 * decides without composing the roles.
 */
import type { Role } from '#core/access/role-grants.js';

/**
 * The roles holding each permission the navigation asks about. Composing the roles
 * (core/access/roles.ts) loads every module, and with them the whole catalogue, into the first chunk of
 * the desk, the totem and the panel (docs/decisions/toolchain.md TOOL-007); role-shows.test.ts checks each
 * list against the composed roles, so a module that grants one of these to another role fails it.
 */
export const ROLES_HOLDING = {
  'clinic:write': ['admin'],
  'cashier:write': ['admin', 'reception', 'finance'],
  'finance:read': ['admin', 'reception', 'finance'],
  'billing:write': ['admin', 'finance'],
} as const satisfies Record<string, readonly Role[]>;

/** A permission the shell asks about. */
export type ShellPermission = keyof typeof ROLES_HOLDING;

/** True when someone holding `role` holds `permission`. */
export function roleHolds(role: Role, permission: ShellPermission): boolean {
  return (ROLES_HOLDING[permission] as readonly Role[]).includes(role);
}

/**
 * True when someone holding `role` may open the administration area (`clinic:write`, admins only).
 * Reception and professionals neither see the entry nor open the area by any other path.
 */
export function roleAdministers(role: Role): boolean {
  return roleHolds(role, 'clinic:write');
}
