import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { dictionaries, pickLocale, t } from './index.js';
import { ptBR } from './pt-BR.js';

describe('pickLocale', () => {
  it('is pt-BR whatever the browser says, English only when the station chose it (issue 20)', () => {
    expect(pickLocale('pt-BR')).toBe('pt-BR');
    expect(pickLocale(undefined)).toBe('pt-BR');
    expect(pickLocale(null)).toBe('pt-BR');
    expect(pickLocale('en-US')).toBe('pt-BR');
    expect(pickLocale('en')).toBe('en');
  });
});

describe('t', () => {
  it('translates and fills placeholders', () => {
    expect(t('nav.budgets', {}, 'pt-BR')).toBe('Orçamentos');
    expect(t('nav.budgets', {}, 'en')).toBe('Budgets');
    expect(t('footer.desktop', { version: '0.1.0' }, 'pt-BR')).toBe('Aplicativo 0.1.0');
  });

  it('leaves unknown placeholders visible rather than printing "undefined"', () => {
    expect(t('footer.desktop', {}, 'en')).toBe('Desktop app {{version}}');
  });

  it('has no empty texts in either language, the totem, budget and review screens included', () => {
    for (const dictionary of [ptBR, en, dictionaries['pt-BR'], dictionaries.en]) {
      for (const text of Object.values(dictionary)) expect(text.trim()).not.toBe('');
    }
  });

  it('writes counted words as plurals, never "alteração(ões)" or "conflito(s)"', () => {
    for (const dictionary of [dictionaries['pt-BR'], dictionaries.en])
      for (const [key, text] of Object.entries(dictionary))
        if (text.includes('{{count}}')) expect(text, key).not.toMatch(/\((s|es|ões)\)/);
    expect(t('patient.cards', { count: 1 }, 'pt-BR')).toBe('1 convênio');
    expect(t('patient.cards', { count: 2 }, 'pt-BR')).toBe('2 convênios');
    expect(t('block.affectedToo', { count: 1 }, 'pt-BR')).toMatch(/^1 agendamento nesses horários continua marcado/);
  });

  it('says every text in both languages', () => {
    expect(Object.keys(dictionaries.en).sort()).toEqual(Object.keys(dictionaries['pt-BR']).sort());
  });
});
