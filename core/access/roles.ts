/**
 * Roles of a user in an account and the permissions each grants (issue 3). A permission is
 * `<resource>:read` or `<resource>:write`; `<resource>:*` grants both and `*` grants everything.
 * Operations name the one they need (`budget:write`); the guarded store checks the resource of
 * patient data on every read and write (see policy.ts).
 *
 * Each module declares its resources and which roles hold them (`access` in core/module.ts, e.g.
 * core/inventory/module.ts); this file composes them. Admins hold `*`; only admins hold `access:write`,
 * so no other role can raise itself.
 */
import type { DomainModule } from '#core/module.js';
import { modules } from '#core/modules.js';
import { ROLES, STAFF, type Role } from './role-grants.js';

export { isRole, r, ROLES, rw, STAFF, type Grantee, type ModuleAccess, type Role } from './role-grants.js';

/** A resource permissions name (`patient`, `budget`): one some module declares. */
export type Resource = string;

/** The roles' permissions and the resources they name, composed from a list of modules. */
export interface ComposedRoles {
  resources: readonly string[];
  grants: ReadonlyMap<Role, readonly string[]>;
}

/**
 * Composes the `access` declarations of `list` (the catalogue's modules, or a test's): every resource
 * they declare, sorted, and each role's permissions (`staff` given to reception, professionals and
 * finance; admins hold `*`).
 */
export function composeRoles(list: readonly DomainModule[]): ComposedRoles {
  const resources = [...new Set(list.flatMap((m) => m.access?.resources ?? []))].sort();
  const grants = new Map<Role, string[]>(ROLES.map((role) => [role, role === 'admin' ? ['*'] : []]));
  for (const module of list) {
    for (const [grantee, permissions] of Object.entries(module.access?.roles ?? {})) {
      for (const role of grantee === 'staff' ? STAFF : [grantee as Role]) grants.get(role)!.push(...permissions);
    }
  }
  return { resources, grants };
}

let composed: (ComposedRoles & { permission: RegExp }) | undefined;

/**
 * The catalogue's modules composed, on first use: this file is loaded while the modules are (their
 * operations check permissions), so the list is read when a permission is first asked for.
 */
function compose(): ComposedRoles & { permission: RegExp } {
  if (composed) return composed;
  const roles = composeRoles(modules);
  const permission = new RegExp(`^(?:\\*|(?:${roles.resources.join('|')}):(?:read|write|\\*))$`);
  composed = { ...roles, permission };
  return composed;
}

/** Every resource the modules declare, sorted (the API-key dialog lists them). */
export function resourceNames(): readonly string[] {
  return compose().resources;
}

/**
 * The permissions a role grants, sorted. Derived, never stored: changing a module's grants changes
 * every holder of the role at their next request.
 *
 * @example permissionsOf('totem') // ['account:read', 'attendance:read', …, 'ticket:read']
 */
export function permissionsOf(role: Role): string[] {
  return [...new Set(compose().grants.get(role))].sort();
}

/** True for `*`, `<resource>:read`, `<resource>:write` or `<resource>:*` with a known resource. */
export function isPermission(value: string): boolean {
  return compose().permission.test(value);
}
