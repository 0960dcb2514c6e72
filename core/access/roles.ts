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
import { modules } from '#core/modules.js';
import { ROLES, STAFF, type Role } from './role-grants.js';

export { isRole, r, ROLES, rw, STAFF, type Grantee, type ModuleAccess, type Role } from './role-grants.js';

/** A resource permissions name (`patient`, `budget`): one some module declares. */
export type Resource = string;

interface Composed {
  resources: readonly string[];
  grants: ReadonlyMap<Role, readonly string[]>;
  permission: RegExp;
}

let composed: Composed | undefined;

/**
 * The modules' declarations composed, on first use: this file is loaded while the modules are (their
 * operations check permissions), so the list is read when a permission is first asked for.
 */
function compose(): Composed {
  if (composed) return composed;
  const resources = [...new Set(modules.flatMap((m) => m.access?.resources ?? []))].sort();
  const grants = new Map<Role, string[]>(ROLES.map((role) => [role, role === 'admin' ? ['*'] : []]));
  for (const module of modules) {
    for (const [grantee, permissions] of Object.entries(module.access?.roles ?? {})) {
      for (const role of grantee === 'staff' ? STAFF : [grantee as Role]) grants.get(role)!.push(...permissions);
    }
  }
  const permission = new RegExp(`^(?:\\*|(?:${resources.join('|')}):(?:read|write|\\*))$`);
  composed = { resources, grants, permission };
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
