import { describe, expect, it } from 'vitest';
import {
  formatCentavos,
  formatCnpj,
  formatCpf,
  formatDate,
  formatMoney,
  formatPhone,
  isIsoDate,
  isTime,
  maskDate,
  maskTime,
  parseDate,
  parseTime,
} from './format.js';

describe('Brazilian formats for what a person reads', () => {
  it('writes money as R$ 650,50 with thousands dots and a plain space', () => {
    expect(formatMoney(650.5)).toBe('R$ 650,50');
    expect(formatMoney(1234.56)).toBe('R$ 1.234,56');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatCentavos(65050)).toBe('R$ 650,50');
  });

  it('writes a Brazilian phone as (11) 98346-9134, never in E.164', () => {
    expect(formatPhone('+5511983469134')).toBe('(11) 98346-9134');
    expect(formatPhone('+551133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('+351912345678')).toBe('+351 912 345 678');
    expect(formatPhone('ligar à tarde')).toBe('ligar à tarde');
  });

  it('writes CPF and CNPJ with their punctuation', () => {
    expect(formatCnpj('12345678000190')).toBe('12.345.678/0001-90');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('writes dates as dd/mm/aaaa and reads them back to ISO', () => {
    expect(formatDate('2026-11-25')).toBe('25/11/2026');
    expect(formatDate('2026-11-25T13:00:00.000Z')).toBe('25/11/2026');
    expect(parseDate('25/11/2026')).toBe('2026-11-25');
    expect(parseDate('5/3/2026')).toBe('2026-03-05');
    expect(parseDate(formatDate('2024-02-29'))).toBe('2024-02-29');
  });

  it('refuses incomplete dates and days that do not exist', () => {
    for (const text of ['25/11/26', '25/11', '', '31/04/2026', '29/02/2026', '00/01/2026', '12/13/2026', '11/25/2026'])
      expect(parseDate(text), text).toBeUndefined();
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });

  it('masks a date as it is typed', () => {
    expect(['2', '25', '251', '2511', '25112', '25112026', '251120269'].map(maskDate)).toEqual([
      '2',
      '25',
      '25/1',
      '25/11',
      '25/11/2',
      '25/11/2026',
      '25/11/2026',
    ]);
    expect(maskDate('25/11/2026')).toBe('25/11/2026');
  });

  it('reads times on the 24-hour clock', () => {
    expect(['1', '14', '143', '1430', '14305'].map(maskTime)).toEqual(['1', '14', '14:3', '14:30', '14:30']);
    expect(maskTime('9:3')).toBe('9:3');
    expect(parseTime('9:30')).toBe('09:30');
    expect(parseTime('0930')).toBe('09:30');
    expect(parseTime('14:30')).toBe('14:30');
    expect(parseTime('24:00')).toBeUndefined();
    expect(parseTime('2:5')).toBeUndefined();
    expect(isTime('23:59')).toBe(true);
    expect(isTime('2:30 PM')).toBe(false);
  });
});

describe('values in messages', () => {
  it('writes centavos as R$ with comma decimals and dot thousands', () => {
    expect(formatCentavos(65050)).toBe('R$ 650,50');
    expect(formatCentavos(5)).toBe('R$ 0,05');
    expect(formatCentavos(123456789)).toBe('R$ 1.234.567,89');
    expect(formatCentavos(-100)).toBe('-R$ 1,00');
  });

  it('leaves text that is no date as it is', () => {
    expect(formatDate('2020-01-31')).toBe('31/01/2020');
    expect(formatDate('hoje')).toBe('hoje');
  });
});
