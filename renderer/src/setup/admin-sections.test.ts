import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.js';
import { t } from '../i18n/index.js';
import { ptBR } from '../i18n/pt-BR.js';
import { filterSections } from './admin-sections.js';
import { clinicInput, clinicDraft } from './clinic-draft.js';
import { nameMatches } from './load-professionals.js';
import { setupEn } from './setup.en.js';
import { setupPtBR } from './setup.pt-BR.js';
import { copyMondayToWeekdays, describeWeek, flatten, periodMessages, weekOf } from './week-hours.js';

const pt = (key: Parameters<typeof t>[0]) => t(key, {}, 'pt-BR');

describe('filterSections', () => {
  it('shows every section for an empty search', () => {
    expect(filterSections('  ', pt)).toEqual([
      'clinic',
      'professionals',
      'procedures',
      'insurances',
      'specialties',
      'users',
      'installations',
      'apiKeys',
      'whatsapp',
      'account',
    ]);
  });

  it('finds sections by word starts, ignoring accents and case', () => {
    expect(filterSections('HORARIO', pt)).toEqual(['clinic', 'professionals', 'account']);
    expect(filterSections('cbo', pt)).toEqual(['specialties']);
    expect(filterSections('tiss', pt)).toEqual(['insurances']);
    expect(filterSections('revogar', pt)).toEqual(['installations', 'apiKeys']);
    expect(filterSections('chave api', pt)).toEqual(['apiKeys']);
    expect(filterSections('cnpj', pt)).toEqual(['clinic']);
    expect(filterSections('preço', pt)).toEqual(['procedures']);
    expect(filterSections('papel', pt)).toEqual(['users']);
    expect(filterSections('tabela', pt)).toEqual(['procedures']);
    expect(filterSections('zzz', pt)).toEqual([]);
  });
});

describe('week hours', () => {
  it('flattens segunda first and maps a message on the list back to its day and period', () => {
    const week = weekOf([
      { weekday: 0, start: '08:00', end: '12:00' },
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 1, start: '14:00', end: '13:00' },
    ]);
    const { periods, at } = flatten(week);
    expect(periods.map((p) => p.weekday)).toEqual([1, 1, 0]);
    expect(periodMessages({ 'openingHours.1.closes': 'abre antes de fechar' }, 'openingHours', at)).toEqual({
      '1:1': 'abre antes de fechar',
    });
  });

  it('copies segunda to the other weekdays and describes the week in one line', () => {
    const week = copyMondayToWeekdays(weekOf([{ weekday: 1, start: '08:00', end: '18:00' }]));
    expect(flatten(week).periods).toHaveLength(5);
    expect(describeWeek(flatten(week).periods, 'pt-BR')).toBe(
      'seg 08:00–18:00 · ter 08:00–18:00 · qua 08:00–18:00 · qui 08:00–18:00 · sex 08:00–18:00',
    );
    expect(describeWeek([], 'pt-BR')).toBe('');
  });
});

describe('clinicInput', () => {
  it('leaves empty fields out and sends the hours as opens/closes', () => {
    const draft = clinicDraft();
    draft.name = 'Clínica Nova';
    draft.address.city = ' Campinas ';
    draft.hours[2] = [{ start: '09:00', end: '17:00' }];
    expect(clinicInput(draft).input).toEqual({
      name: 'Clínica Nova',
      timeZone: 'America/Sao_Paulo',
      openingHours: [{ weekday: 2, opens: '09:00', closes: '17:00' }],
      address: { city: 'Campinas' },
    });
  });
});

describe('the administration texts', () => {
  it('take no key of the shell, whose station set-up screen would read them instead', () => {
    for (const key of Object.keys(setupPtBR)) expect(ptBR).not.toHaveProperty([key]);
    for (const key of Object.keys(setupEn)) expect(en).not.toHaveProperty([key]);
    expect(t('setup.title', {}, 'pt-BR')).toBe('Configurar esta estação');
  });
});

describe('nameMatches', () => {
  it('finds a name by the start of any of its words', () => {
    expect(nameMatches('Clínica Filial Centro', 'filial')).toBe(true);
    expect(nameMatches('Clínica Filial Centro', 'CLIN cen')).toBe(true);
    expect(nameMatches('Clínica Filial Centro', 'lial')).toBe(false);
  });
});
