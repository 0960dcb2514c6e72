/**
 * Who is calling an operation. Every operation receives one; the store handed to it is already
 * confined to `tenantId` (DESIGN.md "Security": authorization lives with the data).
 */
export interface Actor {
  /** `apiKey`: an integrator (spec §5 `auth-bearer`); `user`: a clinic user; `device`: an installation. */
  kind: 'apiKey' | 'user' | 'device' | 'system';
  /** The key, user or device id; shown in audit entries. */
  id: string;
  tenantId: string;
  /** Permissions granted, e.g. `budget:write`; `*` grants all (account admins, the bootstrap key). */
  permissions: ReadonlySet<string>;
}

/** True when `actor` holds `permission` (or the `*` wildcard, or `<resource>:*`). */
export function can(actor: Actor, permission: string): boolean {
  if (actor.permissions.has('*') || actor.permissions.has(permission)) return true;
  const resource = permission.split(':')[0];
  return actor.permissions.has(`${resource}:*`);
}
