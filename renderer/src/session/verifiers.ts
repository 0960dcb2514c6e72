/**
 * Where a desk keeps its offline-login verifiers (issue 3): one per person who logged in online
 * here, in localStorage so they survive restarts. They hold no password, only a slow salted hash.
 */
import type { OfflineVerifier } from '#core/access/offline-login.js';

export const VERIFIERS_KEY = 'clinic.offlineVerifiers';

/** The stored verifiers; none when storage is missing, unreadable or holds something else. */
export function readVerifiers(storage: Pick<Storage, 'getItem'> | undefined): OfflineVerifier[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(VERIFIERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as OfflineVerifier[]).filter((v) => v?.version === 1) : [];
  } catch {
    return [];
  }
}

/** Keeps `verifier`, replacing the person's previous one (same e-mail and account). */
export function saveVerifier(storage: Pick<Storage, 'getItem' | 'setItem'>, verifier: OfflineVerifier): void {
  const others = readVerifiers(storage).filter(
    (v) => !(v.email === verifier.email && v.tenantId === verifier.tenantId),
  );
  storage.setItem(VERIFIERS_KEY, JSON.stringify([...others, verifier]));
}
