/**
 * The installation's reader of `GET /sync/stream`: a fetch-based SSE client (EventSource cannot send
 * the `Authorization` header), reconnecting after a pause when the stream breaks. Every (re)connection
 * yields `RESYNC` first, so changes missed while away are pulled from each group's checkpoint.
 */
import { Observable } from 'rxjs';
import type { SyncCheckpoint, SyncDocument } from './protocol.js';
import type { FetchLike } from './transport.js';
import { SCHEMA_VERSION_HEADER, SYNC_SCHEMA_VERSION } from './schema-version.js';

/**
 * One event of the stream: a page of one storage group's changes (documents tagged with
 * `rx_collection`), or `RESYNC`.
 */
export type SyncStreamEvent = { group: string; documents: SyncDocument[]; checkpoint: SyncCheckpoint } | 'RESYNC';

/** The `data:` payloads of complete SSE events in `buffer`, and what is left of an event still arriving. */
export function parseSse(buffer: string): { events: string[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: string[] = [];
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) events.push(data.join('\n'));
  }
  return { events, rest };
}

/**
 * Streams the server's changes until unsubscribed; reconnects `retryMs` after each break.
 *
 * @example startSync({ …, stream$: syncStream('https://clinica.example', token, fetch.bind(globalThis)) })
 */
export function syncStream(
  baseUrl: string,
  token: string,
  fetchFn: FetchLike,
  options: { retryMs?: number; onConnection?: (open: boolean) => void } = {},
): Observable<SyncStreamEvent> {
  const url = `${baseUrl.replace(/\/$/, '')}/sync/stream`;
  return new Observable<SyncStreamEvent>((subscriber) => {
    const abort = new AbortController();
    let stopped = false;
    const connect = async (): Promise<void> => {
      const res = await fetchFn(url, {
        method: 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          [SCHEMA_VERSION_HEADER]: String(SYNC_SCHEMA_VERSION),
        },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(`stream recusado (${res.status})`);
      options.onConnection?.(true);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      // Cancelling the body is what tells the server (and an in-process app) the client left.
      abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const parsed = parseSse(buffer + value);
        buffer = parsed.rest;
        for (const data of parsed.events) {
          subscriber.next(data === 'RESYNC' ? 'RESYNC' : (JSON.parse(data) as SyncStreamEvent));
        }
      }
    };
    void (async () => {
      while (!stopped) {
        try {
          await connect();
        } catch {
          // Network gone or server restarting: wait and reconnect; RESYNC covers the gap.
        }
        options.onConnection?.(false);
        if (stopped) return;
        await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 3000));
      }
    })();
    return () => {
      stopped = true;
      abort.abort();
    };
  });
}
