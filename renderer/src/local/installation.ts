/**
 * What this installation is: a desk enrolled on a server (device token, account), or a local-only demo
 * clinic. Kept in localStorage: it outlives sessions and restarts, and holds no password.
 */
import { z } from 'zod';

export const INSTALLATION_KEY = 'clinic.installation';

const installationSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('server'),
    serverUrl: z.string(),
    token: z.string(),
    tenantId: z.string(),
    installationId: z.string(),
    name: z.string(),
    /**
     * The server's host when the desk was enrolled, kept when its address changes in settings: the
     * replication checkpoints are named after it, and the same server at a new address must not
     * replicate everything again.
     */
    syncHost: z.string().optional(),
  }),
  z.object({ mode: z.literal('demo'), tenantId: z.string() }),
]);

/** The installation's setup; `demo` never talks to a server. */
export type Installation = z.infer<typeof installationSchema>;

/** The stored installation, or null when this computer was never set up (or storage is unreadable). */
export function readInstallation(storage: Pick<Storage, 'getItem'> | undefined): Installation | null {
  try {
    const parsed = installationSchema.safeParse(JSON.parse(storage?.getItem(INSTALLATION_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps `installation` (replacing any earlier one). */
export function saveInstallation(storage: Pick<Storage, 'setItem'>, installation: Installation): void {
  storage.setItem(INSTALLATION_KEY, JSON.stringify(installation));
}

/**
 * The same installation reaching its server at `serverUrl` (a new IP, a name instead of an IP); the
 * device token and the replication checkpoints stay. A demo has no server and is returned as it is.
 */
export function movedTo(installation: Installation, serverUrl: string): Installation {
  if (installation.mode !== 'server' || installation.serverUrl === serverUrl) return installation;
  return { ...installation, serverUrl, syncHost: installation.syncHost ?? new URL(installation.serverUrl).host };
}

/** Forgets the setup (the local database stays; a new setup of the same account finds it again). */
export function forgetInstallation(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(INSTALLATION_KEY);
}

const enrolAnswer = z.object({
  token: z.string(),
  tenantId: z.string(),
  installation: z.object({ id: z.string(), name: z.string() }),
});

/** Why enrolment failed, as the setup screen words it. */
export type EnrolFailure = 'code' | 'unreachable' | 'server' | 'otherAccount';

/**
 * Exchanges a one-time enrolment code for the installation's device token at
 * `POST ${serverUrl}/installation/enrolment` (README "Installations"). Never throws.
 * @param tenantId the signed-in person's account: a code of another account is refused here, so a
 *   desk never replicates data its user may not see.
 */
export async function enrol(
  serverUrl: string,
  code: string,
  tenantId: string,
  fetchFn: typeof fetch = fetch,
): Promise<{ ok: true; installation: Installation } | { ok: false; reason: EnrolFailure }> {
  const base = serverUrl.trim().replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetchFn(`${base}/installation/enrolment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  if (response.status === 401 || response.status === 400) return { ok: false, reason: 'code' };
  const parsed = enrolAnswer.safeParse(await response.json().catch(() => undefined));
  if (!response.ok || !parsed.success) return { ok: false, reason: response.status >= 500 ? 'server' : 'unreachable' };
  if (parsed.data.tenantId !== tenantId) return { ok: false, reason: 'otherAccount' };
  return {
    ok: true,
    installation: {
      mode: 'server',
      serverUrl: base,
      token: parsed.data.token,
      tenantId: parsed.data.tenantId,
      installationId: parsed.data.installation.id,
      name: parsed.data.installation.name,
    },
  };
}
