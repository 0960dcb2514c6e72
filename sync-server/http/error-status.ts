import type { ErrorCode } from '#core/errors.js';

/**
 * The one place a domain error code becomes an HTTP status (docs/architecture.md "Errors").
 * `invalid_transition` is 409: the request was well formed but the record's state forbids it
 * (docs/decisions/). `upgrade_required` (426) and `resync_required` (410) are sync's: an installation
 * too old for the server, or offline past the tombstone retention.
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
  resync_required: 410,
  upgrade_required: 426,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;
