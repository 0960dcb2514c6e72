/**
 * What panel sockets hear: the clinic's panel list when they connect, then each call and recall as it
 * is stored, with the list as it now stands. A clinic's sockets share one read per change, all told
 * by the {@link ChangeHub}: a ticket committed by this process at once (the store's change feed), a
 * write through another process or an installation's push by its polling or LISTEN/NOTIFY.
 */
import type { Logger } from 'pino';
import type { Actor } from '#core/actor.js';
import { listPanelTickets } from '#core/ticket/panel-ops.js';
import { tickets } from '#core/ticket/ticket-record.js';
import type { OperationContexts } from '../operation-context.js';
import type { ChangeHub } from '../sync/change-hub.js';
import type { SocketScope } from './socket-ids.js';

/** The panel list as `ticket.panel` answers it. */
type Panel = Awaited<ReturnType<typeof listPanelTickets.run>>;
type PanelCall = Panel['calls'][number];

/** One listening socket: how to send it a frame. */
export interface PanelListener {
  send(frame: string): void;
}

interface ClinicFeed {
  listeners: Set<PanelListener>;
  /** Calls already told, by ticket and call time: a new key is a call or a recall. */
  told: Set<string>;
  /** False until the first read: calls made before anyone listened are not news. */
  primed: boolean;
  last: string;
  running: Promise<void> | undefined;
  again: boolean;
}

/** The collection whose writes a panel shows (`tickets`). */
const WATCHED = tickets.name;

const callKey = (c: PanelCall) => `${c.ticket}@${c.calledAt}#${c.recalls}`;

/** Panel sockets per tenant and clinic, and the reads that feed them. */
export class PanelFeed {
  private readonly tenants = new Map<string, { clinics: Map<string, ClinicFeed>; unsubscribe: () => void }>();

  constructor(private readonly deps: { hub: ChangeHub; contexts: OperationContexts; logger: Logger }) {}

  /** Adds a socket to its clinic's feed and sends it the list. @returns the function that removes it. */
  listen(scope: SocketScope, listener: PanelListener): () => void {
    let tenant = this.tenants.get(scope.tenantId);
    if (!tenant) {
      // Tickets are all a panel shows: a commit of this process that wrote none is no news to it.
      const unsubscribe = this.deps.hub.subscribe(scope.tenantId, (collections) => {
        if (!collections || collections.has(WATCHED)) this.wake(scope.tenantId);
      });
      this.tenants.set(scope.tenantId, (tenant = { clinics: new Map(), unsubscribe }));
    }
    let feed = tenant.clinics.get(scope.clinic);
    if (!feed) {
      feed = { listeners: new Set(), told: new Set(), primed: false, last: '', running: undefined, again: false };
      tenant.clinics.set(scope.clinic, feed);
    }
    feed.listeners.add(listener);
    void this.read(scope.tenantId, scope.clinic, feed).then((panel) => {
      if (panel) listener.send(JSON.stringify({ type: 'panel', ...panel }));
    });
    const clinics = tenant.clinics;
    return () => {
      feed.listeners.delete(listener);
      if (feed.listeners.size > 0) return;
      clinics.delete(scope.clinic);
      if (clinics.size === 0) {
        this.tenants.get(scope.tenantId)?.unsubscribe();
        this.tenants.delete(scope.tenantId);
      }
    };
  }

  /** The tenant's tickets may have changed: every clinic feed of it reads again (one read at a time). */
  wake(tenantId: string): void {
    for (const [clinic, feed] of this.tenants.get(tenantId)?.clinics ?? []) {
      if (feed.running) {
        feed.again = true;
        continue;
      }
      feed.running = this.refresh(tenantId, clinic, feed).finally(() => {
        feed.running = undefined;
        if (feed.again) {
          feed.again = false;
          this.wake(tenantId);
        }
      });
    }
  }

  /** How many sockets listen, for tests and health. */
  get size(): number {
    let n = 0;
    for (const tenant of this.tenants.values()) for (const feed of tenant.clinics.values()) n += feed.listeners.size;
    return n;
  }

  private async read(tenantId: string, clinic: string, feed: ClinicFeed): Promise<Panel | undefined> {
    const actor: Actor = { kind: 'system', id: 'panel-feed', tenantId, permissions: new Set(['ticket:read']) };
    try {
      const panel = await listPanelTickets.run(this.deps.contexts.forSystem(actor), { id: clinic, limit: 10 });
      if (!feed.primed) for (const call of panel.calls) feed.told.add(callKey(call));
      feed.primed = true;
      return panel;
    } catch (err) {
      this.deps.logger.warn({ err, clinic }, 'panel feed read failed');
      return undefined;
    }
  }

  private async refresh(tenantId: string, clinic: string, feed: ClinicFeed): Promise<void> {
    const panel = await this.read(tenantId, clinic, feed);
    if (!panel) return;
    const state = JSON.stringify(panel);
    if (state === feed.last) return;
    feed.last = state;
    const fresh = panel.calls.filter((c) => !feed.told.has(callKey(c))).reverse();
    const frames =
      fresh.length === 0
        ? [JSON.stringify({ type: 'panel', ...panel })]
        : fresh.map((call) => JSON.stringify({ type: call.recalls > 0 ? 'recall' : 'call', call, ...panel }));
    for (const call of fresh) feed.told.add(callKey(call));
    for (const listener of feed.listeners) for (const frame of frames) listener.send(frame);
  }
}
