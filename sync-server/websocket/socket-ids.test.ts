import { describe, expect, it } from 'vitest';
import { SOCKET_ID_TTL_MS, SocketIds } from './socket-ids.js';

function clockAt(iso: string) {
  let now = Date.parse(iso);
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

const secret = new TextEncoder().encode('um segredo de teste com mais de 32 caracteres');

describe('socket identifiers', () => {
  it('carry their tenant and clinic, are unique, and expire', () => {
    const clock = clockAt('2026-11-23T12:00:00.000Z');
    const ids = new SocketIds(secret, clock);
    const a = ids.issue({ tenantId: 't1', clinic: 'c1' });
    const b = ids.issue({ tenantId: 't1', clinic: 'c1' });
    expect(a.socket).not.toBe(b.socket);
    expect(a.expiresAt).toBe('2026-11-23T12:10:00.000Z');
    expect(ids.verify(a.socket)).toEqual({ tenantId: 't1', clinic: 'c1' });
    clock.advance(SOCKET_ID_TTL_MS);
    expect(ids.verify(a.socket)).toBeUndefined();
  });

  it('refuses a forged, altered or foreign identifier', () => {
    const clock = clockAt('2026-11-23T12:00:00.000Z');
    const ids = new SocketIds(secret, clock);
    const { socket } = ids.issue({ tenantId: 't1', clinic: 'c1' });
    const [payload, mac] = socket.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const otherTenant = Buffer.from(JSON.stringify({ ...body, t: 't2' })).toString('base64url');
    expect(ids.verify(`${otherTenant}.${mac}`)).toBeUndefined();
    expect(ids.verify(`${payload}.${mac}x`)).toBeUndefined();
    expect(ids.verify(undefined)).toBeUndefined();
    expect(ids.verify('abc')).toBeUndefined();
    const otherServer = new SocketIds(new TextEncoder().encode('outro segredo de outro servidor qualquer'), clock);
    expect(otherServer.verify(socket)).toBeUndefined();
  });
});
