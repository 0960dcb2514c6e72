/**
 * A double booking in the review list (issue 18, point 5): the listed booking and the ones in its
 * way, as this desk holds them now, and whether the clash still stands here. The card's actions go
 * through the core's own operations (appointment.edit, appointment.remove, schedule.availability)
 * on the desk's local core, as the agenda's do; the server takes the entry off its list once the
 * change has synced and the clash is gone there too (sync-server/sync/review.ts `settleClashes`).
 */
import { OCCUPYING } from '#core/schedule/status.js';
import type { Lookup } from './describe/lookup.js';

type Doc = Record<string, unknown>;

/** The bookings of a clash entry, each as this desk holds it now (the listed one first). */
export function clashBookings(
  entry: { docId: string; document: Doc; reasons: readonly { ref?: { collection: string; id: string } | undefined }[] },
  lookup: Lookup,
): Doc[] {
  const ids = [entry.docId, ...entry.reasons.flatMap((r) => (r.ref?.collection === 'appointments' ? [r.ref.id] : []))];
  return [...new Set(ids)].map(
    (id) => lookup.get('appointments', id) ?? (id === entry.docId ? entry.document : { id }),
  );
}

/** Whether a booking holds its professional's time against others (not cancelled, not an encaixe). */
function holds(doc: Doc): boolean {
  return doc.overbooking !== true && OCCUPYING.has(Number(doc.status)) && typeof doc.startUtc === 'string';
}

/**
 * Whether the first booking still clashes with another, on this desk's data: same professional,
 * overlapping times, both holding their time.
 */
export function clashStandsHere(bookings: readonly Doc[]): boolean {
  const [listed, ...others] = bookings;
  if (!listed || !holds(listed)) return false;
  return others.some(
    (other) =>
      holds(other) &&
      other.professional === listed.professional &&
      String(other.startUtc) < String(listed.endUtc) &&
      String(other.endUtc) > String(listed.startUtc),
  );
}
