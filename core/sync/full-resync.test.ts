import { describe, expect, it } from 'vitest';
import { DomainError } from '#core/errors.js';
import { resyncingPull } from './full-resync.js';
import type { PullResponse, SyncCheckpoint } from './protocol.js';

/**
 * A server holding documents at seqs 1..n, refusing with 410 checkpoints below `horizon` that were
 * not served under it (as tombstone-retention.ts does).
 */
function server(ids: string[], horizon: number) {
  const calls: (SyncCheckpoint | undefined)[] = [];
  const pull = (checkpoint: SyncCheckpoint | undefined, limit: number): Promise<PullResponse> => {
    calls.push(checkpoint);
    const from = checkpoint?.seq ?? 0;
    if (from > 0 && from < horizon && (checkpoint?.h ?? 0) < horizon) {
      return Promise.reject(new DomainError('resync_required', 'refazer'));
    }
    const page = ids.slice(from, from + limit);
    return Promise.resolve({
      documents: page.map((id) => ({ id, _deleted: false })),
      checkpoint: { seq: from + page.length, h: horizon },
    });
  };
  return { pull, calls };
}

describe('resyncingPull', () => {
  it('answers 410 with a read from the start and tombstones for what the server no longer has', async () => {
    const { pull, calls } = server(['a', 'b', 'c'], 5);
    const local = [{ id: 'a' }, { id: 'gone', name: 'Excluído no servidor' }, { id: 'c' }];
    let resyncs = 0;
    let finished = 0;
    const wrapped = resyncingPull(pull, () => Promise.resolve(local), {
      started: () => void resyncs++,
      finished: () => void finished++,
    });
    const first = await wrapped({ seq: 2 }, 2);
    expect(first.documents.map((d) => d.id)).toEqual(['a', 'b']);
    const last = await wrapped(first.checkpoint, 2);
    expect(last.documents).toEqual([
      { id: 'c', _deleted: false },
      { id: 'gone', name: 'Excluído no servidor', _deleted: true },
    ]);
    expect([resyncs, finished]).toEqual([1, 1]);
    // The full read's second page starts below the horizon but was served under it: no second 410.
    expect(calls).toEqual([{ seq: 2 }, { seq: 0 }, { seq: 2, h: 5 }]);
    // Back to normal pulls afterwards: nothing more is deleted.
    expect((await wrapped(last.checkpoint, 2)).documents).toEqual([]);
  });

  it('passes other failures through', async () => {
    const failing = resyncingPull(
      () => Promise.reject(new DomainError('unauthenticated', 'token')),
      () => Promise.resolve([]),
    );
    await expect(failing(undefined, 10)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
