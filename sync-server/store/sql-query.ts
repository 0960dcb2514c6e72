/**
 * A normalised store query (core/store/query.ts) as SQL text over the `f_` columns, with exactly the
 * semantics of the reference matcher in core/store/match.ts. Values go to a parameter list; the
 * text uses `?` placeholders (see doc-sql.ts for PostgreSQL's).
 */
import { fieldType, type CollectionDef } from '#core/store/collection-def.js';
import type { Condition, NormalisedQuery, Scalar } from '#core/store/query.js';
import type { RecordBase } from '#core/store/record.js';
import type { DialectRules } from './dialect.js';
import { fieldColumn } from './layout.js';

const OPERATOR: Record<Exclude<Condition['op'], '$in'>, string> = {
  $eq: '=',
  $gt: '>',
  $gte: '>=',
  $lt: '<',
  $lte: '<=',
};

/** `"name"`: identifiers here are table and column names the layout already checked. */
export function quote(name: string): string {
  return `"${name}"`;
}

/**
 * A value the column can be compared with, or undefined when no stored value can match it: the
 * matcher compares only values of one JSON type, columns hold only the declared type, and NaN
 * compares false with everything (PostgreSQL would order it above every number instead).
 */
function bindable(type: string, value: Scalar, rules: DialectRules): string | number | boolean | undefined {
  if (typeof value !== type || Number.isNaN(value)) return undefined;
  return typeof value === 'boolean' ? rules.bool(value) : value;
}

/**
 * The WHERE terms of a query (ANDed), pushing their values onto `params`; `false` when the query
 * can match nothing (a value of another type than the field's, an empty `$in`), so no SQL needs to
 * run at all. Same semantics as the reference matcher in core/store/match.ts.
 */
export function whereTerms(
  def: CollectionDef<RecordBase>,
  query: Pick<NormalisedQuery, 'conditions'>,
  rules: DialectRules,
  params: unknown[],
): string[] | false {
  const terms: string[] = [];
  for (const condition of query.conditions) {
    const type = fieldType(def, condition.field);
    if (type === undefined) return false;
    const column = quote(fieldColumn(condition.field));
    if (condition.op === '$in') {
      const values = (condition.value as readonly Scalar[])
        .map((v) => bindable(type, v, rules))
        .filter((v) => v !== undefined);
      if (values.length === 0) return false;
      terms.push(`${column} in (${values.map(() => '?').join(', ')})`);
      params.push(...values);
      continue;
    }
    const value = bindable(type, condition.value as Scalar, rules);
    if (value === undefined) return false;
    terms.push(`${column} ${OPERATOR[condition.op]} ?`);
    params.push(value);
  }
  return terms;
}

/**
 * ORDER BY terms: missing values (NULL) first ascending and last descending, as the matcher orders
 * `undefined`. SQLite does that by default; PostgreSQL's default is the opposite, so it is spelled out.
 */
export function orderTerms(query: Pick<NormalisedQuery, 'sort'>): string[] {
  return query.sort.map(({ field, direction }) => {
    const column = quote(fieldColumn(field));
    // `id` is never NULL: a nulls clause on it would only keep PostgreSQL from using the index order.
    if (field === 'id') return `${column} ${direction}`;
    return direction === 'asc' ? `${column} asc nulls first` : `${column} desc nulls last`;
  });
}
