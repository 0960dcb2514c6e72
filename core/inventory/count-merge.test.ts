/** Merging two desks' versions of one count (count-merge.ts). */
import { describe, expect, it } from 'vitest';
import { mergeCount } from './count-merge.js';

const line = (lot: string, counted?: number) => ({
  product: 'p1',
  lot,
  expected: 10,
  ...(counted === undefined ? {} : { counted }),
});
const count = (lines: ReturnType<typeof line>[], status = 'open', updatedAt = '2026-11-23T09:00:00-03:00') => ({
  id: 'c1',
  status,
  lines,
  updatedAt,
});

describe('mergeCount', () => {
  const assumed = count([line('A'), line('B')]);

  it('keeps the lines counted on each desk', () => {
    const master = count([line('A', 8), line('B')], 'open', '2026-11-23T09:10:00-03:00');
    const pushed = count([line('A'), line('B', 10), line('C', 2)], 'open', '2026-11-23T09:20:00-03:00');
    expect(mergeCount(master, assumed, pushed)).toEqual(
      count([line('A', 8), line('B', 10), line('C', 2)], 'open', '2026-11-23T09:20:00-03:00'),
    );
  });

  it('takes the same count made on both sides, and leaves different ones to a person', () => {
    const master = count([line('A', 8), line('B')]);
    expect(mergeCount(master, assumed, count([line('A', 8), line('B')]))).toEqual(master);
    expect(mergeCount(master, assumed, count([line('A', 7), line('B')]))).toBeUndefined();
  });

  it('merges a closing only with a side that changed nothing', () => {
    const closed = count([line('A', 8), line('B', 10)], 'closed');
    expect(mergeCount(assumed, assumed, closed)).toEqual(closed);
    expect(mergeCount(count([line('A', 9), line('B')]), assumed, closed)).toBeUndefined();
    expect(mergeCount(closed, assumed, count([line('A'), line('B', 3)]))).toBeUndefined();
    expect(mergeCount(closed, assumed, assumed)).toEqual(closed);
  });
});
