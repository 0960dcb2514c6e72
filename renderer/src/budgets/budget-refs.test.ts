import { describe, expect, it } from 'vitest';
import { priceTableFor } from './budget-refs.js';

describe('the price table a budget prices from', () => {
  const tables = [{ id: 'general' }, { id: 'unimed', insurance: 'ins-unimed' }, { id: 'general-2' }];

  it('is the insurance’s own table, else a general one', () => {
    expect(priceTableFor(tables, 'ins-unimed')).toBe('unimed');
    expect(priceTableFor(tables, 'ins-other')).toBe('general');
    expect(priceTableFor(tables, '')).toBe('general');
  });

  it('is none when only other insurances have tables', () => {
    expect(priceTableFor([{ id: 'unimed', insurance: 'ins-unimed' }], '')).toBeUndefined();
  });
});
