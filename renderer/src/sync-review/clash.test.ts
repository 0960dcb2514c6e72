import { describe, expect, it } from 'vitest';
import { clashBookings, clashStandsHere } from './clash.js';
import { lookupOf } from './describe/lookup.js';

const booking = (id: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
  id,
  professional: 'p1',
  startUtc: `2026-11-26T${start}:00.000Z`,
  endUtc: `2026-11-26T${end}:00.000Z`,
  status: 1,
  overbooking: false,
  ...extra,
});

describe('clashStandsHere', () => {
  const pedro = booking('a', '13:00', '13:30');
  const lucia = booking('b', '13:00', '13:30');

  it('holds while both bookings hold the same time of one professional', () => {
    expect(clashStandsHere([pedro, lucia])).toBe(true);
  });

  it('is gone once one moved to the next slot, was cancelled or made an encaixe', () => {
    expect(clashStandsHere([booking('a', '13:30', '14:00'), lucia])).toBe(false);
    expect(clashStandsHere([pedro, { ...lucia, status: 8 }])).toBe(false);
    expect(clashStandsHere([{ ...pedro, overbooking: true }, lucia])).toBe(false);
    expect(clashStandsHere([pedro, { ...lucia, overbooking: true }])).toBe(false);
    expect(clashStandsHere([pedro, { ...lucia, professional: 'p2' }])).toBe(false);
  });
});

describe('clashBookings', () => {
  it("reads both bookings as the desk holds them now, the listed one first, falling back to the entry's copy", () => {
    const moved = booking('a', '13:30', '14:00');
    const other = booking('b', '13:00', '13:30');
    const entry = {
      docId: 'a',
      document: booking('a', '13:00', '13:30'),
      reasons: [{ ref: { collection: 'appointments', id: 'b' } }],
    };
    expect(clashBookings(entry, lookupOf({ appointments: [moved, other] }))).toEqual([moved, other]);
    expect(clashBookings(entry, lookupOf({}))).toEqual([entry.document, { id: 'b' }]);
  });
});
