/**
 * One local core and one sync per database for the page's lifetime. React may mount a provider twice
 * (StrictMode) or remount it on navigation; RxDB refuses to open one database name twice at once, so
 * cores are shared here instead of opened per component.
 */
import { BUDGET_SERIES } from '#core/budget/budget-number.js';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { warmStockPosition } from '#core/inventory/position-warm.js';
import { blockNumberSource } from '#core/numbering/number-blocks.js';
import type { Store } from '#core/store/port.js';
import { fetchNumberLeaser } from '#core/sync/index.js';
import { dexieStorage } from '#core/store/rxdb/index.js';
import type { Installation } from './installation.js';
import { databaseNameFor, openLocalCore, type LocalCore } from './local-core.js';
import { holdDatabase, type ReleaseDatabase } from './database-lock.js';
import { demoSeeded, seedDemoClinic } from './demo-seed.js';
import { startInstallationSync, type InstallationSync } from './sync.js';

/** The enrolled desk's number source: leased blocks in its own database, leased over HTTP. */
function leasedNumbers(installation: Extract<Installation, { mode: 'server' }>) {
  const fetchLike = (url: string, init: RequestInit) => globalThis.fetch(url, init);
  const leaser = fetchNumberLeaser(installation.serverUrl, installation.token, fetchLike);
  return (store: Store) => blockNumberSource({ store, leaser, clock: systemClock, ids: uuidV7Ids });
}

/** A core ready for the screens, with its sync when the installation has a server. */
export interface OpenCore {
  core: LocalCore;
  sync: InstallationSync | null;
}

/** Milliseconds after a desk's database opens before the stock position's indexes are loaded (INV-016). */
const STOCK_WARM_UP_DELAY_MS = 5000;

const opened = new Map<string, Promise<OpenCore & { release: ReleaseDatabase }>>();

function keyOf(installation: Installation): string {
  const name = databaseNameFor(installation.tenantId);
  return installation.mode === 'server' ? `${name}|${installation.token}` : name;
}

/**
 * Stops the installation's sync and closes its database (the data stay on disk). Used when the
 * station is disconnected; a later setup of the same account opens the same database again.
 */
export async function closeCore(installation: Installation): Promise<void> {
  const key = keyOf(installation);
  const found = opened.get(key);
  opened.delete(key);
  if (!found) return;
  const { core, sync, release } = await found;
  await sync?.handle.cancel();
  await core.close();
  release();
}

/** The open core of `installation`, opening (and seeding a demo, starting sync) on first use. */
export function coreFor(installation: Installation): Promise<OpenCore> {
  const name = databaseNameFor(installation.tenantId);
  const key = keyOf(installation);
  let found = opened.get(key);
  if (!found) {
    found = (async () => {
      // One window holds the replica: with RxDB's multi-instance channel on Dexie, replication never
      // sent its first pull in Chromium (decisions.md "Renderer"); a second window waits for the lock.
      const release = await holdDatabase(name);
      try {
        return { ...(await openCore(name, installation)), release };
      } catch (error) {
        release();
        throw error;
      }
    })();
    opened.set(key, found);
    found.catch(() => opened.delete(key));
  }
  return found;
}

async function openCore(name: string, installation: Installation): Promise<OpenCore> {
  const core = await openLocalCore({
    name,
    tenantId: installation.tenantId,
    storage: dexieStorage(),
    multiInstance: false,
    // An enrolled desk issues budget numbers from blocks its server leased, so two desks offline
    // never print the same number; the demo never meets another desk and keeps a counter.
    ...(installation.mode === 'server' ? { numbers: leasedNumbers(installation) } : {}),
  });
  if (installation.mode === 'demo') {
    if (!(await demoSeeded(core))) await seedDemoClinic(core);
    return { core, sync: null };
  }
  const sync = startInstallationSync(core, installation);
  // The stock position answers from memory once its live indexes are loaded (INV-016): loaded in the
  // background, after the window's first paint and the first pull have had their turn.
  setTimeout(() => {
    warmStockPosition(core.database.forTenant(core.tenantId)).catch((error: unknown) =>
      console.warn('stock position warm-up', error),
    );
  }, STOCK_WARM_UP_DELAY_MS);
  // A new desk leases its first block of budget numbers now, not at its first budget: the cable may
  // be out by then (an offline budget would find no number). Offline now, the first budget leases.
  void core.numbers.reserve?.(BUDGET_SERIES).catch((error: unknown) => console.warn('number lease', error));
  return { core, sync };
}
