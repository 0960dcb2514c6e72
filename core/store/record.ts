/**
 * Fields every stored record carries (docs/architecture.md "Records").
 *
 * - `id`: client-generated UUIDv7, so records created offline on two installations never collide.
 * - `tenantId`: the account the record belongs to; a tenant-scoped store refuses any other.
 * - `createdAt` / `updatedAt`: ISO-8601 with offset, set by the operation from its clock.
 */
export interface RecordBase {
  id: string;
  tenantId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * A record as the store returns it: the domain fields plus `_rev`, an opaque revision string that
 * changes on every write. Pass it back to `update`/`remove` for the optimistic check.
 */
export type Stored<T extends RecordBase> = T & { readonly _rev: string };

/** Strips the store's bookkeeping from a stored record (e.g. before answering a REST call). */
export function withoutRevision<T extends RecordBase>(doc: Stored<T>): T {
  const { _rev: _ignored, ...rest } = doc;
  return rest as unknown as T;
}
