/**
 * `npx tsx test/bench/webhooks-run.ts [--check]`: prints the webhook bench (see webhooks.ts);
 * `--check` exits 1 when a delivery is missing.
 */
import { benchWebhooks, reportWebhooks } from './webhooks.js';

const { lines, met } = reportWebhooks(await benchWebhooks());
console.log(lines.join('\n'));
if (process.argv.includes('--check') && !met) process.exitCode = 1;
