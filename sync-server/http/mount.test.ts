import { expect, it } from 'vitest';
import type { Operation } from '#core/operation.js';
import { literalsFirst } from './mount.js';

const op = (path: string) => ({ name: path, http: { method: 'GET', path } }) as unknown as Operation;

it('mounts a literal segment before a parameter in the same place, and keeps every other order', () => {
  const ordered = literalsFirst([
    op('/medicalRecord/{id}'),
    op('/patient/{id}'),
    op('/medicalRecord/customForm/{form}'),
    op('/medicalRecord/config'),
    op('/patient/cpf/{cpf}'),
    op('/budget/'),
  ]).map((o) => o.http!.path);
  expect(ordered.indexOf('/medicalRecord/config')).toBeLessThan(ordered.indexOf('/medicalRecord/{id}'));
  expect(ordered.indexOf('/medicalRecord/customForm/{form}')).toBeLessThan(ordered.indexOf('/medicalRecord/{id}'));
  expect(ordered.indexOf('/patient/cpf/{cpf}')).toBeLessThan(ordered.indexOf('/patient/{id}'));
  // Paths that cannot collide keep the registry's order.
  expect(literalsFirst([op('/b'), op('/a')]).map((o) => o.http!.path)).toEqual(['/b', '/a']);
});
