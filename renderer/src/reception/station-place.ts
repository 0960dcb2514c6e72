/**
 * The attendance place this station calls from ("Guichê 2"), chosen once per clinic in Settings and
 * kept in localStorage: it belongs to the computer at the desk, not to the person signed in, so it
 * outlives sessions and restarts. The agenda's "Chamar" sends it as `placeId` to `appointment.call`,
 * which then also calls the patient's ticket there (docs/decisions/tickets.md); a station with none
 * is asked at its first call, and the answer is kept here.
 */

/** The localStorage key: `{ [clinicId]: placeId }`. */
export const STATION_PLACES_KEY = 'clinic.stationPlaces';

/** The part of `Storage` these functions use (a Map-backed stand-in in unit tests). */
export type PlaceStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The place chosen per clinic on this station, by clinic id. Anything unreadable (hand-edited,
 * another version's shape) reads as nothing chosen: the desk then calls as it did without a place.
 */
export function readStationPlaces(storage: PlaceStorage): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STATION_PLACES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** Keeps `placeId` as this station's place at `clinicId`; null forgets the choice. */
export function saveStationPlace(storage: PlaceStorage, clinicId: string, placeId: string | null): void {
  const { [clinicId]: _dropped, ...others } = readStationPlaces(storage);
  storage.setItem(STATION_PLACES_KEY, JSON.stringify(placeId ? { ...others, [clinicId]: placeId } : others));
}

/**
 * The `placeId` the agenda's call sends, or undefined to call as before (no ticket): only when the
 * station chose a place at `clinic`, that place is still one of the clinic's active places, and the
 * signed-in person may call tickets (`ticket:write`; without it the core answers 403 on `placeId`, and
 * a desk that cannot call tickets must still call patients).
 *
 * @param chosen {@link readStationPlaces}'s answer.
 * @param clinic the appointment's clinic and its places (`active: false` ones are skipped).
 */
export function placeToCall(
  chosen: Readonly<Record<string, string>>,
  clinic: { id: string; places: readonly { id: string; active: boolean }[] },
  canCallTickets: boolean,
): string | undefined {
  const placeId = chosen[clinic.id];
  if (!canCallTickets || !placeId) return undefined;
  return clinic.places.some((p) => p.id === placeId && p.active) ? placeId : undefined;
}
