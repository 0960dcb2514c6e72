/**
 * A delivery worker in its own process, for the race test: a second server sharing the SQLite file.
 * Two handles on one SQLite file inside one process would stall each other (better-sqlite3 waits
 * for a lock synchronously, so the holder can never finish), which is not what two servers do.
 *
 * Run: `node --import tsx race-worker.ts <sqlite file> <tenant> <now ISO>`. Prints `ready`, waits
 * for a line on stdin, runs five passes, prints `{ sent: [message ids], skipped }`. Test-only module.
 */
import { once } from 'node:events';
import pino from 'pino';
import { fixedClock } from '#core/clock.js';
import { outboxMessages } from '#core/messaging/message.js';
import { openSqlDatabase } from '../store/index.js';
import { startDelivery } from './delivery.js';

const [url, tenant, now] = process.argv.slice(2);
if (!url || !tenant || !now) throw new Error('uso: race-worker.ts <arquivo sqlite> <conta> <agora ISO>');

const database = await openSqlDatabase({ url, collections: [outboxMessages] });
const sent: string[] = [];
const delivery = startDelivery({
  database,
  tenants: () => Promise.resolve([tenant]),
  providers: {
    whatsapp: {
      async send(message) {
        sent.push(message.messageId);
        // A send takes time: the other process claims in the meantime.
        await new Promise((resolve) => setTimeout(resolve, 2));
        return {};
      },
    },
  },
  clock: fixedClock(now),
  logger: pino({ level: 'silent' }),
  intervalMs: 3_600_000,
});
process.stdout.write('ready\n');
await once(process.stdin, 'data');
let skipped = 0;
for (let pass = 0; pass < 5; pass++) skipped += (await delivery.runOnce()).skipped;
await delivery.stop();
await database.close();
process.stdout.write(`${JSON.stringify({ sent, skipped })}\n`);
process.exit(0);
