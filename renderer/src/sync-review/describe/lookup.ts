/**
 * The records a review card names (the patient of an appointment, its professional and clinic…),
 * read from the desk's local database: a card says "Maria Silva", never her id.
 */
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { Lookup } from '#core/sync/review/describer.js';

type Doc = Record<string, unknown>;

/** Records by collection and id, as far as this desk holds them (the type describers read). */
export type { Lookup };

/** A lookup over fixed records (tests, and what {@link loadLookup} read). */
export function lookupOf(records: Record<string, readonly Doc[]>): Lookup {
  const byKey = new Map<string, Doc>();
  for (const [collection, docs] of Object.entries(records))
    for (const doc of docs) byKey.set(`${collection}:${String(doc.id)}`, doc);
  return { get: (collection, id) => (typeof id === 'string' ? byKey.get(`${collection}:${id}`) : undefined) };
}

/** Which collection a field holding an id points to, whatever record it is in. */
export const REFERENCE_FIELDS: Readonly<Record<string, string>> = {
  patient: 'patients',
  professional: 'users',
  createdBy: 'users',
  owner: 'users',
  approvedBy: 'users',
  disapprovedBy: 'users',
  calledBy: 'users',
  clinic: 'clinics',
  insurance: 'insurances',
  specialty: 'specialties',
  event: 'events',
  priceTable: 'price_tables',
  appointment: 'appointments',
  rescheduledTo: 'appointments',
  mergedInto: 'patients',
};

/** The ids `doc` refers to, by collection. */
function referencesOf(doc: Doc, into: Map<string, Set<string>>): void {
  for (const [field, collection] of Object.entries(REFERENCE_FIELDS)) {
    const value = doc[field];
    const ids = Array.isArray(value) ? value : [value];
    for (const id of ids)
      if (typeof id === 'string' && id)
        (into.get(collection) ?? into.set(collection, new Set()).get(collection)!).add(id);
  }
  if (Array.isArray(doc.insurances))
    for (const card of doc.insurances as Doc[])
      if (typeof card?.insurance === 'string') referencesOf({ insurance: card.insurance }, into);
}

/** What an entry refers to: its versions' fields, and the records its reasons name (`ref`). */
export interface Referring {
  collection: string;
  document: Doc;
  master: Doc | null;
  reasons: readonly { ref?: { collection: string; id: string } | undefined }[];
}

/**
 * Reads from `store` every record `entries` name, and the records those name in turn (an appointment
 * in the way brings its patient and professional). Records this desk does not hold stay unnamed.
 */
export async function loadLookup(
  store: Store,
  collections: readonly AnyCollectionDef[],
  entries: readonly Referring[],
): Promise<Lookup> {
  const defs = new Map(collections.map((def) => [def.name, def]));
  const loaded: Record<string, Doc[]> = {};
  const seen = new Set<string>();
  let wanted = new Map<string, Set<string>>();
  const want = (collection: string, id: unknown) => {
    if (typeof id === 'string' && id)
      (wanted.get(collection) ?? wanted.set(collection, new Set()).get(collection)!).add(id);
  };
  for (const entry of entries) {
    // The record itself as this desk holds it now (a booking moved since the entry was listed).
    want(entry.collection, entry.document.id);
    referencesOf(entry.document, wanted);
    if (entry.master) referencesOf(entry.master, wanted);
    for (const reason of entry.reasons)
      if (reason.ref)
        (
          wanted.get(reason.ref.collection) ?? wanted.set(reason.ref.collection, new Set()).get(reason.ref.collection)!
        ).add(reason.ref.id);
  }
  for (let depth = 0; depth < 2 && wanted.size > 0; depth++) {
    const next = new Map<string, Set<string>>();
    for (const [collection, ids] of wanted) {
      const def = defs.get(collection);
      if (!def) continue;
      for (const id of ids) {
        const key = `${collection}:${id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const doc = (await store
          .collection(def)
          .get(id)
          .catch(() => undefined)) as Doc | undefined;
        if (!doc) continue;
        (loaded[collection] ??= []).push(doc);
        referencesOf(doc, next);
      }
    }
    wanted = next;
  }
  return lookupOf(loaded);
}
