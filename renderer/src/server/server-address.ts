/**
 * Choosing the clinic's server on a desk (issue 20 point 1): the address a person types (or the page's
 * `?server=`), tested with `GET /health` before it is kept, so a desk never remembers an address where
 * no Clinic server answers.
 */
import { SERVER_URL_KEY } from './health.js';

/** Why an address was not kept, as the login and settings screens word it. */
export type ServerProblem = 'invalid' | 'unreachable' | 'notClinic' | 'unavailable';

/** What testing an address found; `url` is the address as it is kept (scheme added, no trailing slash). */
export type ServerProbe = { ok: true; url: string } | { ok: false; reason: ServerProblem; url: string };

/**
 * The address as the desk keeps it: trimmed, `http://` added when the person typed only
 * `192.168.0.10:3000`, without trailing slashes, query or fragment; undefined when it is not an
 * http(s) address with a host.
 */
export function normaliseServerUrl(text: string): string | undefined {
  const typed = text.trim();
  if (!typed || /\s/.test(typed)) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `http://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return undefined;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * Tests `text` as the clinic's server: `GET /health` must answer the Clinic server's JSON
 * (`{ status: 'ok' | 'unavailable', version }`, README "Operations"). Never throws.
 * - `invalid`: not an http(s) address;
 * - `unreachable`: nothing answered in time (wrong address or port, server off, network down, or a
 *   program that does not allow the desk's origin, which a browser cannot tell apart);
 * - `notClinic`: something answered, but not a Clinic server (a router page, another program);
 * - `unavailable`: a Clinic server that cannot reach its database (503).
 */
export async function probeServer(text: string, fetchFn: typeof fetch = fetch, timeoutMs = 5000): Promise<ServerProbe> {
  const url = normaliseServerUrl(text);
  if (!url) return { ok: false, reason: 'invalid', url: text.trim() };
  let response: Response;
  try {
    response = await fetchFn(`${url}/health`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    return { ok: false, reason: 'unreachable', url };
  }
  const body: unknown = await response.json().catch(() => undefined);
  const answer = typeof body === 'object' && body !== null ? (body as { status?: unknown; version?: unknown }) : {};
  if (answer.status === 'ok' && response.ok) return { ok: true, url };
  if (answer.status === 'unavailable' && typeof answer.version === 'string')
    return { ok: false, reason: 'unavailable', url };
  return { ok: false, reason: 'notClinic', url };
}

/** True once a server address was chosen on this desk (the first run has none and asks for it). */
export function hasChosenServer(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return !!storage?.getItem(SERVER_URL_KEY)?.trim();
  } catch {
    return false;
  }
}

/** Keeps `url` (already normalised by {@link probeServer}) as this desk's server. */
export function saveServerUrl(storage: Pick<Storage, 'setItem'>, url: string): void {
  storage.setItem(SERVER_URL_KEY, url);
}

/**
 * The server a desk's address proposes with `?server=` (the way totems and panels are set up), or
 * undefined. It is only proposed: the login screen tests it like a typed one before keeping it.
 */
export function serverFromAddress(href: string): string | undefined {
  try {
    const proposed = new URL(href).searchParams.get('server');
    return proposed?.trim() || undefined;
  } catch {
    return undefined;
  }
}
