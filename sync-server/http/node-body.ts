/**
 * Reading a request body straight from Node's IncomingMessage when the app runs under
 * `@hono/node-server`. Hono's `c.req.text()` first builds a WHATWG Request around the socket
 * (undici Request, AbortController, a web ReadableStream over the Node stream); for a JSON body of a
 * few kilobytes that costs more than parsing it. The answer is the same text either way.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** UTF-8 with a leading BOM dropped and bad bytes replaced, as `Request.text()` decodes. */
const utf8 = new TextDecoder();

/**
 * The Node request behind `c` when its body has not been touched yet (no middleware read it through
 * the web stream), else undefined: tests calling `app.request()` and bodies already buffered by
 * Hono's body limit (chunked uploads) go the usual way.
 */
export function untouchedIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || typeof incoming.on !== 'function' || incoming.readableDidRead || incoming.readableEnded) {
    return undefined;
  }
  return incoming;
}

/**
 * The whole body of `incoming` as text.
 * @throws Error when the client goes away before the body ends.
 */
export function readIncomingText(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))));
    incoming.once('error', reject);
    incoming.once('close', () => {
      if (!incoming.readableEnded) reject(new Error('a conexão fechou antes do fim do corpo'));
    });
  });
}

/**
 * The whole body of `incoming` as bytes, stopping at `maxBytes`.
 * @throws Error `too large` past `maxBytes`; Error when the client goes away before the body ends.
 */
export function readIncomingBytes(incoming: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        incoming.removeAllListeners('data');
        incoming.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    incoming.once('end', () => resolve(Buffer.concat(chunks)));
    incoming.once('error', reject);
    incoming.once('close', () => {
      if (!incoming.readableEnded) reject(new Error('a conexão fechou antes do fim do corpo'));
    });
  });
}

/** A body past the route's limit, read as bytes. */
export class BodyTooLarge extends Error {
  constructor() {
    super('corpo grande demais');
  }
}
