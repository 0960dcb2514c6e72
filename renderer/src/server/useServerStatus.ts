import { useEffect, useState } from 'react';
import { checkHealth, readServerUrl, type ServerStatus } from './health.js';

/** Fired by {@link recheckServerStatus}. */
const recheck = new EventTarget();

/**
 * Asks every status line to check the server now, e.g. when sync just lost or regained the server
 * (sync notices a pulled cable within seconds; the poll only every {@link POLL_MS}).
 */
export function recheckServerStatus(): void {
  recheck.dispatchEvent(new Event('recheck'));
}

/** How often the desk re-checks the server: often enough to notice a restored link within a minute. */
const POLL_MS = 20_000;

/**
 * Tracks whether the sync server answers, re-checking periodically and whenever the OS reports the
 * network came back (the `online` event fires long before the next poll).
 */
export function useServerStatus(): ServerStatus {
  const [status, setStatus] = useState<ServerStatus>('checking');

  useEffect(() => {
    let cancelled = false;
    const run = async (): Promise<void> => {
      // Read the URL on every check so a change in settings applies without a reload.
      const result = await checkHealth(readServerUrl(globalThis.localStorage));
      if (!cancelled) setStatus(result);
    };
    void run();
    const timer = setInterval(() => void run(), POLL_MS);
    const onOnline = (): void => void run();
    const onOffline = (): void => setStatus('offline');
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    recheck.addEventListener('recheck', onOnline);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      recheck.removeEventListener('recheck', onOnline);
    };
  }, []);

  return status;
}
