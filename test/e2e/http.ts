import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A running local HTTP server. */
export interface LocalServer {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:43567 */
  url: string;
  close(): Promise<void>;
}

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Starts `handler` on 127.0.0.1 with an ephemeral port, so parallel test files never collide. */
export async function listenLocal(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Browsers keep connections alive; without this, close() waits for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Serves a folder (the built dist/renderer) as static files. `/` is index.html; paths escaping the folder
 * and missing files are 404.
 */
export function serveDirectory(root: string): Promise<LocalServer> {
  const base = path.resolve(root);
  return listenLocal((request, response) => void sendFile(base, request, response));
}

async function sendFile(base: string, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  const file = path.resolve(base, `.${decodeURIComponent(pathname === '/' ? '/index.html' : pathname)}`);
  if (!file.startsWith(base + path.sep)) {
    response.writeHead(404).end();
    return;
  }
  try {
    const body = await fs.readFile(file);
    response.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
}

/** A stand-in for the sync server's /health, with the request paths it saw. */
export interface FakeSyncServer extends LocalServer {
  requests: string[];
}

/**
 * Starts a fake sync server answering `GET /health` with `body`. It sends CORS headers because the page is
 * served from another port (and, in Electron, from file://, whose Origin is `null`): the real server must
 * do the same.
 */
export async function startFakeSyncServer(body: unknown = { status: 'ok', version: 'test' }): Promise<FakeSyncServer> {
  const requests: string[] = [];
  const server = await listenLocal((request, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''}`);
    const headers = { 'access-control-allow-origin': '*', 'content-type': 'application/json' };
    if (request.url === '/health') response.writeHead(200, headers).end(JSON.stringify(body));
    else response.writeHead(404, headers).end('{}');
  });
  return { ...server, requests };
}

/** A URL where nothing listens: a port just freed by the OS. Models "the server is down". */
export async function unusedLocalUrl(): Promise<string> {
  const server = await listenLocal(() => {});
  await server.close();
  return server.url;
}
