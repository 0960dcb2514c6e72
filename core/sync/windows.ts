/**
 * Which documents of each collection go down to installations (issue 7), as configuration: a desk
 * needs the appointments from three months back onward, every active patient, the budgets of the
 * last two years, and never the audit log or secrets. The server applies the windows on pull; the
 * defaults below are overridden per collection by `CLINIC_SYNC_WINDOWS` (JSON of the same shape).
 */
import { z } from 'zod';
import type { SyncDocument } from './protocol.js';

/**
 * One collection's window:
 * - `"all"`: every document (the default of collections not named);
 * - `"never"`: the collection never goes down (pull answers 403; the stream leaves it out);
 * - `{ since: field, days }`: documents whose `field` (ISO date or date-time) is at most `days` old,
 *   or in the future; documents without a readable `field` go down;
 * - `{ where: { field: value } }`: documents whose fields equal the values. A document that stops
 *   matching (a patient made inactive) goes down as a tombstone in later pulls, so installations drop
 *   it instead of keeping the old version.
 */
export type SyncWindow = 'all' | 'never' | { since: string; days: number } | { where: Record<string, unknown> };

/** Windows by collection name. */
export type SyncWindows = Readonly<Record<string, SyncWindow>>;

const fieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,59}$/);
const windowSchema: z.ZodType<SyncWindow> = z.union([
  z.literal('all'),
  z.literal('never'),
  z.strictObject({ since: fieldName, days: z.number().int().min(1).max(36_500) }),
  z.strictObject({
    where: z.record(fieldName, z.union([z.string(), z.number(), z.boolean(), z.null()])).refine((w) => {
      return Object.keys(w).length > 0;
    }, 'ao menos um campo'),
  }),
]);

/** Validates a windows configuration (`CLINIC_SYNC_WINDOWS`). */
export const syncWindowsSchema = z.record(z.string().regex(/^[a-z][a-z0-9_]{0,51}$/), windowSchema);

/**
 * The windows of a fresh server. Collections not named go down whole; a module names its own
 * collection's window (`window` in core/module.ts: appointments, blocks, patients, budgets), laid
 * here when the catalogue installs the modules. `audit_log`, `api_keys` and `secrets` are not
 * collections: they are named so that, should they ever be declared as collections, they still
 * never go down.
 */
const defaults: Record<string, SyncWindow> = {
  audit_log: 'never',
  api_keys: 'never',
  secrets: 'never',
};
export const DEFAULT_SYNC_WINDOWS: SyncWindows = defaults;

/**
 * Sets a collection's default window. Only core/module-install.ts calls this, for each module
 * collection that names a `window`.
 */
export function declareDefaultWindow(collection: string, window: SyncWindow): void {
  defaults[collection] = window;
}

/**
 * The defaults with `json` laid over them (`CLINIC_SYNC_WINDOWS`; empty or absent: the defaults).
 * @throws Error naming the variable when `json` is not a valid windows object
 */
export function readSyncWindows(json: string | undefined): SyncWindows {
  if (json === undefined || json.trim() === '') return DEFAULT_SYNC_WINDOWS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('CLINIC_SYNC_WINDOWS must be JSON');
  }
  const result = syncWindowsSchema.safeParse(parsed);
  if (!result.success) throw new Error(`CLINIC_SYNC_WINDOWS is invalid: ${result.error.issues[0]?.message ?? ''}`);
  return { ...DEFAULT_SYNC_WINDOWS, ...result.data };
}

/** Whether `collection` goes down to installations at all. */
export function sendsDown(windows: SyncWindows, collection: string): boolean {
  return windows[collection] !== 'never';
}

const DAY_MS = 86_400_000;

/**
 * What of `document` goes down under `window` at `now`: the document, a tombstone of it (it left a
 * `where` window and `incremental` is true: the installation may hold an older version), or nothing.
 */
export function throughWindow(
  window: SyncWindow | undefined,
  document: SyncDocument,
  now: Date,
  incremental: boolean,
): SyncDocument | undefined {
  if (window === undefined || window === 'all' || document._deleted) return document;
  if (window === 'never') return undefined;
  if ('since' in window) {
    const at = Date.parse(String(document[window.since]));
    return Number.isNaN(at) || at >= now.getTime() - window.days * DAY_MS ? document : undefined;
  }
  const matches = Object.entries(window.where).every(([field, value]) => document[field] === value);
  if (matches) return document;
  return incremental ? { ...document, _deleted: true } : undefined;
}
