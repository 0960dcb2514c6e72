/**
 * Which TISS guide an attended appointment is billed on (TISS-003, TISS-033), one rule for the server
 * (from-appointment.ts, when the appointment is brought to billing) and the desk's Faturamento screen
 * (which groups still-unbilled appointments into batches, one guide type per batch).
 */
import { findCouncil } from '#core/specialty/councils-ops.js';
import type { GuideType } from './tiss/tiss-data.js';

/** TUSS 26 (dm_conselhoProfissional) code of the dentists' council (CRO). */
export const DENTAL_COUNCIL = '08';

/**
 * The guide type of an attended appointment: a dentist's (council CRO, TUSS 26 code `08`) is a GTO
 * (`odonto`) whatever its events; otherwise one consultation event is a guia de consulta, anything
 * else SP/SADT.
 *
 * @param council The professional's council: its TUSS 26 code (`08`) or its id (`CRO`, any case);
 *   null or undefined when the professional has none.
 * @param eventTypes The `type` of each of the appointment's events, in order (undefined for an unknown event).
 */
export function appointmentGuideType(
  council: string | null | undefined,
  eventTypes: readonly (string | undefined)[],
): GuideType {
  const code = council == null ? undefined : (findCouncil(council)?.tissCode ?? council);
  if (code === DENTAL_COUNCIL) return 'odonto';
  return eventTypes.length === 1 && eventTypes[0] === 'consultation' ? 'consulta' : 'spsadt';
}
