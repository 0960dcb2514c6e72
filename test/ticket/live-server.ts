/**
 * Test-only: the real server listening on a loopback port (REST and the websocket upgrade), and a
 * websocket client that keeps every frame it hears.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';

/** A frame a panel socket received, parsed, with when it arrived (performance.now()). */
export interface Frame {
  type: string;
  at: number;
  [key: string]: unknown;
}

/** The test server, listening. */
export interface LiveServer extends TestServer {
  url: string;
}

/** Starts the test server and listens on 127.0.0.1 with an ephemeral port. */
export async function startLiveServer(options?: Parameters<typeof startTestServer>[0]): Promise<LiveServer> {
  const server = await startTestServer(options);
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  server.websocket.inject(http);
  const { port } = http.address() as AddressInfo;
  return {
    ...server,
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.websocket.close();
      await new Promise<void>((resolve) => {
        (http as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        http.close(() => resolve());
      });
      await server.close();
    },
  };
}

/** An open panel socket and the frames it heard. */
export interface PanelSocket {
  frames: Frame[];
  /** Resolves with the first frame heard (already or within `ms`) that `match` accepts. */
  next(match: (frame: Frame) => boolean, ms?: number): Promise<Frame>;
  close(): void;
}

/** Connects to `path` (as the open-socket operation answered it). @throws when the upgrade is refused. */
export function connectPanel(url: string, path: string): Promise<PanelSocket> {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + path);
  const frames: Frame[] = [];
  const waiters = new Set<(frame: Frame) => void>();
  socket.on('message', (data: WebSocket.RawData) => {
    const text = Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data as Uint8Array).toString();
    const frame = { ...(JSON.parse(text) as { type: string }), at: performance.now() };
    frames.push(frame);
    for (const waiter of [...waiters]) waiter(frame);
  });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        frames,
        next: (match, ms = 2000) =>
          new Promise((done, fail) => {
            const heard = frames.find(match);
            if (heard) return done(heard);
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching frame within ${ms} ms; heard ${JSON.stringify(frames.map((f) => f.type))}`));
            }, ms);
            const check = (frame: Frame) => {
              if (!match(frame)) return;
              clearTimeout(timer);
              waiters.delete(check);
              done(frame);
            };
            waiters.add(check);
          }),
        close: () => socket.close(),
      }),
    );
  });
}
