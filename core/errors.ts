import type { z } from 'zod';
// Side effect: zod's unnamed issues speak pt-BR wherever issues become DomainErrors (issue 20 point 9).
import './zod-messages.js';

/**
 * Machine codes of every failure an operation can report (docs/architecture.md "Errors").
 * The server maps each code to one HTTP status in `sync-server/http/error-status.ts`.
 */
export type ErrorCode =
  | 'validation'
  | 'not_found'
  | 'conflict'
  | 'forbidden'
  | 'unauthenticated'
  | 'invalid_transition'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upgrade_required'
  | 'resync_required'
  | 'internal';

/** One problem with one field: `path` is dotted (`items.0.quantity`), empty for the whole request. */
export interface ErrorDetail {
  path: string;
  /** For people (pt-BR); never parsed by a machine: what it names is in {@link ErrorDetail.ref}. */
  message: string;
  /**
   * The record the detail is about, when it is one (a 409's occupying appointment or block): the
   * replication collection's name and the record's id, so integrators need not read ids out of the
   * human message. Optional: most details name no record, and readers that know only `path` and
   * `message` lose nothing.
   */
  ref?: RecordRef;
}

/** A record named by an {@link ErrorDetail}: `{ collection: 'appointments', id: '0193…' }`. */
export interface RecordRef {
  collection: string;
  id: string;
}

/**
 * The one error type of the domain. Operations throw it; the server answers
 * `{ error: { code, message, details } }` with the status of its code.
 *
 * @example throw new DomainError('not_found', 'Orçamento não encontrado', [{ path: 'id', message: 'não existe' }])
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
  }

  /** The JSON body the server answers with; never carries a stack trace. */
  toJSON(): { error: { code: ErrorCode; message: string; details: ErrorDetail[] } } {
    return { error: { code: this.code, message: this.message, details: [...this.details] } };
  }
}

/** Joins a zod issue path into the dotted form of {@link ErrorDetail.path}. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * Turns a failed zod parse into a `validation` DomainError naming every bad field.
 * Unknown keys of a strict object are reported one per key, so the integrator sees the field name.
 *
 * @param prefix prepended to every path (e.g. `query` or `body`), empty by default.
 */
export function validationError(error: z.ZodError, prefix = ''): DomainError {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    const base = prefix ? [prefix, ...issue.path] : issue.path;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ path: issuePath([...base, key]), message: 'campo desconhecido' });
    } else {
      details.push({ path: issuePath(base), message: issue.message });
    }
  }
  return new DomainError('validation', 'Requisição inválida', details);
}

/** True when `value` is a DomainError, also across module copies (bundled renderer vs core). */
export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError || (value instanceof Error && value.name === 'DomainError' && 'code' in value);
}
