/**
 * Ticket panel bench (issue #9): within one installation (RxDB memory, the renderer's engine), how
 * long from a desk calling a ticket until the panel's list shows it, when the panel re-reads its list
 * on each change of the `tickets` collection (RxDB change stream). Baseline: the call operation alone;
 * the ratio is what the change event and the panel's re-read add. Target: the panel shows a call within
 * 100 ms (a person looking up after the chime must find their code already there).
 */
import type { Actor } from '#core/actor.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { createPlace } from '#core/clinic/places-ops.js';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { callTicket } from '#core/ticket/call-ops.js';
import { moduleCollections } from '#core/module.js';
import { tickets } from '#core/ticket/index.js';
import { ticketModule } from '#core/ticket/module.js';
import { createTicket } from '#core/ticket/issue-ops.js';
import { listPanelTickets } from '#core/ticket/panel-ops.js';
import { median } from './workload.js';

const CALLS = Number(process.env.BENCH_TICKET_CALLS ?? 200);
/** Tickets issued before calling: a busy morning's line. */
const WAITING = CALLS + 100;
/** The panel must show a call within this many milliseconds. */
export const TARGET_MS = 100;

export interface TicketPanelResult {
  calls: number;
  waiting: number;
  /** Median and 95th percentile of the call operation alone (ms). */
  callMs: { median: number; p95: number };
  /** Median and 95th percentile from the call's start until the panel's list shows the code (ms). */
  callToPanelMs: { median: number; p95: number };
  /** callToPanel median / call median. */
  ratio: number;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

/** Runs the bench on a fresh RxDB memory database. */
export async function benchTicketPanel(): Promise<TicketPanelResult> {
  const db = await openRxdbDatabase({
    name: `bench-tickets-${uuidV7Ids.next()}`,
    storage: memoryStorage(),
    collections: [clinics, ...moduleCollections(ticketModule)],
    multiInstance: false,
  });
  try {
    const actor: Actor = { kind: 'user', id: 'bench', tenantId: 'bench', permissions: new Set(['*']) };
    const ctx: OperationContext = {
      store: db.forTenant('bench'),
      actor,
      clock: systemClock,
      ids: uuidV7Ids,
      outbox: memoryOutbox(),
      numbers: memoryNumberSource(),
    };
    const { clinic } = await invoke(createClinic, ctx, { name: 'Clínica Bench' });
    const { place } = await invoke(createPlace, ctx, { id: clinic.id, name: 'Guichê 1', kind: 'desk' });
    for (let i = 0; i < WAITING; i++) {
      await invoke(createTicket, ctx, { clinic: clinic.id, service: i % 3 === 0 ? 'P' : 'N' });
    }

    // The panel: re-reads its list on every change and tells whoever waits for a code.
    let waitingFor: { code: string; done: () => void } | undefined;
    const subscription = db.rxCollection(tickets).$.subscribe(() => {
      const pending = waitingFor;
      if (!pending) return;
      void invoke(listPanelTickets, ctx, { id: clinic.id, limit: 10 }).then((panel) => {
        if (panel.calls[0]?.code === pending.code && waitingFor === pending) {
          waitingFor = undefined;
          pending.done();
        }
      });
    });
    const callMs: number[] = [];
    const toPanelMs: number[] = [];
    try {
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        let shown!: () => void;
        const onPanel = new Promise<void>((resolve) => (shown = resolve));
        // The code is known only after the call; the panel checks it as soon as it is set.
        const { ticket } = await invoke(callTicket, ctx, { id: clinic.id, placeId: place.id });
        callMs.push(performance.now() - started);
        if (!ticket) throw new Error('bench ran out of tickets');
        waitingFor = { code: ticket.code, done: shown };
        // The change event may have fired during the call, before the code was known: re-read once.
        const panel = await invoke(listPanelTickets, ctx, { id: clinic.id, limit: 10 });
        if (panel.calls[0]?.code === ticket.code && waitingFor) {
          waitingFor = undefined;
          shown();
        }
        await onPanel;
        toPanelMs.push(performance.now() - started);
      }
    } finally {
      subscription.unsubscribe();
    }
    const result = {
      calls: CALLS,
      waiting: WAITING,
      callMs: { median: median(callMs), p95: p95(callMs) },
      callToPanelMs: { median: median(toPanelMs), p95: p95(toPanelMs) },
      ratio: 0,
    };
    result.ratio = result.callToPanelMs.median / result.callMs.median;
    return result;
  } finally {
    await db.close();
  }
}

/** The bench's lines and whether the target was met (p95 within {@link TARGET_MS}). */
export function reportTicketPanel(r: TicketPanelResult): { lines: string[]; met: boolean } {
  const met = r.callToPanelMs.p95 <= TARGET_MS;
  return {
    lines: [
      `ticket panel: ${r.calls} calls over a line of ${r.waiting} tickets (RxDB memory, one installation)`,
      `  call alone (baseline): median ${r.callMs.median.toFixed(2)} ms, p95 ${r.callMs.p95.toFixed(2)} ms`,
      `  call → panel shows it: median ${r.callToPanelMs.median.toFixed(2)} ms, p95 ${r.callToPanelMs.p95.toFixed(2)} ms`,
      `  ratio to baseline: ${r.ratio.toFixed(2)}x; target p95 ≤ ${TARGET_MS} ms: ${met ? 'met' : 'MISSED'}`,
    ],
    met,
  };
}
