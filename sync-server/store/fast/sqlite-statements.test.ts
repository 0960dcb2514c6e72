import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachingSqlite } from './sqlite-statements.js';

describe('cachingSqlite', () => {
  it('reuses a statement by its SQL, evicting the least recently used past the bound', () => {
    const db = cachingSqlite(new BetterSqlite3(':memory:'), 2);
    const a = db.prepare('select 1');
    expect(db.prepare('select 1')).toBe(a);
    const b = db.prepare('select 2');
    db.prepare('select 1'); // a is now the most recent
    db.prepare('select 3'); // evicts b
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
    db.close();
  });

  it('never hands out a statement that is still iterating', () => {
    const file = new BetterSqlite3(':memory:');
    const db = cachingSqlite(file);
    const first = db.prepare('select value from json_each(?)') as unknown as BetterSqlite3.Statement;
    const rows = first.iterate('[1,2,3]');
    rows.next();
    const second = db.prepare('select value from json_each(?)') as unknown as BetterSqlite3.Statement;
    expect(second).not.toBe(first);
    expect(second.all('[4]')).toEqual([{ value: 4 }]);
    rows.return?.();
    db.close();
  });
});
