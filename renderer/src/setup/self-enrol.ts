/**
 * The first station of a new account, connected by its own admin: signed in online, the admin asks
 * the server for an enrolment code (`POST /installation/enrolmentCode`, admins only) and this
 * station uses it at once, so the very first desk needs neither curl nor another station's
 * Instalações (issue 22: set-up "without curl"). The code never shows; it is used in the same step.
 */
import { enrol, type EnrolFailure } from '../local/installation.js';
import type { Installation } from '../local/installation.js';

/**
 * Creates a desk enrolment code named `name` as the holder of `accessToken` and enrols this station
 * with it. @returns the installation, or why not (`code` also when the server refused the admin:
 * an expired session or someone who may not add stations).
 */
export async function enrolAsAdmin(
  serverUrl: string,
  accessToken: string,
  name: string,
  tenantId: string,
  fetchFn: typeof fetch = fetch,
): Promise<{ ok: true; installation: Installation } | { ok: false; reason: EnrolFailure }> {
  const base = serverUrl.trim().replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetchFn(`${base}/installation/enrolmentCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ name, kind: 'desk' }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  if (!response.ok) return { ok: false, reason: response.status >= 500 ? 'server' : 'code' };
  const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (typeof answer?.code !== 'string') return { ok: false, reason: 'server' };
  return enrol(base, answer.code, tenantId, fetchFn);
}
