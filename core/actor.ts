/**
 * Who is calling an operation. Every operation receives one; the store handed to it is already
 * confined to `tenantId` (docs/architecture.md "Security": authorization lives with the data).
 */
export interface Actor {
  /**
   * `apiKey`: an integrator (spec §5 `auth-bearer`); `user`: a clinic user; `device`: an installation;
   * `system`: the server itself (jobs, bootstrap); `anonymous`: a caller of a public operation (login,
   * password reset) before it proved who it is.
   */
  kind: 'apiKey' | 'user' | 'device' | 'system' | 'anonymous';
  /** The key, user or device id; shown in audit entries. For users, the id of their `users` record. */
  id: string;
  tenantId: string;
  /** Permissions granted, e.g. `budget:write`; `*` grants all (account admins, the bootstrap key). */
  permissions: ReadonlySet<string>;
  /** The login session a user's access token belongs to; logout revokes it. Users only. */
  sessionId?: string;
  /**
   * The one clinic a device credential is bound to (a totem key, `totem:<clinic>`): every clinic
   * scoped operation refuses any other clinic of the account. Absent: every clinic of the account.
   */
  clinicScope?: string;
}

/** The actor of a public operation: no tenant, no permission (login and password reset prove identity themselves). */
export const anonymousActor: Actor = Object.freeze({
  kind: 'anonymous',
  id: '',
  tenantId: '',
  permissions: new Set<string>(),
});

/** True when `actor` holds `permission` (or the `*` wildcard, or `<resource>:*`). */
export function can(actor: Actor, permission: string): boolean {
  if (actor.permissions.has('*') || actor.permissions.has(permission)) return true;
  const resource = permission.split(':')[0];
  return actor.permissions.has(`${resource}:*`);
}
