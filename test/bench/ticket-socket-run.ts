/**
 * `npx tsx test/bench/ticket-socket-run.ts [--check]`: prints the call-to-panel bench across the
 * server (see ticket-socket.ts); `--check` exits 1 when a path's p95 is over a second.
 */
import { benchTicketSocket, reportTicketSocket } from './ticket-socket.js';

const { lines, met } = reportTicketSocket(await benchTicketSocket());
console.log(lines.join('\n'));
if (process.argv.includes('--check') && !met) process.exitCode = 1;
