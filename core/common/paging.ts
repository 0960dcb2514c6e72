/**
 * Cursor paging for lists (docs/architecture.md "REST conventions": `{ items, next }`). Keyset, not offset: a
 * page starts right after the last record of the previous one, so records inserted meanwhile never
 * shift a page and deep pages cost what the first one does.
 */
import { DomainError } from '#core/errors.js';
import type { Collection } from '#core/store/port.js';
import type { FieldCondition } from '#core/store/query.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { prefixRange } from '#core/br/text.js';

/** Conditions on declared fields, ANDed (the store's Mango subset). */
export type Selector = Record<string, FieldCondition>;

/** One page of a list. `next` is null on the last page. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** What {@link pageBy} lists. */
export interface PageRequest {
  /**
   * Alternatives, ORed: a record matching any of them is listed once (e.g. a phone number searched
   * in `cellPhone` or in `phone`). Default: one selector matching everything.
   */
  where?: readonly Selector[];
  /** Sort key: a declared string field (then `id` breaks ties), or `id` alone. */
  key: string;
  /** Only keys starting with this (already normalised, e.g. by `searchKey`). */
  prefix?: string;
  limit: number;
  /** The `next` of the previous page. */
  cursor?: string | undefined;
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The opaque cursor after a record: its sort key and id. */
export function encodeCursor(key: string, id: string): string {
  return toBase64Url(JSON.stringify([key, id]));
}

/**
 * The sort key and id a cursor points after.
 * @throws DomainError `validation` naming `cursor` when it was not made by {@link encodeCursor}.
 */
export function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(cursor));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === 'string')) {
      return { key: parsed[0] as string, id: parsed[1] as string };
    }
  } catch {
    // reported below, as any other malformed cursor
  }
  throw new DomainError('validation', 'Cursor inválido', [
    { path: 'cursor', message: 'use o `next` da página anterior' },
  ]);
}

function compare(a: [string, string], b: [string, string]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/**
 * One page of `collection` in (key, id) order. With a cursor, each alternative runs as two indexed
 * queries: the rest of the records sharing the cursor's key (`key = k AND id > i`), then the keys
 * after it (`key > k`); the store's subset has no OR, and this keeps both on an index.
 *
 * @throws DomainError `validation` for a malformed cursor.
 */
export async function pageBy<T extends RecordBase>(
  collection: Collection<T>,
  request: PageRequest,
): Promise<Page<Stored<T>>> {
  const { key, limit } = request;
  const wanted = limit + 1;
  const range: Record<string, string> = key === 'id' ? {} : prefixRange(request.prefix ?? '');
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  const sortKey = (doc: Stored<T>): [string, string] => {
    const value = (doc as unknown as Record<string, unknown>)[key];
    return [key === 'id' ? '' : typeof value === 'string' ? value : '', doc.id];
  };
  const find = (selector: Selector, sorted: boolean) =>
    collection.find({
      selector: selector as never,
      sort: (sorted && key !== 'id' ? [{ [key]: 'asc' }, { id: 'asc' }] : [{ id: 'asc' }]) as never,
      limit: wanted,
    });
  const found = new Map<string, Stored<T>>();
  for (const where of request.where ?? [{}]) {
    if (key === 'id') {
      const docs = await find({ ...where, id: after ? { $gt: after.id } : { $gte: '' } }, false);
      for (const doc of docs) found.set(doc.id, doc);
      continue;
    }
    if (!after) {
      for (const doc of await find({ ...where, [key]: range }, true)) found.set(doc.id, doc);
      continue;
    }
    const inRange = after.key >= (range.$gte ?? '') && (range.$lt === undefined || after.key < range.$lt);
    const same = inRange ? await find({ ...where, [key]: after.key, id: { $gt: after.id } }, false) : [];
    for (const doc of same) found.set(doc.id, doc);
    if (same.length < wanted) {
      for (const doc of await find({ ...where, [key]: { ...range, $gt: after.key } }, true)) found.set(doc.id, doc);
    }
  }
  const ordered = [...found.values()].sort((a, b) => compare(sortKey(a), sortKey(b)));
  const items = ordered.slice(0, limit);
  const last = items[items.length - 1];
  const next = ordered.length > limit && last ? encodeCursor(sortKey(last)[0], last.id) : null;
  return { items, next };
}
