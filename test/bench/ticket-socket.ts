/**
 * Call-to-panel across the server (issue #9): the reception calls over REST (real HTTP on loopback,
 * SQLite file) and a panel listening on the websocket hears the call. Two paths:
 * - same process: the call is written through the server the panel is connected to, which wakes the
 *   clinic's sockets at once;
 * - other process: the call is written through a second server instance on the same database file,
 *   so the panel's server learns of it only through its ChangeHub (polling `tenant_seq`, 1 s).
 * Baseline: the REST call alone (until its answer). Target: p95 within one second on both paths.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allCollections } from '#core/catalogue.js';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { connectPanel, startLiveServer } from '../ticket/live-server.js';
import { seedTotemClinic } from '../ticket/totem-seed.js';
import { median } from './workload.js';

const CALLS = Number(process.env.BENCH_TICKET_CALLS ?? 200);
/** Calls of the other-process path: each waits a random part of the poll interval, so fewer. */
const OTHER_CALLS = Number(process.env.BENCH_TICKET_OTHER_CALLS ?? 50);
/** The panel must show a call within this many milliseconds (p95). */
export const TARGET_MS = 1000;

type Stat = { median: number; p95: number };

/** One path's figures. */
export interface PathResult {
  calls: number;
  /** The REST call until its answer (ms). */
  restMs: Stat;
  /** From sending the REST call until the panel socket heard it (ms). */
  callToPanelMs: Stat;
}

export interface TicketSocketResult {
  sameProcess: PathResult;
  otherProcess: PathResult;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

const stat = (values: number[]): Stat => ({ median: median(values), p95: p95(values) });

/** Runs both paths on one fresh SQLite file. */
export async function benchTicketSocket(): Promise<TicketSocketResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ticket-socket-'));
  const file = join(dir, 'clinic.db');
  const open = () => openSqlDatabase({ url: file, collections: allCollections, migrations: serverMigrations });
  const first = await open();
  const live = await startLiveServer({ database: first });
  let other: TestServer | undefined;
  try {
    const seeded = await seedTotemClinic(live, 'bench');
    other = await startTestServer({ database: await open() });
    for (let i = 0; i < CALLS + OTHER_CALLS; i++) {
      await live.call('POST', `/clinic/${seeded.clinicId}/totem/checkIn`, { key: seeded.totemKey, body: {} });
    }
    const opened = await live.call('POST', `/clinic/${seeded.clinicId}/socket`, { key: seeded.totemKey });
    const panel = await connectPanel(live.url, opened.body.path as string);
    await panel.next((f) => f.type === 'panel');
    const callPath = `/clinic/${seeded.clinicId}/place/${seeded.deskId}/call`;

    const viaHttp = async () => {
      const res = await fetch(`${live.url}${callPath}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seeded.admin}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await res.json()) as { ticket: { code: string } }).ticket.code;
    };
    const viaOther = async () =>
      ((await other!.call('POST', callPath, { token: seeded.admin, body: {} })).body.ticket as { code: string }).code;

    const measure = async (send: () => Promise<string>, calls: number): Promise<PathResult> => {
      const rest: number[] = [];
      const toPanel: number[] = [];
      for (let i = 0; i < calls; i++) {
        // Calls come at any moment of the other server's poll interval, not just after a poll.
        if (send === viaOther) await new Promise((r) => setTimeout(r, Math.random() * 1000));
        const started = performance.now();
        const code = await send();
        rest.push(performance.now() - started);
        const heard = await panel.next((f) => f.type === 'call' && (f.call as { code: string }).code === code, 5000);
        toPanel.push(heard.at - started);
      }
      return { calls, restMs: stat(rest), callToPanelMs: stat(toPanel) };
    };
    const sameProcess = await measure(viaHttp, CALLS);
    const otherProcess = await measure(viaOther, OTHER_CALLS);
    panel.close();
    return { sameProcess, otherProcess };
  } finally {
    await other?.close();
    await live.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench's report lines, and whether both paths met the target. */
export function reportTicketSocket(r: TicketSocketResult): { lines: string[]; met: boolean } {
  const line = (name: string, p: PathResult) => [
    `  ${name} (${p.calls} calls):`,
    `    REST call alone (baseline): median ${p.restMs.median.toFixed(1)} ms, p95 ${p.restMs.p95.toFixed(1)} ms`,
    `    call → panel socket hears it: median ${p.callToPanelMs.median.toFixed(1)} ms, p95 ${p.callToPanelMs.p95.toFixed(1)} ms` +
      ` (ratio ${(p.callToPanelMs.median / p.restMs.median).toFixed(2)})`,
  ];
  const met = r.sameProcess.callToPanelMs.p95 <= TARGET_MS && r.otherProcess.callToPanelMs.p95 <= TARGET_MS;
  return {
    lines: [
      'ticket-socket: reception calls over REST, the panel hears it on the websocket',
      ...line('same server process', r.sameProcess),
      ...line('another server process (ChangeHub poll)', r.otherProcess),
      `  target: p95 ≤ ${TARGET_MS} ms on both paths — ${met ? 'met' : 'MISSED'}`,
    ],
    met,
  };
}
