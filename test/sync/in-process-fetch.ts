/**
 * Test-only: a `fetch` that calls the server's Hono app in-process, with faults a real network has:
 * a request lost before it arrives, an answer lost after the server acted, a request sent twice, and
 * random delays (so requests of several installations interleave in any order). Faults are drawn from
 * a seeded generator, so a failing property-test seed replays the same faults.
 */
import type { Hono } from 'hono';
import type { FetchLike } from '#core/sync/transport.js';

/** Probabilities of each fault per request, and the longest delay in ms. */
export interface Faults {
  dropRequest: number;
  dropResponse: number;
  duplicate: number;
  maxDelayMs: number;
}

export const NO_FAULTS: Faults = { dropRequest: 0, dropResponse: 0, duplicate: 0, maxDelayMs: 0 };

/** A seeded generator in [0, 1) (mulberry32): same seed, same faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a test can change while the installation runs. */
export interface FaultyLink {
  fetch: FetchLike;
  /** Current faults; assign to change them. */
  faults: Faults;
  /** False: every request fails at once, as when the cable is out. */
  online: boolean;
  /** Seen by the server, with the server's answer, whatever reached the client. */
  onExchange?: (path: string, body: unknown, answer: unknown) => void;
  /**
   * A slow link: while a hold is set, every push (or pull) waits for its `until` before it reaches
   * the server (`at: 'request'`) or after the server acted, before its answer reaches the client
   * (`'answer'`); other requests go on meanwhile. See {@link holdRequests}.
   */
  holds: Partial<Record<RequestKind, { at: 'request' | 'answer'; until: Promise<void> }>>;
}

/** The replication requests a link can hold. */
export type RequestKind = 'push' | 'pull';

/**
 * Holds `link`'s requests of `kind` (at the request or at the answer) until the returned function is
 * called; requests already waiting go on then.
 */
export function holdRequests(link: FaultyLink, kind: RequestKind, at: 'request' | 'answer'): () => void {
  let open!: () => void;
  const until = new Promise<void>((resolve) => (open = resolve));
  const hold = { at, until };
  link.holds[kind] = hold;
  return () => {
    if (link.holds[kind] === hold) delete link.holds[kind];
    open();
  };
}

const kindOf = (url: string): RequestKind | undefined => {
  const path = new URL(url).pathname;
  return path.endsWith('/push') ? 'push' : path.endsWith('/pull') ? 'pull' : undefined;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A link from one installation to `app`. */
export function faultyLink(app: Hono, random: () => number, faults: Faults = NO_FAULTS): FaultyLink {
  const link: FaultyLink = {
    faults,
    holds: {},
    online: true,
    fetch: async (url, init) => {
      const { faults: f } = link;
      const kind = kindOf(url);
      const hold = kind && link.holds[kind];
      if (hold?.at === 'request') await hold.until;
      if (!link.online || random() < f.dropRequest) throw new TypeError('fetch failed: rede fora');
      if (f.maxDelayMs > 0) await sleep(Math.floor(random() * f.maxDelayMs));
      const send = async () => {
        const res = await app.request(url, init);
        const text = await res.text();
        if (link.onExchange && res.ok) {
          link.onExchange(
            new URL(url).pathname,
            typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
            JSON.parse(text),
          );
        }
        return new Response(text, { status: res.status, headers: res.headers });
      };
      let res = await send();
      if (random() < f.duplicate) res = await send();
      if (hold?.at === 'answer') await hold.until;
      if (f.maxDelayMs > 0) await sleep(Math.floor(random() * f.maxDelayMs));
      if (!link.online || random() < f.dropResponse) throw new TypeError('fetch failed: resposta perdida');
      return res;
    },
  };
  return link;
}
