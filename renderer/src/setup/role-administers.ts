/**
 * Whether the shell shows the administration entry to a role, decided without composing the roles.
 */
import type { Role } from '#core/access/role-grants.js';

/**
 * True when someone holding `role` may open the administration area (`clinic:write`): admins only, as the
 * modules grant `clinic:write` to no other role (admin-sections.test.ts checks this against the composed
 * roles). The shell's navigation asks before the local core loads; composing the roles here would pull
 * every module, and so the whole catalogue, into the first chunk of the desk, the totem and the panel.
 */
export function roleAdministers(role: Role): boolean {
  return role === 'admin';
}
