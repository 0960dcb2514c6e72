import { describe, expect, it } from 'vitest';
import { Mutex } from './mutex.js';

describe('Mutex', () => {
  it('runs work one at a time, in call order, whatever the outcome of the previous one', async () => {
    const mutex = new Mutex();
    const log: string[] = [];
    const step = (name: string, fail = false) =>
      mutex.run(async () => {
        log.push(`${name}:start`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`${name}:end`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([step('a'), step('b', true), step('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });
});
