/**
 * Test-only: an installation (a desk) on RxDB memory storage, enrolled on a test server and
 * replicating a few collections through a faulty in-process link.
 */
import type { Hono } from 'hono';
import type { RxStorage } from 'rxdb';
import { systemClock, type Clock } from '#core/clock.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import { openRxdbDatabase, type RxdbDatabase } from '#core/store/rxdb/index.js';
import { memoryStorage } from '#core/store/rxdb/storages.js';
import { startSync, type SyncHandle } from '#core/sync/replicate.js';
import { syncStream } from '#core/sync/sse.js';
import { fetchTransport } from '#core/sync/transport.js';
import { faultyLink, type FaultyLink } from './in-process-fetch.js';

/** A running installation. */
export interface TestInstallation {
  database: RxdbDatabase;
  sync: SyncHandle;
  link: FaultyLink;
  close(): Promise<void>;
}

let opened = 0;
const run = Math.random().toString(36).slice(2, 8);

/**
 * Opens a fresh installation database (RxDB memory unless `options.storage`) and starts syncing
 * `collections` with `app` as `token`, on the system clock unless `options.clock` (a desk whose clock
 * is wrong).
 */
export async function openInstallation(
  app: Hono,
  token: string,
  collections: readonly AnyCollectionDef[],
  random: () => number,
  options: {
    retryTime?: number;
    stream?: boolean;
    storage?: RxStorage<unknown, unknown>;
    reviewEveryMs?: number;
    clock?: Clock;
    /** The link to use (made by the test, to hold the very first pull); a fresh one otherwise. */
    link?: FaultyLink;
  } = {},
): Promise<TestInstallation> {
  const database = await openRxdbDatabase({
    name: `desk-${run}-${++opened}`,
    storage: options.storage ?? memoryStorage(),
    collections,
    multiInstance: false,
  });
  const link = options.link ?? faultyLink(app, random);
  const sync = startSync({
    database,
    collections,
    transport: fetchTransport('http://clinica.test', token, link.fetch),
    clock: options.clock ?? systemClock,
    identifier: `clinica.test-${opened}`,
    retryTime: options.retryTime ?? 20,
    ...(options.reviewEveryMs ? { reviewEveryMs: options.reviewEveryMs } : {}),
    ...(options.stream
      ? {
          // Straight to the app: the faulty link reads whole bodies, a stream never ends.
          stream$: syncStream('http://clinica.test', token, async (url, init) => app.request(url, init), {
            retryMs: 50,
          }),
        }
      : {}),
  });
  return {
    database,
    sync,
    link,
    async close() {
      await sync.cancel();
      await database.close();
    },
  };
}
