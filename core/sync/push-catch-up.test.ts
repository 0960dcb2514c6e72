import { describe, expect, it } from 'vitest';
import type { SyncCheckpoint, SyncDocument } from './protocol.js';
import { PushCatchUp } from './push-catch-up.js';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
const doc = (id: string, phone: string): SyncDocument => ({ id, _deleted: false, phone });

/** A catch-up over a fake server holding `server` (seq order), with RxDB's upstream queue released by hand. */
function harness(server: SyncDocument[]) {
  let release!: () => void;
  let queue: Promise<void> | undefined = new Promise<void>((resolve) => (release = resolve));
  const pulls: SyncCheckpoint[] = [];
  const delivered: { documents: SyncDocument[]; checkpoint: SyncCheckpoint }[] = [];
  const catchUp = new PushCatchUp({
    upstream: () => queue,
    pull: (checkpoint, limit) => {
      pulls.push(checkpoint);
      const documents = server.slice(checkpoint.seq, checkpoint.seq + limit);
      return Promise.resolve({ documents, checkpoint: { seq: checkpoint.seq + documents.length } });
    },
    deliver: (documents, checkpoint) => delivered.push({ documents, checkpoint }),
    retryMs: 5,
    pageSize: 2,
  });
  return {
    catchUp,
    pulls,
    delivered,
    absorb: () => {
      release();
      queue = undefined;
    },
  };
}

describe('PushCatchUp', () => {
  it('reads the pushed documents again, after RxDB absorbed the push, when the server sent anything meanwhile', async () => {
    const h = harness([doc('a', '1'), doc('x', '2'), doc('b', '3'), doc('y', '4'), doc('x', '5')]);
    h.catchUp.delivered({ seq: 1 });
    await h.catchUp.pushing(['x'], () => {
      // A page reaches RxDB while the push is on the wire.
      h.catchUp.delivered({ seq: 5 });
      return Promise.resolve([]);
    });
    await tick();
    // Not before the upstream ran dry: a pull sent earlier could answer a state older than the push.
    expect(h.pulls).toEqual([]);
    h.absorb();
    await tick();
    expect(h.pulls).toEqual([{ seq: 1 }, { seq: 3 }, { seq: 5 }]);
    // Only the pushed document, and RxDB's checkpoint left where it was.
    expect(h.delivered).toEqual([{ documents: [doc('x', '2'), doc('x', '5')], checkpoint: { seq: 5 } }]);
  });

  it('reads nothing again when nothing came from the server while the push was open', async () => {
    const h = harness([doc('x', '1')]);
    h.catchUp.delivered({ seq: 1 });
    await h.catchUp.pushing(['x'], () => Promise.resolve([]));
    h.absorb();
    await tick();
    // After the absorption a page goes its usual way: RxDB knows the push went in.
    h.catchUp.delivered({ seq: 1 });
    await tick();
    expect([h.pulls, h.delivered]).toEqual([[], []]);
  });
});
