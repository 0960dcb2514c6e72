/**
 * The socket itself (spec §4.4 Websocket: "connect to it at the path /v1/websocket/endpoint with query
 * parameter socket set to the identifier"), served by the sync server through `@hono/node-ws`. The
 * identifier is the credential: a browser's WebSocket cannot send the `auth-bearer` header, so the
 * authenticated `POST /websocket/endpoint` hands out a short-lived, signed one instead.
 */
import { createNodeWebSocket, type NodeWebSocket } from '@hono/node-ws';
import type { Hono } from 'hono';
import type { PanelFeed } from './panel-feed.js';
import type { SocketIds } from './socket-ids.js';
import { SOCKET_PATH } from './websocket-ops.js';

/** How often a socket hears `{ type: 'ping' }` when nothing else happens. */
export const HEARTBEAT_MS = 20_000;
const PING = JSON.stringify({ type: 'ping' });

/** Attaches sockets to a listening Node server, and closes them at shutdown. */
export interface WebSocketServing {
  inject(server: Parameters<NodeWebSocket['injectWebSocket']>[0]): void;
  /** Closes every open socket (code 1001, going away): a server never waits for panels to leave. */
  close(): void;
}

/** Mounts `GET /v1/websocket/endpoint?socket=…`. */
export function mountPanelSocket(app: Hono, deps: { ids: SocketIds; feed: PanelFeed }): WebSocketServing {
  const node = createNodeWebSocket({ app });
  const { upgradeWebSocket, wss } = node;
  app.get(
    SOCKET_PATH,
    async (c, next) => {
      if (!deps.ids.verify(c.req.query('socket'))) {
        return c.json(
          {
            error: {
              code: 'unauthenticated',
              message: 'Identificador de socket inválido ou expirado',
              details: [{ path: 'socket', message: 'peça um novo em POST /websocket/endpoint' }],
            },
          },
          401,
        );
      }
      await next();
    },
    upgradeWebSocket((c) => {
      const scope = deps.ids.verify(c.req.query('socket'))!;
      let leave: (() => void) | undefined;
      let beat: ReturnType<typeof setInterval> | undefined;
      const end = () => {
        clearInterval(beat);
        leave?.();
        leave = undefined;
      };
      return {
        onOpen(_event, ws) {
          leave = deps.feed.listen(scope, { send: (frame) => ws.send(frame) });
          // A panel cannot see a connection that died silently (Wi-Fi, a proxy): frames it can count
          // on let it reconnect when they stop.
          beat = setInterval(() => ws.send(PING), HEARTBEAT_MS);
          beat.unref?.();
        },
        onClose: end,
        onError: end,
      };
    }),
  );
  return {
    inject: (server) => node.injectWebSocket(server),
    close() {
      for (const client of wss.clients) client.close(1001, 'servidor encerrando');
    },
  };
}
