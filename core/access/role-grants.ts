/**
 * The roles a user can hold and how a module says which of them get its permissions (`access` of
 * core/module.ts). A leaf file: modules call {@link rw} and {@link r} while they load, and the schemas of
 * users name {@link ROLES}, before core/access/roles.ts composes the modules' grants.
 */

/** Roles a user can hold in an account, in the order a settings screen lists them. */
export const ROLES = ['admin', 'reception', 'professional', 'finance', 'totem'] as const;
export type Role = (typeof ROLES)[number];

/** True when `value` is one of {@link ROLES}. */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Who gets a module's permissions: a role, or `staff` (reception, professionals and finance: every
 * signed-in member of the clinic's team, never the totem kiosk). Admins hold `*` and are never named.
 */
export type Grantee = Exclude<Role, 'admin'> | 'staff';

/** The roles `staff` stands for. */
export const STAFF: readonly Role[] = ['reception', 'professional', 'finance'];

/**
 * A module's access declaration: the resources its permissions name (`<resource>:read|write`) and the
 * permissions each grantee holds.
 *
 * @example { resources: ['inventory'], roles: { staff: rw('inventory') } }
 */
export interface ModuleAccess {
  resources: readonly string[];
  roles: Readonly<Partial<Record<Grantee, readonly string[]>>>;
}

/** `<resource>:read` and `<resource>:write` of each resource. */
export function rw(...resources: string[]): string[] {
  return resources.flatMap((resource) => [`${resource}:read`, `${resource}:write`]);
}

/** `<resource>:read` of each resource. */
export function r(...resources: string[]): string[] {
  return resources.map((resource) => `${resource}:read`);
}
