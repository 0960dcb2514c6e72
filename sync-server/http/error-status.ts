import type { ErrorCode } from '../../core/errors.js';

/**
 * The one place a domain error code becomes an HTTP status (DESIGN.md "Errors").
 * `invalid_transition` is 409: the request was well formed but the record's state forbids it
 * (docs/decisions.md).
 */
export const errorStatus = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid_transition: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;
