/**
 * The HTTP plumbing of the local servers that stand in for providers in tests (Zenvia, Evolution API,
 * WhatsApp Cloud): listen on 127.0.0.1, read each request whole, record it, hand it to the double's
 * own handler with a JSON answerer. Test-only: each double implements its provider's documented endpoints.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a double got, body as UTF-8 text. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a double's handler gets for one request: the request, its URL, a JSON answerer and the raw response. */
export interface DoubleCall {
  request: RecordedRequest;
  url: URL;
  json: (status: number, payload: unknown) => void;
  res: ServerResponse;
}

/** A running double: its base URL (no trailing slash), every request it got, and how to stop it. */
export interface ProviderDouble {
  baseUrl: string;
  readonly requests: RecordedRequest[];
  close: () => Promise<void>;
}

/** Starts a double on a free port of 127.0.0.1; `handle` answers each request (synchronously). */
export async function startProviderDouble(handle: (call: DoubleCall) => void): Promise<ProviderDouble> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request = {
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const json = (status: number, payload: unknown) =>
        void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      handle({ request, url, json, res });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
