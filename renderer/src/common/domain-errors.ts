/**
 * A DomainError from a local operation, split for a form: messages per field (the core's pt-BR
 * messages, shown inline) and what no field of the form owns (shown above it).
 */
import { isDomainError } from '#core/errors.js';

/** A form's view of a failure. */
export interface FormFailure {
  /** Message per field path the form shows (`cpf`, `start`, `insurances.0.insurance`). */
  fields: Record<string, string>;
  /** Shown above the form; null when every detail found its field. */
  general: string | null;
}

/**
 * Splits `error` over the form's `fields`. A detail on another path joins the general message; an
 * error that is not a DomainError (a bug, storage trouble) is the general message alone.
 */
export function formFailure(error: unknown, fields: readonly string[]): FormFailure {
  if (!isDomainError(error)) return { fields: {}, general: error instanceof Error ? error.message : String(error) };
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const detail of error.details) {
    const field = fields.find((f) => detail.path === f || detail.path.startsWith(`${f}.`));
    if (field && !byField[field]) byField[field] = detail.message;
    else if (!field) rest.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message);
  }
  const found = Object.keys(byField).length > 0;
  return {
    fields: byField,
    general: found && rest.length === 0 ? null : [error.message, ...rest].join(' — '),
  };
}
