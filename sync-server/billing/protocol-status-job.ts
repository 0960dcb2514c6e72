/**
 * The job that asks the operators where sent batches stand (issue 25: "a job checks protocol status";
 * spec §4.4 Billing "request the protocol status checking job to run as soon as possible"): for every
 * insurer with a TISS connection, `checkProtocols` of the core, every
 * `CLINIC_TISS_PROTOCOL_INTERVAL_MS` (default 6 h; operators process batches over days). Writes go
 * through the tenant's guarded store as the `system` actor `tiss-protocol-status`, so they are audited
 * and replicate to the desks.
 */
import type { Logger } from 'pino';
import type { AuditSink } from '#core/access/audit.js';
import { guardStore } from '#core/access/guarded-store.js';
import type { Actor } from '#core/actor.js';
import type { InsurerTransport } from '#core/billing/insurer-transport.js';
import { checkProtocols, type ProtocolCheckResult } from '#core/billing/protocol-check.js';
import type { Clock } from '#core/clock.js';
import type { Database } from '#core/store/port.js';
import { RepeatingPasses } from '../jobs/repeating-passes.js';
import type { InsurerConnections } from './insurer-connections.js';

/** Default milliseconds between runs: 6 hours. */
export const DEFAULT_PROTOCOL_INTERVAL_MS = 6 * 3_600_000;

/** Options of {@link protocolStatusJob}. */
export interface ProtocolStatusJobOptions {
  database: Database;
  connections: InsurerConnections;
  transport: InsurerTransport;
  clock: Clock;
  audit: AuditSink & { flush?(): Promise<void> };
  logger: Logger;
  intervalMs?: number;
}

/** The job: built with the server, timed once started. */
export interface ProtocolStatusJob {
  /** Starts the timer (first run after one interval). */
  start(): void;
  /** Runs once now (after the run in flight); works before {@link start} too. */
  runOnce(): Promise<ProtocolCheckResult>;
  /** Stops the timer and waits for the run in flight. */
  stop(): Promise<void>;
}

/** Builds the job; nothing runs until `start` or `runOnce`. */
export function protocolStatusJob(options: ProtocolStatusJobOptions): ProtocolStatusJob {
  const { database, connections, transport, clock, audit } = options;
  const log = options.logger.child({ module: 'tiss-protocol-status' });
  const passes = new RepeatingPasses<ProtocolCheckResult>(options.intervalMs ?? DEFAULT_PROTOCOL_INTERVAL_MS);

  async function pass(): Promise<ProtocolCheckResult> {
    const total: ProtocolCheckResult = { checked: 0, changed: 0, failed: 0 };
    for (const { tenantId, insuranceId } of await connections.all()) {
      if (passes.stopping) break;
      const actor: Actor = {
        kind: 'system',
        id: 'tiss-protocol-status',
        tenantId,
        permissions: new Set(['billing:read', 'billing:write', 'insurance:read', 'clinic:read']),
      };
      try {
        const connection = await connections.connection(tenantId, insuranceId);
        if (!connection) continue;
        const store = guardStore(database.forTenant(tenantId), { actor, audit });
        const result = await checkProtocols(store, clock, insuranceId, connection, transport);
        await audit.flush?.();
        total.checked += result.checked;
        total.changed += result.changed;
        total.failed += result.failed;
        if (result.checked > 0) log.info({ tenantId, insuranceId, ...result }, 'TISS protocols checked');
      } catch (err) {
        // The error's message only: a connection error never carries the password.
        log.error({ tenantId, insuranceId, message: (err as Error).message }, 'TISS protocol check failed');
      }
    }
    return total;
  }

  let started = false;
  return {
    start() {
      if (started) return;
      started = true;
      passes.start(pass, { now: false });
    },
    runOnce() {
      if (!started) {
        started = true;
        passes.start(pass, { now: false });
      }
      return passes.runOnce();
    },
    stop: () => passes.stop(),
  };
}
