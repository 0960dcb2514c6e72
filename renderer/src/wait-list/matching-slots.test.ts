import { describe, expect, it } from 'vitest';
import { fittingSlots, type SlotCandidates } from './matching-slots.js';
import type { WaitListItem } from './load-wait-list.js';

const entry = (patch: Partial<WaitListItem>): WaitListItem => ({
  id: 'e1',
  createdAt: '2026-11-20T10:00:00-03:00',
  updatedAt: '2026-11-20T10:00:00-03:00',
  patient: 'p1',
  periods: [],
  priority: 'normal',
  active: true,
  createdBy: 'u',
  ...patch,
});

const zone = 'America/Sao_Paulo';
// 2026-11-24 is a Tuesday (2), 2026-11-25 a Wednesday (3).
const slots = (professional: string, specialties: string[] = [], clinic = 'c1'): SlotCandidates => ({
  clinic,
  timeZone: zone,
  professional,
  specialties,
  slots: [
    { start: '2026-11-25T09:00:00-03:00', end: '2026-11-25T09:30:00-03:00' },
    { start: '2026-11-24T14:00:00-03:00', end: '2026-11-24T14:30:00-03:00' },
    { start: '2026-11-24T08:00:00-03:00', end: '2026-11-24T08:30:00-03:00' },
  ],
});

describe('free slots offered to a wait-list entry (the core’s entryFits)', () => {
  it('offers the professional’s slots earliest first, and no one else’s', () => {
    const found = fittingSlots(entry({ professional: 'd1' }), [slots('d2'), slots('d1')], 10);
    expect(found.map((s) => [s.professional, s.start])).toEqual([
      ['d1', '2026-11-24T08:00:00-03:00'],
      ['d1', '2026-11-24T14:00:00-03:00'],
      ['d1', '2026-11-25T09:00:00-03:00'],
    ]);
  });

  it('keeps to the preferred periods: weekday and a time range the whole slot fits in', () => {
    const wanted = entry({ professional: 'd1', periods: [{ weekdays: [2], from: '07:00', to: '12:00' }] });
    expect(fittingSlots(wanted, [slots('d1')], 10).map((s) => s.start)).toEqual(['2026-11-24T08:00:00-03:00']);
    const tooShort = entry({ professional: 'd1', periods: [{ weekdays: [], from: '08:00', to: '08:15' }] });
    expect(fittingSlots(tooShort, [slots('d1')], 10)).toEqual([]);
  });

  it('by specialty, offers the professionals who attend it; a clinic narrows the offer', () => {
    const bySpecialty = entry({ specialty: 'pedi' });
    const found = fittingSlots(bySpecialty, [slots('d1', ['cardio']), slots('d2', ['pedi'])], 10);
    expect(new Set(found.map((s) => s.professional))).toEqual(new Set(['d2']));
    const elsewhere = entry({ professional: 'd1', clinic: 'c2' });
    expect(fittingSlots(elsewhere, [slots('d1')], 10)).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(fittingSlots(entry({ professional: 'd1' }), [slots('d1')], 2)).toHaveLength(2);
  });
});
