import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';

/** A real server's HTTP port that a test can take down and bring back at the same address. */
export interface SwitchableApi {
  /** Base URL, stable across {@link SwitchableApi.stop} and {@link SwitchableApi.start}. */
  url: string;
  /** The network cable is pulled: open connections (the sync stream) break, new ones are refused. */
  stop(): Promise<void>;
  /** The server answers again on the same port. */
  start(): Promise<void>;
}

/** Serves `app` on 127.0.0.1 (an ephemeral port chosen once), switchable off and on. */
export async function switchableApi(app: Hono): Promise<SwitchableApi> {
  const listener = getRequestListener(app.fetch);
  let server: http.Server | null = null;
  let port = 0;
  const start = async () => {
    server = http.createServer((request, response) => void listener(request, response));
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    start,
    async stop() {
      const current = server;
      server = null;
      if (!current) return;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
