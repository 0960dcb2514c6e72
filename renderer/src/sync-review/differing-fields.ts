/**
 * The side-by-side of a review entry: the fields whose values differ between the version this desk
 * pushed and the server's, without the bookkeeping every write changes.
 */

/**
 * Fields never shown: protocol and storage bookkeeping, identity (the same on both sides, and a
 * person cannot read it) and stamps every save changes.
 */
const HIDDEN = new Set([
  '_rev',
  '_meta',
  '_attachments',
  'rx_collection',
  'id',
  'tenantId',
  'createdAt',
  'updatedAt',
  'nameKey',
  'history',
]);

/** One line of the side-by-side: the field and its value on each side (undefined: absent). */
export interface FieldDifference {
  field: string;
  mine: unknown;
  server: unknown;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Fields of `mine` and `server` that differ, in `mine`'s field order then the server's own. With no
 * server version (a rejected new record, a cross-record conflict) every field of `mine` is listed,
 * its server side absent. `_deleted` is listed when only one side is deleted.
 */
export function differingFields(
  mine: Record<string, unknown>,
  server: Record<string, unknown> | null,
): FieldDifference[] {
  const other = server ?? {};
  const fields = [...new Set([...Object.keys(mine), ...Object.keys(other)])];
  return fields
    .filter((field) => !HIDDEN.has(field) && !field.startsWith('rx_'))
    .filter((field) => (field === '_deleted' ? Boolean(mine[field]) !== Boolean(other[field]) : true))
    .filter((field) => server === null || !same(mine[field], other[field]))
    .map((field) => ({ field, mine: mine[field], server: server === null ? undefined : other[field] }));
}
