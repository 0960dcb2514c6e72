import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './dialect.js';

describe('parseDatabaseUrl', () => {
  it('reads postgres:// and postgresql:// as PostgreSQL', () => {
    expect(parseDatabaseUrl('postgres://u@db:5432/clinic')).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/clinic',
    });
    expect(parseDatabaseUrl(' PostgreSQL://db/clinic ')).toEqual({
      dialect: 'postgres',
      url: 'PostgreSQL://db/clinic',
    });
  });

  it('reads anything else as the path of an SQLite file', () => {
    expect(parseDatabaseUrl('./data/clinic.db')).toEqual({ dialect: 'sqlite', path: './data/clinic.db' });
    expect(parseDatabaseUrl('/var/lib/postgres-backup/clinic.db')).toEqual({
      dialect: 'sqlite',
      path: '/var/lib/postgres-backup/clinic.db',
    });
    expect(parseDatabaseUrl(':memory:')).toEqual({ dialect: 'sqlite', path: ':memory:' });
  });

  it('refuses an empty value', () => {
    expect(() => parseDatabaseUrl('  ')).toThrow(/vazio/);
  });
});
