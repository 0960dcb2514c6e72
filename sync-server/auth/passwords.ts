import { hash, verify, type Options } from '@node-rs/argon2';
import { z } from 'zod';

/**
 * argon2id with OWASP's minimum (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. About
 * 20-40 ms per hash on a server core: slow for a guesser, invisible to a person logging in.
 * (`algorithm: 2` is argon2id; the package's const enum cannot be imported under isolatedModules.)
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Shortest password accepted: OWASP ASVS 2.1.1 asks for 12; no composition rules (NIST 800-63B). */
export const MIN_PASSWORD = 12;
/** Longest: argon2 hashes any length, the bound only stops megabyte-sized bodies. */
export const MAX_PASSWORD = 128;

/** The password a person chooses, as every operation that sets one validates it. */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD, { error: `a senha precisa de ao menos ${MIN_PASSWORD} caracteres`, abort: true })
  .max(MAX_PASSWORD, { error: `a senha pode ter até ${MAX_PASSWORD} caracteres`, abort: true })
  .refine((p) => p.trim().length >= MIN_PASSWORD, `a senha precisa de ${MIN_PASSWORD} caracteres além de espaços`)
  .meta({ format: 'password' });

/** A password typed at login: bounded, never checked against the policy (it may predate it). */
export const passwordSchema = z.string().min(1, 'informe a senha').max(MAX_PASSWORD).meta({ format: 'password' });

/** The argon2id PHC string of `password` (salt included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * A hash of a random password, computed once: checking a login of an unknown e-mail against it
 * takes as long as checking a real one, so timing does not tell which e-mails exist.
 */
let decoy: Promise<string> | undefined;

/**
 * True when `password` matches `stored`; with `stored` null (unknown e-mail, or no password yet)
 * spends the same time and answers false.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
