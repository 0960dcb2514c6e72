/**
 * `npm run server`: the sync server. Reads PORT, DATABASE_URL, CLINIC_API_KEY (see config.ts) and
 * CLINIC_TOMBSTONE_RETENTION_DAYS (tombstones purged daily past it, default 60),
 * CLINIC_BUDGET_EXPIRY_INTERVAL_MS (lapsed quotes marked vencido at start and then this often, default a day),
 * serves until SIGTERM/SIGINT, then stops accepting, lets requests in flight finish and closes the
 * database. Started by `npm run server` (with `--exit-with-parent`), it also stops when npm is killed:
 * see parent-watch.ts.
 */
import { serve } from '@hono/node-server';
import { readConfig } from './config.js';
import { isDomainError } from '#core/errors.js';
import { createLogger } from './log.js';
import { allCollections } from '#core/catalogue.js';
import { systemClock } from '#core/clock.js';
import { backfillRegisterDays } from './finance/register-days-backfill.js';
import { buildServer, startServerDelivery, startServerWebhooks } from './server.js';
import { readRetentionDays, startTombstonePurge } from './sync/index.js';
import { readExpiryIntervalMs, startBudgetExpiry } from './budget/index.js';
import { EXIT_WITH_PARENT_FLAG, watchParent } from './parent-watch.js';

const SHUTDOWN_GRACE_MS = 10_000;

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig(process.env);
} catch (error) {
  // A setting the operator must fix: the rule in one line, no stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const logger = createLogger({ level: config.logLevel });
const built = await buildServer(config, logger).catch((error: unknown) => {
  if (!isDomainError(error)) throw error;
  // A setting the operator must fix (e.g. a revoked CLINIC_API_KEY): one line, no stack trace.
  console.error([error.message, ...error.details.map((d) => `${d.path}: ${d.message}`)].join('; '));
  process.exit(1);
});
const { app, database } = built;
// Data written before the registers' daily summaries: rebuilt once, before the first flux is served (FIN-035).
await backfillRegisterDays(
  (tenantId) => database.forTenant(tenantId),
  (await built.keys.listAccounts()).map((account) => account.id),
  systemClock,
  logger,
);
const delivery = startServerDelivery(built, logger);
const webhooks = startServerWebhooks(built, logger);
const stopPurge = startTombstonePurge({
  database,
  collections: allCollections,
  clock: systemClock,
  retentionDays: readRetentionDays(process.env),
  onError: (err) => logger.error({ err }, 'tombstone purge failed'),
});
const expiry = startBudgetExpiry({
  database,
  tenants: async () => (await built.keys.listAccounts()).map((account) => account.id),
  clock: systemClock,
  audit: built.access.audit,
  logger,
  intervalMs: readExpiryIntervalMs(process.env),
});
built.tiss.protocolJob.start();
built.transcription.job.start();
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  logger.info(
    { port: info.port, database: config.databaseUrl.startsWith('postgres') ? 'postgresql' : config.databaseUrl },
    'Clinic sync server listening',
  );
});
built.websocket.inject(server);

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.warn('requests still open after the grace period; closing anyway');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  built.websocket.close();
  stopPurge();
  server.close(() => {
    // The send and the expiry run in flight are recorded before the database they write to closes.
    Promise.all([
      delivery.stop(),
      expiry.stop(),
      webhooks.stop(),
      built.tiss.protocolJob.stop(),
      built.transcription.job.stop(),
    ])
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'closing the database failed');
          process.exit(1);
        },
      );
  });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
if (process.argv.includes(EXIT_WITH_PARENT_FLAG)) watchParent(() => shutdown('parent exited'));
