import { describe, expect, it } from 'vitest';
import { pagedPull } from './paged-pull.js';
import type { PullResponse, SyncCheckpoint } from './protocol.js';

/** A server holding documents at seqs 1..n that answers at most `cap` per request. */
function server(n: number, cap: number) {
  const requests: { from: number; limit: number }[] = [];
  const pull = (checkpoint: SyncCheckpoint | undefined, limit: number): Promise<PullResponse> => {
    if (limit > cap) return Promise.reject(new Error(`limit ${limit} above the cap`));
    const from = checkpoint?.seq ?? 0;
    requests.push({ from, limit });
    const to = Math.min(n, from + limit);
    return Promise.resolve({
      documents: Array.from({ length: to - from }, (_, i) => ({ id: `d${from + i + 1}`, _deleted: false })),
      checkpoint: { seq: to },
    });
  };
  return { pull, requests };
}

describe('pagedPull', () => {
  it('answers a batch above the server cap with consecutive pages, each from the last checkpoint', async () => {
    const { pull, requests } = server(25, 10);
    const batch = await pagedPull(pull, 10)(undefined, 20);
    expect(batch.documents.map((doc) => doc.id)).toEqual(Array.from({ length: 20 }, (_, i) => `d${i + 1}`));
    expect(batch.checkpoint).toEqual({ seq: 20 });
    expect(requests).toEqual([
      { from: 0, limit: 10 },
      { from: 10, limit: 10 },
    ]);
    // The rest is shorter than the batch: the replication reads it as "caught up".
    const last = await pagedPull(pull, 10)(batch.checkpoint, 20);
    expect(last.documents.map((doc) => doc.id)).toEqual(['d21', 'd22', 'd23', 'd24', 'd25']);
    expect(last.checkpoint).toEqual({ seq: 25 });
    expect(requests).toHaveLength(3);
  });

  it('stops at a short page and asks only for what the batch still lacks', async () => {
    const { pull, requests } = server(13, 10);
    const batch = await pagedPull(pull, 10)({ seq: 0 }, 25);
    expect(batch.documents).toHaveLength(13);
    expect(batch.checkpoint).toEqual({ seq: 13 });
    expect(requests).toEqual([
      { from: 0, limit: 10 },
      { from: 10, limit: 10 },
    ]);
    const exact = server(40, 10);
    await pagedPull(exact.pull, 10)(undefined, 25);
    expect(exact.requests.map((r) => r.limit)).toEqual([10, 10, 5]);
  });

  it('makes one request when the batch fits a page or nothing changed', async () => {
    const { pull, requests } = server(3, 10);
    expect((await pagedPull(pull, 10)({ seq: 3 }, 50)).documents).toEqual([]);
    expect((await pagedPull(pull, 10)(undefined, 5)).documents).toHaveLength(3);
    expect(requests).toHaveLength(2);
  });

  it('fails the whole batch when a later page fails', async () => {
    let calls = 0;
    const flaky = (checkpoint: SyncCheckpoint | undefined, limit: number): Promise<PullResponse> =>
      ++calls === 2 ? Promise.reject(new Error('rede')) : server(100, 10).pull(checkpoint, limit);
    await expect(pagedPull(flaky, 10)(undefined, 30)).rejects.toThrow('rede');
  });
});
