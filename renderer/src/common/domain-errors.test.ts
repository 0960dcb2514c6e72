import { describe, expect, it } from 'vitest';
import { DomainError } from '#core/errors.js';
import { formFailure } from './domain-errors.js';

describe('a domain error on a form', () => {
  it('puts each detail under its field and keeps the rest above the form', () => {
    const error = new DomainError('validation', 'Dados inválidos', [
      { path: 'cpf', message: 'CPF inválido (confira os dígitos verificadores)' },
      { path: 'insurances.0.insurance', message: 'não existe' },
      { path: 'rg', message: 'muito longo' },
    ]);
    expect(formFailure(error, ['cpf', 'insurances'])).toEqual({
      fields: { cpf: 'CPF inválido (confira os dígitos verificadores)', insurances: 'não existe' },
      general: 'Dados inválidos — rg: muito longo',
    });
    expect(formFailure(error, ['cpf', 'insurances', 'rg']).general).toBeNull();
  });

  it('shows a conflict without a field, and a plain error, as the general message', () => {
    const conflict = new DomainError('conflict', 'Horário ocupado', [{ path: 'start', message: 'Dra. Ana já atende' }]);
    expect(formFailure(conflict, ['patient'])).toEqual({
      fields: {},
      general: 'Horário ocupado — start: Dra. Ana já atende',
    });
    expect(formFailure(new Error('IndexedDB cheio'), ['patient'])).toEqual({ fields: {}, general: 'IndexedDB cheio' });
  });
});
