/**
 * PostgreSQL LISTEN on a dedicated connection (a pooled one would be handed to queries and lose its
 * LISTEN). Reconnects after a lost connection; notifications sent while it was away are gone, so
 * callers keep another way to notice changes (ChangeHub's polling) and get `onReconnect` to catch up.
 */
import pg from 'pg';

/** What a listener is told. */
export interface ListenHandlers {
  /** A notification on the channel, with its payload (`''` when none). */
  message(payload: string): void;
  /** The connection came back after a loss: notifications in between were missed. */
  reconnected?(): void;
}

/** Pause before reconnecting after a lost connection, in ms. */
const RECONNECT_MS = 1_000;

/**
 * Listens on `channel` of the database at `url` until the returned function is called.
 *
 * @param channel a plain lowercase identifier (it is spelled into `LISTEN` as is)
 * @returns resolves once listening (or after the first attempt failed: it keeps retrying); the
 *   function it resolves to stops listening and closes the connection
 */
export async function pgListen(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`canal inválido: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let connectedOnce = false;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry?.unref?.();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (connectedOnce) handlers.reconnected?.();
      connectedOnce = true;
    } catch {
      lost();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
