/**
 * TUSS table 22 (procedures and events in health, ANS; a 2020 snapshot), converted by
 * `scripts/tuss22-to-json.mjs` into `tuss22-procedimentos.json` (see README.md beside it). Searched
 * offline, by code or by words, ignoring accents and case, terms in force first: a desk without
 * network names procedures too. A code not in this snapshot may still be valid (the table grows every
 * year), so callers warn about it and never refuse it (TISS-045).
 */
import { searchKey } from '#core/br/text.js';

/** One term of table 22. */
export interface Tuss22Entry {
  /** Eight digits, as the guide carries it (`10101012`). */
  code: string;
  /** pt-BR term (ANS `Termo`). */
  term: string;
  /** Start of validity, `AAAA-MM-DD`. */
  validFrom: string;
  /** End of validity, `AAAA-MM-DD`, when the term is no longer in force. */
  validTo?: string;
  /** True when the term has an end of validity (renamed or withdrawn): shown, but not the code's name. */
  ended: boolean;
}

/** A row of the shipped JSON: `[code, term, validFrom, validTo or '']`. */
export type Tuss22Row = readonly [string, string, string, string];

interface Indexed {
  entry: Tuss22Entry;
  /** {@link searchKey} of the term, a space before it so word starts match ` word`. */
  words: string;
}

/** `1.01.01.01-2`, ` 10101012 ` → `10101012`: the digits of a code as people write it. */
export function bareTussCode(code: string): string {
  return code.replace(/[\s.-]/g, '');
}

const CODE_PREFIX = /^\d{1,8}$/;

/** The loaded table: lookups by code and searches. */
export class Tuss22Table {
  private readonly rows: readonly Indexed[];
  private readonly byCode = new Map<string, Tuss22Entry>();

  constructor(rows: readonly Tuss22Row[]) {
    this.rows = rows.map(([code, term, validFrom, validTo]) => ({
      words: ` ${searchKey(term)}`,
      entry: { code, term, validFrom, ...(validTo ? { validTo } : {}), ended: validTo !== '' },
    }));
    for (const { entry } of this.rows) {
      const known = this.byCode.get(entry.code);
      // The code's name: its term in force, else the one that ended last.
      if (!known || (known.ended && (!entry.ended || entry.validTo! > known.validTo!)))
        this.byCode.set(entry.code, entry);
    }
  }

  /** The number of terms (5.907 in the 2020 snapshot, ended ones included). */
  get size(): number {
    return this.rows.length;
  }

  /**
   * The term of `code` (dots, dash and spaces ignored): the one in force, else the latest ended one
   * (`ended: true`); undefined when the snapshot lacks the code.
   */
  find(code: string): Tuss22Entry | undefined {
    return this.byCode.get(bareTussCode(code.trim()));
  }

  /**
   * Terms matching `query`, at most `limit`, terms in force before ended ones, otherwise in table
   * (code) order:
   * - digits (`101010`, `1.01.01`): the codes starting with them;
   * - otherwise words (`consulta consultorio`, `HEMOGRAMA`): terms having a word that starts with each
   *   word of the query, ignoring accents and case.
   * An empty query answers nothing.
   */
  search(query: string, limit = 20): Tuss22Entry[] {
    const bare = bareTussCode(query.trim());
    let found: Tuss22Entry[];
    if (CODE_PREFIX.test(bare)) {
      found = this.rows.filter((row) => row.entry.code.startsWith(bare)).map((row) => row.entry);
    } else {
      const words = searchKey(query)
        .split(' ')
        .filter((word) => word !== '');
      if (words.length === 0) return [];
      found = this.rows.filter((row) => words.every((word) => row.words.includes(` ${word}`))).map((row) => row.entry);
    }
    return [...found.filter((e) => !e.ended), ...found.filter((e) => e.ended)].slice(0, limit);
  }
}

let loading: Promise<Tuss22Table> | undefined;

/**
 * The table, loaded once on first use: a dynamic import keeps its ~0,5 MB out of the desk's start-up
 * bundle (a chunk of its own, fetched from the installation itself, so it works offline).
 */
export function tuss22Table(): Promise<Tuss22Table> {
  loading ??= import('./tuss22-procedimentos.json', { with: { type: 'json' } }).then(
    (module) => new Tuss22Table(module.default as unknown as Tuss22Row[]),
  );
  return loading;
}

/**
 * Searches TUSS table 22 by code start or words (see {@link Tuss22Table.search}).
 * @param options.limit at most this many terms (default 20).
 */
export async function searchTuss22(query: string, options: { limit?: number } = {}): Promise<Tuss22Entry[]> {
  return (await tuss22Table()).search(query, options.limit);
}

/** The term of a table-22 `code` (see {@link Tuss22Table.find}), undefined when the snapshot lacks it. */
export async function findTuss22(code: string): Promise<Tuss22Entry | undefined> {
  return (await tuss22Table()).find(code);
}
