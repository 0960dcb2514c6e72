/**
 * A credential bound to one clinic (the totem's key, docs/decisions/tickets.md): the kiosk of one
 * clinic's hall must not check in, issue or read the panel of the account's other clinics.
 */
import type { Actor } from '#core/actor.js';
import { notFound } from '#core/common/records.js';

/** True when `actor` may act on `clinicId`: any clinic of the account unless bound to one. */
export function inClinicScope(actor: Actor, clinicId: string): boolean {
  return actor.clinicScope === undefined || actor.clinicScope === clinicId;
}

/**
 * Refuses a clinic outside the actor's scope exactly as a missing one, so a totem key learns nothing
 * of the account's other clinics.
 *
 * @param what the pt-BR name of what was asked (`Clínica`, `Senha`), as the 404 names it.
 * @throws DomainError `not_found` naming `path` when `clinicId` is outside the actor's scope.
 */
export function requireClinicScope(actor: Actor, clinicId: string, what = 'Clínica', path = 'id', id = clinicId): void {
  if (!inClinicScope(actor, clinicId)) throw notFound(what, path, id);
}
