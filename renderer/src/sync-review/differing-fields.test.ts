import { describe, expect, it } from 'vitest';
import { differingFields } from './differing-fields.js';

describe('differingFields', () => {
  it('lists only the fields whose values differ, without the stamps every save changes', () => {
    const server = { id: 'a', name: 'Ana', notes: 'Trazer exames', updatedAt: '2026-11-23T10:00:00-03:00', _rev: '3' };
    const mine = { id: 'a', name: 'Ana', notes: 'Retorno às 10h', updatedAt: '2026-11-23T11:00:00-03:00' };
    expect(differingFields(mine, server)).toEqual([
      { field: 'notes', mine: 'Retorno às 10h', server: 'Trazer exames' },
    ]);
  });

  it('shows a field one side lacks, and a deletion on one side only', () => {
    expect(differingFields({ id: 'a', cpf: '1', _deleted: true }, { id: 'a', _deleted: false })).toEqual([
      { field: 'cpf', mine: '1', server: undefined },
      { field: '_deleted', mine: true, server: false },
    ]);
  });

  it('lists every field of the desk version when the server has none', () => {
    expect(differingFields({ id: 'a', tenantId: 't', name: 'Ana', active: true, _deleted: false }, null)).toEqual([
      { field: 'name', mine: 'Ana', server: undefined },
      { field: 'active', mine: true, server: undefined },
    ]);
  });

  it('compares structures by value', () => {
    expect(differingFields({ tags: [{ a: 1 }] }, { tags: [{ a: 1 }] })).toEqual([]);
    expect(differingFields({ tags: [{ a: 1 }] }, { tags: [{ a: 2 }] })).toHaveLength(1);
  });
});
