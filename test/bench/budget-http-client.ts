/**
 * A lean HTTP/1.1 keep-alive client for the budget bench's load: one socket per connection, the
 * request bytes built once, answers read by Content-Length. The load generator shares the machine's
 * two cores with the server it measures; Node's `http` client (agents, header objects, streams) cost
 * it several times more CPU per request than this, CPU the server then did not get.
 */
import { connect, type Socket } from 'node:net';

/** One answer: status and body text. */
export interface RawAnswer {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection sending one request at a time. */
export class RawConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: RawAnswer) => void; reject: (e: Error) => void } | undefined;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  /** Opens a connection to `127.0.0.1:port`. */
  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends `request` (whole, prebuilt bytes) and resolves with its answer. */
  send(request: Buffer): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`answer without Content-Length: ${head.slice(0, 200)}`));
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const answer = { status: Number(head.slice(9, 12)), body: this.buffer.toString('utf8', end + 4, total) };
    this.buffer = this.buffer.subarray(total);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(answer);
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

/** The bytes of one request, built once and sent as often as the load needs. */
export function rawRequest(method: string, path: string, headers: Record<string, string>, body?: string): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body, 'utf8');
  if (body !== undefined) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}
