import { describe, expect, it } from 'vitest';
import { fitSms, SMS_MAX_CHARS, toGsm7, wordsUpTo } from './sms-text.js';

describe('an SMS body in one GSM-7 segment', () => {
  it('drops the accents GSM-7 lacks and keeps the ones it has', () => {
    expect(toGsm7('Orçamento nº 12 — válido até amanhã às 10:00')).toBe('Orcamento n. 12 - valido até amanha às 10:00');
  });

  it('keeps a short text whole and cuts a long one at a word, with "..."', () => {
    expect(fitSms('Olá,\n\ntudo bem?')).toBe('Ola, tudo bem?');
    const long = fitSms('palavra '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(long).toMatch(/palavra\.\.\.$/);
  });

  it('cuts names at whole words', () => {
    expect(wordsUpTo('Clínica Odontológica São João da Boa Vista', 30)).toBe('Clínica Odontológica São João');
    expect(wordsUpTo('Curta', 30)).toBe('Curta');
  });
});
