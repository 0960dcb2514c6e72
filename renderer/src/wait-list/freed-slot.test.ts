import { describe, expect, it } from 'vitest';
import { t } from '../i18n/index.js';
import { offerHeading, phoneLabel, slotOf } from './freed-slot.js';
import { wantsLabel } from './load-wait-list.js';

describe('the freed-slot offer', () => {
  it('heads the offer in pt-BR and English, one person or many', () => {
    const say = (count: number, locale: 'pt-BR' | 'en') => {
      const heading = offerHeading(count);
      return t(heading.key, heading.vars, locale);
    };
    expect(say(3, 'pt-BR')).toBe('Horário liberado: 3 pessoas da lista de espera cabem neste horário');
    expect(say(1, 'pt-BR')).toBe('Horário liberado: 1 pessoa da lista de espera cabe neste horário');
    expect(say(2, 'en')).toBe('Slot freed: 2 people on the wait list fit this slot');
    expect(say(1, 'en')).toBe('Slot freed: 1 person on the wait list fits this slot');
  });

  it('books exactly the place the appointment held, nothing else of it', () => {
    const appointment = {
      clinic: 'c1',
      professional: 'u1',
      start: '2026-11-24T09:00:00-03:00',
      end: '2026-11-24T09:30:00-03:00',
      patient: 'p-cancelled',
      specialty: 's-old',
      status: 7,
    };
    expect(slotOf(appointment)).toEqual({
      clinic: 'c1',
      professional: 'u1',
      start: '2026-11-24T09:00:00-03:00',
      end: '2026-11-24T09:30:00-03:00',
    });
  });

  it('names what an entry waits for: professional, specialty, both, or a dash', () => {
    expect(wantsLabel({ professionalName: 'Dr. Ricardo Prado', specialtyName: null })).toBe('Dr. Ricardo Prado');
    expect(wantsLabel({ professionalName: null, specialtyName: 'Cardiologia' })).toBe('Cardiologia');
    expect(wantsLabel({ professionalName: 'Dra. Ana', specialtyName: 'Cardiologia' })).toBe('Dra. Ana · Cardiologia');
    expect(wantsLabel({ professionalName: null, specialtyName: null })).toBe('—');
  });

  it('reads a Brazilian phone as (11) 98765-4321 and leaves a foreign one as stored', () => {
    expect(phoneLabel('+5511987654321')).toBe('(11) 98765-4321');
    expect(phoneLabel('+551133334444')).toBe('(11) 3333-4444');
    expect(phoneLabel('+351912345678')).toBe('+351 912 345 678');
  });
});
