/**
 * Operation contexts for tests that mount operations without the whole server: an in-memory outbox
 * (one for the app) and an in-memory counter per tenant. Test-only module: production contexts come
 * from `assembleServer` (sync-server/server.ts).
 */
import { systemClock, type Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource, type NumberSource } from '#core/numbering/number-source.js';
import { memoryOutbox } from '#core/outbox.js';
import type { Database } from '#core/store/port.js';
import { operationContexts, type OperationContexts } from '../operation-context.js';

/** Contexts over `database` with in-memory outbox and numbers; `clock` defaults to the system's. */
export function memoryContexts(database: Database, clock: Clock = systemClock): OperationContexts {
  const outbox = memoryOutbox();
  const counters = new Map<string, NumberSource>();
  return operationContexts({
    database,
    clock,
    ids: uuidV7Ids,
    outbox: () => outbox,
    numbers: (tenantId) => {
      let source = counters.get(tenantId);
      if (!source) counters.set(tenantId, (source = memoryNumberSource()));
      return source;
    },
  });
}
