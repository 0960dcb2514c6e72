/**
 * Offline login on a desk (issue 3): at an online login the desk derives a verifier from the typed
 * password and keeps it; while the server is unreachable the same person logs in against it. The
 * verifier is a PBKDF2-SHA256 hash (WebCrypto, present in browsers, Electron and Node 20 as
 * `globalThis.crypto`), never the password, and it expires. A user disabled or changed on the server
 * loses it at the next sync ({@link shouldKeepVerifier}).
 */
import type { Role } from './roles.js';
import type { User } from './user.js';

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256: about half a second on a desk, once per login. */
export const OFFLINE_ITERATIONS = 600_000;

/** What a desk keeps per person after an online login. No secret: a slow salted hash only. */
export interface OfflineVerifier {
  version: 1;
  userId: string;
  tenantId: string;
  /** Lower-case, as typed at login. */
  email: string;
  name: string;
  role: Role;
  algorithm: 'PBKDF2-SHA256';
  iterations: number;
  /** Base64 of 16 random bytes. */
  salt: string;
  /** Base64 of the 32-byte derived key. */
  hash: string;
  /** ISO-8601 instants; after `expiresAt` the person must log in online again. */
  createdAt: string;
  expiresAt: string;
}

/** Who the verifier is for, as the server answered at the online login. */
export interface VerifierSubject {
  userId: string;
  tenantId: string;
  email: string;
  name: string;
  role: Role;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** Compares without stopping at the first difference, so timing tells nothing about the hash. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Derives a verifier right after a successful online login, from the password the person typed.
 *
 * @param validDays how long it works offline (the account's `offlineLoginDays`), 1 to 30.
 * @param iterations PBKDF2 rounds; tests lower it, production keeps {@link OFFLINE_ITERATIONS}.
 * @throws RangeError when `validDays` is out of range.
 */
export async function createOfflineVerifier(
  subject: VerifierSubject,
  password: string,
  options: { now: Date; validDays: number; iterations?: number },
): Promise<OfflineVerifier> {
  if (!Number.isInteger(options.validDays) || options.validDays < 1 || options.validDays > 30) {
    throw new RangeError('validDays must be an integer from 1 to 30');
  }
  const iterations = options.iterations ?? OFFLINE_ITERATIONS;
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return {
    version: 1,
    ...subject,
    email: subject.email.trim().toLowerCase(),
    algorithm: 'PBKDF2-SHA256',
    iterations,
    salt: toBase64(salt),
    hash: toBase64(hash),
    createdAt: options.now.toISOString(),
    expiresAt: new Date(options.now.getTime() + options.validDays * 86_400_000).toISOString(),
  };
}

/** Outcome of an offline login: who logged in, or why not (pt-BR reasons are the renderer's). */
export type OfflineLoginResult =
  { ok: true; subject: VerifierSubject } | { ok: false; reason: 'credentials' | 'expired' };

/**
 * Checks an offline login against the verifiers the desk keeps. A wrong e-mail and a wrong password
 * answer alike; an expired verifier says so, so the desk can ask for the server.
 */
export async function verifyOfflineLogin(
  verifiers: readonly OfflineVerifier[],
  email: string,
  password: string,
  now: Date,
): Promise<OfflineLoginResult> {
  const wanted = email.trim().toLowerCase();
  const verifier = verifiers.find((v) => v.email === wanted);
  if (!verifier) return { ok: false, reason: 'credentials' };
  const hash = await derive(password, fromBase64(verifier.salt), verifier.iterations);
  if (!sameBytes(hash, fromBase64(verifier.hash))) return { ok: false, reason: 'credentials' };
  if (now.getTime() >= Date.parse(verifier.expiresAt)) return { ok: false, reason: 'expired' };
  const { userId, tenantId, name, role } = verifier;
  return { ok: true, subject: { userId, tenantId, email: verifier.email, name, role } };
}

/**
 * Whether a desk keeps a verifier after a sync brought the user's record: false once the user is
 * gone, removed (`active: false`), no longer `active` in status, holds another role than when the
 * verifier was made, or changed password since. The desk runs it over its verifiers after each pull
 * of `users`.
 */
export function shouldKeepVerifier(verifier: OfflineVerifier, user: User | undefined): boolean {
  if (!user || user.id !== verifier.userId || user.tenantId !== verifier.tenantId) return false;
  if (!user.active || user.status !== 'active' || user.role !== verifier.role) return false;
  if (user.credentialsChangedAt && Date.parse(user.credentialsChangedAt) > Date.parse(verifier.createdAt)) return false;
  return true;
}
