/** Where the sync server URL is kept until the settings screen owns it. */
export const SERVER_URL_KEY = 'clinic.serverUrl';

/** The server a fresh installation looks for: the sync server's default port on this machine. */
export const DEFAULT_SERVER_URL = 'http://localhost:3000';

/** What the status line can say. */
export type ServerStatus = 'checking' | 'online' | 'offline';

/**
 * Reads the configured server URL, without a trailing slash.
 * Falls back to the default when nothing (or only blanks) is stored, or when storage is unavailable
 * (some privacy modes throw on access).
 */
export function readServerUrl(storage: Pick<Storage, 'getItem'> | undefined): string {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(SERVER_URL_KEY) ?? null;
  } catch {
    stored = null;
  }
  const url = stored?.trim() || DEFAULT_SERVER_URL;
  return url.replace(/\/+$/, '');
}

/**
 * Asks `${baseUrl}/health` whether the server is up.
 * Online only for a 2xx JSON answer with `status: 'ok'`: a captive portal or another program on the port
 * answering HTML must not make the desk believe it is syncing.
 */
export async function checkHealth(
  baseUrl: string,
  fetchFn: typeof fetch = fetch,
  timeoutMs = 4000,
): Promise<Exclude<ServerStatus, 'checking'>> {
  try {
    const response = await fetchFn(`${baseUrl}/health`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) return 'offline';
    const body: unknown = await response.json();
    return isHealthy(body) ? 'online' : 'offline';
  } catch {
    // Refused connection, DNS failure, timeout, CSP block, bad JSON: all mean "work locally".
    return 'offline';
  }
}

function isHealthy(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
}
