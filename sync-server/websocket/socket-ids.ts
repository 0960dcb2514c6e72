/**
 * Socket identifiers (spec §4.4 Websocket: "open a new websocket endpoint and return its unique
 * identifier"): a signed, expiring ticket naming the tenant and clinic a socket may listen to. Signed
 * rather than stored, so an identifier opened through one server process connects through another
 * (the key is the server's signing secret, shared through the database or `CLINIC_JWT_SECRET`).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '#core/clock.js';

/** How long an identifier may wait before it connects; an open socket stays open past it. */
export const SOCKET_ID_TTL_MS = 10 * 60_000;

/** What a socket identifier grants. */
export interface SocketScope {
  tenantId: string;
  clinic: string;
}

/** Issues and checks socket identifiers with one key. */
export class SocketIds {
  private readonly key: Buffer;

  /** @param secret the server's signing secret; a label keeps these MACs apart from access tokens. */
  constructor(
    secret: Uint8Array,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', secret).update('clinic websocket socket id v1').digest();
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  /** A new identifier for `scope`, and when it stops being accepted (ISO-8601). */
  issue(scope: SocketScope): { socket: string; expiresAt: string } {
    const expires = this.clock.now().getTime() + SOCKET_ID_TTL_MS;
    const payload = Buffer.from(
      JSON.stringify({ t: scope.tenantId, c: scope.clinic, e: expires, n: randomUUID() }),
    ).toString('base64url');
    return {
      socket: `${payload}.${this.mac(payload).toString('base64url')}`,
      expiresAt: new Date(expires).toISOString(),
    };
  }

  /** The scope of a valid, unexpired identifier; undefined for anything else. */
  verify(socket: string | undefined): SocketScope | undefined {
    if (!socket || socket.length > 1000) return undefined;
    const [payload, signature, extra] = socket.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = this.mac(payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        t?: unknown;
        c?: unknown;
        e?: unknown;
      };
      if (typeof body.t !== 'string' || typeof body.c !== 'string' || typeof body.e !== 'number') return undefined;
      if (body.e <= this.clock.now().getTime()) return undefined;
      return { tenantId: body.t, clinic: body.c };
    } catch {
      return undefined;
    }
  }
}
