/**
 * What the messaging tests share: a clock they move by hand, a logger whose lines they can read,
 * and an operation context. Test-only module.
 */
import pino, { type Logger } from 'pino';
import type { Actor } from '#core/actor.js';
import type { Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { storeOutbox } from '#core/messaging/store-outbox.js';
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';

/** A clock that stands still until moved. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Moves time to `at`. */
  set(at: Date): void;
}

export function manualClock(startIso: string): ManualClock {
  let current = new Date(startIso).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

/** A pino logger at debug level that keeps every line it writes. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** A context for running messaging operations as a clinic user with both messaging permissions. */
export function operationContext(store: Store, clock: Clock): OperationContext {
  const actor: Actor = {
    kind: 'user',
    id: 'recepcao-1',
    tenantId: store.tenantId,
    permissions: new Set(['messaging:read', 'messaging:write']),
  };
  return {
    store,
    actor,
    clock,
    ids: uuidV7Ids,
    outbox: storeOutbox(store, clock, uuidV7Ids),
    numbers: memoryNumberSource(),
  };
}
