/**
 * A local HTTP receiver for the webhook tests (test-only module): it answers as told (up, down,
 * gone, flaky) and keeps every request it accepted with 2xx.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** The receiver's controls. */
export interface TestReceiver {
  url: string;
  /** Every request, answered or refused. */
  readonly all: Received[];
  /** The requests answered 2xx, in arrival order. */
  readonly accepted: Received[];
  /** Status to answer (200 up, 503 down, 410 gone); `flaky` answers 500 to every other request. */
  answer(status: number | 'flaky'): void;
  /** Runs `check` on each request before answering; a throw answers 400. */
  verifyWith(check: ((r: Received) => void) | null): void;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 and a free port. */
export async function startReceiver(path = '/hooks'): Promise<TestReceiver> {
  const all: Received[] = [];
  const accepted: Received[] = [];
  let mode: number | 'flaky' = 200;
  let flip = false;
  let check: ((r: Received) => void) | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (mode === 'flaky') flip = !flip;
      let status = mode === 'flaky' ? (flip ? 500 : 200) : mode;
      const received: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status };
      if (status < 300 && check) {
        try {
          check(received);
        } catch {
          status = received.status = 400;
        }
      }
      all.push(received);
      if (status >= 200 && status < 300) accepted.push(received);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    all,
    accepted,
    answer: (status) => void (mode = status),
    verifyWith: (fn) => void (check = fn),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
