/**
 * The SQL text of a collection table's statements, written out directly instead of through Kysely's
 * query builder. Every request runs a dozen of them; building and compiling each through Kysely's
 * immutable node tree cost more CPU than SQLite took to run them. The text is the same for SQLite
 * and PostgreSQL but for placeholders (`?` against `$1`), and is executed through Kysely's executor,
 * so transactions and SQLite's single connection work exactly as before.
 */
import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import type { DialectRules } from './dialect.js';
import { quote } from './sql-query.js';

/** `?` placeholders as the engine wants them: kept for SQLite, `$1, $2…` for PostgreSQL. */
export function placeholders(rules: Pick<DialectRules, 'name'>, text: string): string {
  if (rules.name === 'sqlite') return text;
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/**
 * A fixed statement of a server module's own table (rate limits, API keys) for `db`'s engine, its
 * text made once: `statement(params)` is ready for `db.executeQuery`. Write `?` placeholders.
 */
export function fixedStatement<R>(db: Kysely<never>, text: string): (parameters: unknown[]) => CompiledQuery<R> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const sqlText = placeholders({ name: postgres ? 'postgres' : 'sqlite' }, text);
  return (parameters) => compiled<R>(sqlText, parameters);
}

/** A statement ready for `executor.executeQuery`. */
export function compiled<R>(text: string, parameters: unknown[]): CompiledQuery<R> {
  return CompiledQuery.raw(text, parameters);
}

/** The fixed statements of one collection table, their text built once. */
export class DocSql {
  /** `select rev, data` of one live row by id. */
  readonly get: string;
  /** `select deleted` of a row by id, live or not. */
  readonly state: string;
  /** Inserts one row, doing nothing when its id is taken. */
  readonly insert: string;
  /** The tenant's next seq values (see SqlCollection.nextSeq). */
  readonly nextSeq: string;

  /**
   * @param table the collection's table
   * @param columns every column of a full row, in the order rows are bound
   */
  constructor(
    private readonly table: string,
    readonly columns: readonly string[],
    private readonly rules: DialectRules,
  ) {
    const t = quote(table);
    this.get = placeholders(
      rules,
      `select "rev", "data" from ${t} where "tenant_id" = ? and "id" = ? and "deleted" = ?`,
    );
    this.state = placeholders(rules, `select "deleted" from ${t} where "tenant_id" = ? and "id" = ?`);
    this.insert = placeholders(
      rules,
      `insert into ${t} (${columns.map(quote).join(', ')}) values (${columns.map(() => '?').join(', ')}) ` +
        `on conflict ("tenant_id", "id") do nothing`,
    );
    this.nextSeq = placeholders(
      rules,
      'insert into tenant_seq (tenant_id, seq) values (?, ?) ' +
        'on conflict (tenant_id) do update set seq = tenant_seq.seq + excluded.seq returning seq',
    );
  }

  /** `select <what> from the table where tenant and live and terms [order by] [limit] [offset]`. */
  select(what: string, terms: readonly string[], order: readonly string[] = [], tail = ''): string {
    let text = `select ${what} from ${quote(this.table)} where "tenant_id" = ? and "deleted" = ?`;
    for (const term of terms) text += ` and ${term}`;
    if (order.length > 0) text += ` order by ${order.join(', ')}`;
    return placeholders(this.rules, text + tail);
  }

  /** Sets `columns` of the live row at revision `rev` (the optimistic write of update and remove). */
  update(columns: readonly string[]): string {
    return placeholders(
      this.rules,
      `update ${quote(this.table)} set ${columns.map((c) => `${quote(c)} = ?`).join(', ')} ` +
        `where "tenant_id" = ? and "id" = ? and "rev" = ? and "deleted" = ?`,
    );
  }
}
