/**
 * `2026-11-27T09:05:00-03:00` → `27/11/2026 09:05`: the instant as written with its own offset (the
 * clinic's wall clock where it was recorded), not converted to the station's zone.
 */
export function brDateTime(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : iso;
}

/** `…T09:05…` → `09:05`. */
export function brTimeOf(iso: string): string {
  return brDateTime(iso).slice(11);
}
