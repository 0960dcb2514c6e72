/**
 * Inactive patients live on the server only: the sync window sends a desk active patients, and one
 * made inactive leaves the desk as a tombstone on the next pull (core/sync/windows.ts). So listing
 * them and reactivating one that already left goes to the server's REST API (spec §4.4 Patient) with
 * the signed-in person's access token; the reactivated patient then syncs back down.
 */
import { DomainError } from '#core/errors.js';
import type { PatientView } from './patient-form-values.js';

/** Where the server is and who asks; null when the desk cannot ask (demo, offline session). */
export interface ServerAccess {
  serverUrl: string;
  accessToken: string;
}

/** The server's pt-BR refusal as a DomainError (so forms show it as any core message), or a network one. */
async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code: string; message: string; details?: { path: string; message: string }[] };
  } | null;
  if (!response.ok) {
    const error = body?.error;
    throw new DomainError(
      (error?.code as never) ?? 'internal',
      error?.message ?? `O servidor respondeu ${response.status}`,
      error?.details ?? [],
    );
  }
  return body as T;
}

function headers(access: ServerAccess): Record<string, string> {
  return { authorization: `Bearer ${access.accessToken}`, 'content-type': 'application/json' };
}

/** `GET /patient/?active=false&q=…`: the inactive patients the search finds, name order. */
export async function listInactivePatients(
  access: ServerAccess,
  q: string | undefined,
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<PatientView[]> {
  const params = new URLSearchParams({ active: 'false', limit: '50', ...(q ? { q } : {}) });
  const response = await fetchFn(`${access.serverUrl}/patient/?${params.toString()}`, { headers: headers(access) });
  return (await answer<{ items: PatientView[] }>(response)).items;
}

/** `POST /patient/{id}/activation`: the patient is active again (and syncs back to the desks). */
export async function activateOnServer(
  access: ServerAccess,
  id: string,
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<PatientView> {
  const response = await fetchFn(`${access.serverUrl}/patient/${encodeURIComponent(id)}/activation`, {
    method: 'POST',
    headers: headers(access),
    body: '{}',
  });
  return answer<PatientView>(response);
}

/** The server and the person's token for the hooks below; null for a demo or an offline session. */
export function serverAccessOf(
  installation: { mode: string; serverUrl?: string },
  session: { accessToken?: string } | null,
): ServerAccess | null {
  if (installation.mode !== 'server' || !installation.serverUrl || !session?.accessToken) return null;
  return { serverUrl: installation.serverUrl.replace(/\/+$/, ''), accessToken: session.accessToken };
}
