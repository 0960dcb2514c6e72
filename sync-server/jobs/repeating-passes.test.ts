import { describe, expect, it } from 'vitest';
import { RepeatingPasses } from './repeating-passes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a background job’s passes', () => {
  it('never overlap, repeat after the interval, and stop only once the pass in flight has finished', async () => {
    const passes = new RepeatingPasses<number>(5);
    let inFlight = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    passes.start(
      async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await sleep(10);
        inFlight--;
        finished++;
        return ++runs;
      },
      { now: true },
    );
    // Asked for while the first runs: queued behind it.
    const asked = [passes.runOnce(), passes.runOnce()];
    expect(await Promise.all(asked)).toEqual([2, 3]);
    await sleep(60);
    expect(runs).toBeGreaterThan(3);
    await passes.stop();
    expect(inFlight).toBe(0);
    expect(passes.stopping).toBe(true);
    const after = finished;
    await sleep(40);
    expect(finished).toBe(after);
    expect(most).toBe(1);
  });

  it('waits one interval before the first timed pass unless asked to run now', async () => {
    const passes = new RepeatingPasses<void>(1000);
    let runs = 0;
    passes.start(
      () => {
        runs++;
        return Promise.resolve();
      },
      { now: false },
    );
    await sleep(30);
    expect(runs).toBe(0);
    await passes.stop();
  });
});
