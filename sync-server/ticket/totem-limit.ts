/**
 * Attempts per totem (issue 19): the totem's lookup answers who a CPF with a birth date is, so a
 * stranger at the kiosk could try dates one after another. Each caller (a totem's key, or a person)
 * gets {@link TOTEM_ATTEMPTS}`.points` identifications a minute: the tenth within a minute is refused
 * with 429 and `Retry-After`. A patient needs one lookup; a queue of patients, a few a minute.
 * Counted in the `rate_limits` table (sync-server/auth/rate-limit.ts), so every server process on the
 * database shares the count and a restart does not reset it.
 */
import { requireClinic } from '#core/clinic/clinic-ops.js';
import type { Operation } from '#core/operation.js';
import { totemCheckIn, totemLookup } from '#core/ticket/totem-ops.js';
import type { LimitRule, SqlRateLimiter } from '../auth/rate-limit.js';

/** Nine identifications per caller per minute; the tenth is refused. */
export const TOTEM_ATTEMPTS: LimitRule = { name: 'totem:actor', points: 9, windowMs: 60_000 };

/** Whether a request to `op` tries a second factor and so counts as an attempt. */
function attempts(op: Operation, input: unknown): boolean {
  if (op === totemLookup) return true;
  // A walk-in ticket with a CPF and a birth date names the patient when both match: an attempt too.
  return op === totemCheckIn && typeof input === 'object' && input !== null && 'birthDate' in input;
}

/**
 * `operations` with the totem's lookup and check-in counting their attempts before they run.
 * @throws RateLimitedError (429, naming `cpf`) from the wrapped operations past the limit.
 */
export function limitTotemAttempts(operations: readonly Operation[], limits: SqlRateLimiter): Operation[] {
  return operations.map((op) =>
    op !== totemLookup && op !== totemCheckIn
      ? op
      : {
          ...op,
          async run(ctx, input) {
            if (attempts(op, input)) {
              // Another clinic (or account) answers 404 as it always did: the count is of attempts at a
              // clinic the caller reaches, and a refusal never hints that an id exists elsewhere.
              await requireClinic(ctx, (input as { id: string }).id);
              await limits.take(TOTEM_ATTEMPTS, `${ctx.actor.kind}:${ctx.actor.id}`, 'cpf');
            }
            return op.run(ctx, input);
          },
        },
  );
}
