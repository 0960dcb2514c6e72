import type { Patient } from '#core/patient/patient-record.js';

/**
 * A patient record as a desk's store holds it, written straight into a store or pushed as a sync
 * document by the sync tests (no operation involved, so the tests control ids and timestamps).
 *
 * @param at `createdAt` and `updatedAt`, ISO-8601 with offset
 */
export function patientDoc(
  tenantId: string,
  id: string,
  name: string,
  at = '2026-11-23T09:00:00-03:00',
): Patient & Record<string, unknown> {
  return {
    id,
    tenantId,
    createdAt: at,
    updatedAt: at,
    name,
    nameKey: name.toLowerCase(),
    insurances: [],
    allergies: [],
    vaccines: [],
    merges: [],
    temporary: false,
    active: true,
  };
}
