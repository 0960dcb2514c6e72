/**
 * `npx tsx test/bench/ticket-panel-run.ts [--check]`: prints the ticket panel bench (see
 * ticket-panel.ts); `--check` exits 1 when the panel takes over 100 ms (p95) to show a call.
 */
import { benchTicketPanel, reportTicketPanel } from './ticket-panel.js';

const { lines, met } = reportTicketPanel(await benchTicketPanel());
console.log(lines.join('\n'));
if (process.argv.includes('--check') && !met) process.exitCode = 1;
