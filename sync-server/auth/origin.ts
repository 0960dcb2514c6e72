import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { CallOrigin } from '#core/operation.js';

/** Longest User-Agent kept: enough to tell a desk from a browser, bounded against abuse. */
const MAX_USER_AGENT = 200;

/**
 * Where a request comes from, for the audit log and the per-address rate limits. Behind a reverse
 * proxy (`trustProxy`) the address is the last `X-Forwarded-For` entry, the one our proxy appended:
 * earlier entries are whatever the client claimed.
 */
export function requestOrigin(c: Context, trustProxy: boolean): CallOrigin {
  const userAgent = (c.req.header('user-agent') ?? '').slice(0, MAX_USER_AGENT);
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return { ip: forwarded, userAgent };
  }
  try {
    return { ip: getConnInfo(c).remote.address ?? 'unknown', userAgent };
  } catch {
    // app.request() in tests has no socket.
    return { ip: 'unknown', userAgent };
  }
}
