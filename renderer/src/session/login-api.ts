/**
 * The online half of signing in: `POST /session/` on the sync server (spec "Authentication"), and
 * what its answer means for the login screen.
 */
import { z } from 'zod';
import { sessionUserSchema } from '#core/access/session-user.js';

const sessionAnswer = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
  user: sessionUserSchema,
});

/** The server's session: tokens and who logged in. */
export type OnlineSession = z.infer<typeof sessionAnswer>;

/** What the server said, in the terms the login screen shows. */
export type OnlineLoginResult =
  | { kind: 'ok'; session: OnlineSession }
  | { kind: 'credentials' }
  | { kind: 'rateLimited'; seconds: number }
  | { kind: 'chooseAccount'; options: string }
  | { kind: 'server' }
  /** Nothing answered (offline, refused, timeout, not our server): the desk may log in offline. */
  | { kind: 'unreachable' };

const errorAnswer = z.object({
  error: z.object({
    code: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).default([]),
  }),
});

/**
 * Logs in at `${baseUrl}/session/`.
 * Never throws: a network failure is `unreachable`, any answer is classified.
 */
export async function loginOnline(
  baseUrl: string,
  input: { email: string; password: string; account?: string },
  fetchFn: typeof fetch = fetch,
  timeoutMs = 8000,
): Promise<OnlineLoginResult> {
  let response: Response;
  try {
    response = await fetchFn(`${baseUrl}/session/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input.account ? input : { email: input.email, password: input.password }),
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = sessionAnswer.safeParse(body);
    // A 200 that is not a session is something else answering on the port.
    return parsed.success ? { kind: 'ok', session: parsed.data } : { kind: 'unreachable' };
  }
  const error = errorAnswer.safeParse(body);
  if (!error.success) return response.status >= 500 ? { kind: 'server' } : { kind: 'unreachable' };
  if (response.status === 429) {
    return { kind: 'rateLimited', seconds: Number(response.headers.get('retry-after')) || 60 };
  }
  const account = error.data.error.details.find((d) => d.path === 'account');
  if (response.status === 400 && account) return { kind: 'chooseAccount', options: account.message };
  if (response.status === 400 || response.status === 401 || response.status === 403) return { kind: 'credentials' };
  return { kind: 'server' };
}

/** Ends the session on the server; best effort (an offline desk just forgets its tokens). */
export async function logoutOnline(baseUrl: string, accessToken: string, fetchFn: typeof fetch = fetch): Promise<void> {
  try {
    await fetchFn(`${baseUrl}/session/current`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(4000),
    });
  } catch {
    // Offline: the access token expires on its own within minutes.
  }
}
