/**
 * CID-10 (Classificação Estatística Internacional de Doenças, 10ª revisão), as DATASUS distributes it:
 * the 2008 release's 12.451 subcategories with their sex restriction, converted by
 * `scripts/cid10-to-json.mjs` into `cid10-subcategorias.json` (see README.md beside it). Searched
 * offline, by code or by words, ignoring accents and case: a desk without network finds codes too.
 */
import { searchKey } from '#core/br/text.js';

/** The table's sex restriction: the diagnosis applies only to patients of that sex. */
export type Cid10Sex = 'F' | 'M';

/** One subcategory (or a category without subdivisions, `A34`). */
export interface Cid10Entry {
  /** As people write it: `A00.0`, `A34`. */
  code: string;
  /** pt-BR description (DATASUS `DESCRICAO`). */
  description: string;
  /** Sex restriction (DATASUS `RESTRSEXO`): `F` female only, `M` male only; absent for both. */
  sex?: Cid10Sex;
}

interface Indexed {
  entry: Cid10Entry;
  /** Code without the dot (`A000`). */
  bare: string;
  /** {@link searchKey} of the description, a space before it so word starts match ` word`. */
  words: string;
}

/** `a00.0`, ` A00 0 `, `A000` → `A000`: upper case without dot, spaces or dash. */
export function bareCode(code: string): string {
  return code.toUpperCase().replace(/[\s.-]/g, '');
}

const CODE_PREFIX = /^[A-Z]\d{0,3}$/;

/** The loaded table: lookups by code and searches. */
export class Cid10Table {
  private readonly rows: readonly Indexed[];
  private readonly byCode: ReadonlyMap<string, Cid10Entry>;

  constructor(rows: readonly (readonly [string, string, string])[]) {
    this.rows = rows.map(([bare, description, sex]) => ({
      bare,
      words: ` ${searchKey(description)}`,
      entry: {
        code: bare.length > 3 ? `${bare.slice(0, 3)}.${bare.slice(3)}` : bare,
        description,
        ...(sex === 'F' || sex === 'M' ? { sex } : {}),
      },
    }));
    this.byCode = new Map(this.rows.map((row) => [row.bare, row.entry]));
  }

  /** The number of entries (12.451 for the 2008 release). */
  get size(): number {
    return this.rows.length;
  }

  /** The entry of `code` (with or without the dot, any case), undefined when the table lacks it. */
  find(code: string): Cid10Entry | undefined {
    return this.byCode.get(bareCode(code));
  }

  /**
   * Entries matching `query`, in table (code) order, at most `limit`:
   * - a code or its start (`J45`, `j45.0`, `J4`): the codes starting with it;
   * - otherwise words (`asma alergica`, `ASMA`): entries whose description has a word starting with
   *   each word of the query, ignoring accents and case; codes matching as a prefix come first.
   * An empty query answers nothing.
   */
  search(query: string, limit = 20): Cid10Entry[] {
    const found: Cid10Entry[] = [];
    const bare = bareCode(query.trim());
    if (CODE_PREFIX.test(bare)) {
      for (const row of this.rows) {
        if (!row.bare.startsWith(bare)) continue;
        found.push(row.entry);
        if (found.length >= limit) return found;
      }
    }
    const words = searchKey(query)
      .split(' ')
      .filter((word) => word !== '');
    if (words.length === 0 || /^[a-z]\d/.test(words[0]!)) return found;
    for (const row of this.rows) {
      if (!words.every((word) => row.words.includes(` ${word}`))) continue;
      if (found.includes(row.entry)) continue;
      found.push(row.entry);
      if (found.length >= limit) break;
    }
    return found;
  }
}

let loading: Promise<Cid10Table> | undefined;

/**
 * The table, loaded once on first use: a dynamic import keeps its ~1 MB out of the desk's start-up
 * bundle (a chunk of its own, fetched from the installation itself, so it works offline).
 */
export function cid10Table(): Promise<Cid10Table> {
  loading ??= import('./cid10-subcategorias.json', { with: { type: 'json' } }).then(
    (module) => new Cid10Table(module.default as [string, string, string][]),
  );
  return loading;
}
