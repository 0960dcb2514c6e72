/**
 * Signing in on a desk: online against the server when it answers, otherwise offline against the
 * verifier kept from an earlier online login (docs/architecture.md "Security", issue 3). A refusal from the
 * server is final: the desk never falls back to offline because the password was wrong.
 */
import { createOfflineVerifier, verifyOfflineLogin } from '#core/access/offline-login.js';
import type { Role } from '#core/access/roles.js';
import { loginOnline } from './login-api.js';
import { readVerifiers, saveVerifier } from './verifiers.js';

/** Who is at the desk, and how they got in. */
export interface DeskSession {
  user: { id: string; tenantId: string; name: string; email: string; role: Role; accountName?: string };
  /** `demo`: the local-only demonstration, entered without a password (no server, fictitious data). */
  mode: 'online' | 'offline' | 'demo';
  /** Online sessions only: the server's tokens. */
  accessToken?: string;
  refreshToken?: string;
}

/** Why signing in failed, as the login screen words it. */
export type SignInFailure =
  | { reason: 'credentials' | 'server' | 'offlineNoVerifier' | 'offlineExpired' }
  | { reason: 'rateLimited'; seconds: number }
  | { reason: 'chooseAccount'; options: string };

export type SignInResult = { ok: true; session: DeskSession } | ({ ok: false } & SignInFailure);

/** What signing in needs from its surroundings (the browser in production, stand-ins in tests). */
export interface SignInDeps {
  baseUrl: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): Date;
  fetchFn?: typeof fetch;
  /** Days an offline login keeps working after the online one (the account's `offlineLoginDays`). */
  offlineDays?: number;
  /** PBKDF2 rounds; only tests lower it. */
  iterations?: number;
}

/**
 * Signs `email` in with `password`.
 * Online: the server decides; on success the desk keeps a fresh verifier for later offline logins.
 * Unreachable server: the stored verifier decides.
 */
export async function signIn(
  deps: SignInDeps,
  input: { email: string; password: string; account?: string },
): Promise<SignInResult> {
  const online = await loginOnline(deps.baseUrl, input, deps.fetchFn);
  switch (online.kind) {
    case 'ok': {
      const { user, accessToken, refreshToken } = online.session;
      const subject = { userId: user.id, tenantId: user.tenantId, email: user.email, name: user.name, role: user.role };
      const verifier = await createOfflineVerifier(subject, input.password, {
        now: deps.now(),
        validDays: deps.offlineDays ?? 7,
        ...(deps.iterations ? { iterations: deps.iterations } : {}),
      });
      saveVerifier(deps.storage, verifier);
      return { ok: true, session: { user: { ...user }, mode: 'online', accessToken, refreshToken } };
    }
    case 'unreachable': {
      const verifiers = readVerifiers(deps.storage);
      const result = await verifyOfflineLogin(verifiers, input.email, input.password, deps.now());
      if (result.ok) {
        const { userId, tenantId, name, email, role } = result.subject;
        return { ok: true, session: { user: { id: userId, tenantId, name, email, role }, mode: 'offline' } };
      }
      if (result.reason === 'expired') return { ok: false, reason: 'offlineExpired' };
      const known = verifiers.some((v) => v.email === input.email.trim().toLowerCase());
      return { ok: false, reason: known ? 'credentials' : 'offlineNoVerifier' };
    }
    case 'rateLimited':
      return { ok: false, reason: 'rateLimited', seconds: online.seconds };
    case 'chooseAccount':
      return { ok: false, reason: 'chooseAccount', options: online.options };
    case 'credentials':
    case 'server':
      return { ok: false, reason: online.kind };
  }
}
