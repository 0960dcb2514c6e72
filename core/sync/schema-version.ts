/**
 * Which shape of the replicated documents an installation speaks. Bump {@link SYNC_SCHEMA_VERSION}
 * when a collection's documents change in a way an older installation would write wrong (a field
 * renamed, a meaning changed), and raise the server's minimum to it: older installations are then
 * told to update (426) instead of pushing documents the server would misread.
 */

/** The version this build's installations send in {@link SCHEMA_VERSION_HEADER}. */
export const SYNC_SCHEMA_VERSION = 1;

/** The oldest version the server accepts; installations below it get `upgrade_required` (426). */
export const MIN_SYNC_SCHEMA_VERSION = 1;

/** The request header carrying the installation's version (a decimal integer). */
export const SCHEMA_VERSION_HEADER = 'x-clinic-schema-version';

/** What the server answers an installation older than its minimum (pt-BR, shown as is). */
export const UPGRADE_REQUIRED_MESSAGE =
  'Esta instalação usa uma versão antiga do Clinic e não pode sincronizar. Atualize o aplicativo para continuar.';

/**
 * The version a request declares: its header, or 1 when absent (installations built before the
 * header existed spoke version 1). `NaN` when the header is not a non-negative integer.
 */
export function declaredSchemaVersion(header: string | null | undefined): number {
  if (header === null || header === undefined || header === '') return 1;
  return /^\d{1,9}$/.test(header.trim()) ? Number(header.trim()) : Number.NaN;
}
