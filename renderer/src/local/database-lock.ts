/**
 * One window per local database. The desk opens RxDB with `multiInstance: false` (decisions.md
 * "Renderer"), so a second tab of the web build writing the same IndexedDB would work from stale
 * caches and could hand out a number of a leased block twice. A Web Lock held for as long as the
 * database is open keeps a second window waiting, and it opens by itself once the first one closes.
 */
import { create } from 'zustand';

/** Whether this window waits for another one to close the same database. */
export const useDatabaseWait = create<{ waiting: boolean }>(() => ({ waiting: false }));

/** Gives the lock back; the next waiting window then opens the database. */
export type ReleaseDatabase = () => void;

/**
 * Takes the exclusive lock of database `name`, waiting (with `useDatabaseWait` set) while another
 * window of this origin holds it. Without the Web Locks API (very old engines) it returns at once.
 */
export async function holdDatabase(name: string): Promise<ReleaseDatabase> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return () => undefined;
  const key = `clinic-database:${name}`;
  const held = await requestLock(locks, key, true);
  if (held) return held;
  useDatabaseWait.setState({ waiting: true });
  try {
    return (await requestLock(locks, key, false))!;
  } finally {
    useDatabaseWait.setState({ waiting: false });
  }
}

/** Resolves with a release function once the lock is held, or null when `ifAvailable` found it taken. */
function requestLock(locks: LockManager, key: string, ifAvailable: boolean): Promise<ReleaseDatabase | null> {
  return new Promise((resolve, reject) => {
    locks
      .request(key, { mode: 'exclusive', ifAvailable }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        // The lock lasts as long as this promise is pending: until release, or the window closes.
        return new Promise<void>((release) => resolve(() => release()));
      })
      .catch(reject);
  });
}
