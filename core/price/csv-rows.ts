/**
 * Reading CSV text as rows, streaming: chunks of text in, rows out, never the whole file in memory.
 *
 * The parser is csv-parse's browser ESM build: core runs in the renderer and in Node, and that build
 * (csv-parse's own bundle with its stream and Buffer shims) runs in both; the Node build imports
 * `node:stream`. It is driven in paused mode: write a chunk, wait for its callback, read the rows it
 * produced, so memory stays bounded by one chunk's rows. Callers may inject another
 * {@link CsvRowReader} (e.g. Node's native csv-parse stream on the server).
 */
import { parse, type CsvError, type Info } from 'csv-parse/browser/esm';

/** One CSV record and the line (1-based) where it starts; a blank line is `['']`. */
export interface CsvRow {
  line: number;
  fields: string[];
}

/** Options every reader honours. */
export interface CsvReadOptions {
  /** Field delimiter; detected from the header line when omitted (`;`, `,` or tab). */
  delimiter?: ';' | ',' | '\t' | undefined;
}

/**
 * Turns text chunks into rows. Throws {@link CsvSyntaxError} for text that is not CSV (an unclosed
 * quote): the rows before it were already yielded.
 */
export type CsvRowReader = (chunks: AsyncIterable<string>, options?: CsvReadOptions) => AsyncIterable<CsvRow>;

/** Malformed CSV at `line`; `message` in pt-BR. */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** pt-BR for csv-parse's error codes (some carry a `CSV_` prefix, some not). */
const MESSAGES: Record<string, string> = {
  QUOTE_NOT_CLOSED: 'aspas abertas e não fechadas',
  INVALID_CLOSING_QUOTE: 'texto depois das aspas de fechamento',
  INVALID_OPENING_QUOTE: 'aspas no meio de um campo sem aspas',
  RECORD_INCONSISTENT_FIELDS_LENGTH: 'número de colunas diferente do cabeçalho',
};

/**
 * The error at the record that failed, which starts at `line`: csv-parse counts to where it stopped
 * (for an unclosed quote, the end of the file), the start is where the reception should look.
 */
function syntaxError(error: unknown, line: number): CsvSyntaxError {
  const code = (error as Partial<CsvError>).code?.replace(/^CSV_/, '');
  return new CsvSyntaxError(line, `CSV malformado: ${(code && MESSAGES[code]) ?? code ?? 'texto inválido'}`);
}

/** The delimiter used most in a header line, outside quotes; `;` on a tie (Excel pt-BR's). */
export function detectDelimiter(headerLine: string): ';' | ',' | '\t' {
  const outside = headerLine.replace(/"[^"]*"/g, '');
  const counts = ([';', ',', '\t'] as const).map((d) => [d, outside.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ';';
}

/** Buffers chunks until the first line is complete, so the delimiter can be detected from it. */
async function* withHeaderPeek(
  chunks: AsyncIterable<string>,
  onHeader: (line: string) => void,
): AsyncGenerator<string> {
  let head = '';
  let seen = false;
  for await (const chunk of chunks) {
    if (seen) {
      yield chunk;
      continue;
    }
    head += chunk;
    const end = head.search(/\r?\n/);
    if (end >= 0) {
      seen = true;
      onHeader(head.slice(0, end));
      yield head;
    }
  }
  if (!seen) {
    onHeader(head);
    yield head;
  }
}

/** The default {@link CsvRowReader}: csv-parse, UTF-8 BOM skipped, ragged rows allowed (checked by the caller). */
export const readCsvRows: CsvRowReader = async function* (chunks, options = {}) {
  let delimiter = options.delimiter;
  const source = withHeaderPeek(chunks, (line) => {
    delimiter ??= detectDelimiter(line.replace(/^\uFEFF/, ''));
  });
  let parser: ReturnType<typeof parse> | undefined;
  let failure: unknown;
  let lastEnd = 0;
  function* drain(): Generator<CsvRow> {
    if (!parser) return;
    let item: { record: string[]; info: Info } | null;
    while ((item = parser.read() as { record: string[]; info: Info } | null) !== null) {
      const row = { line: lastEnd + 1, fields: item.record };
      lastEnd = item.info.lines;
      yield row;
    }
  }
  const open = () => {
    const created = parse({ delimiter: delimiter ?? ';', bom: true, relax_column_count: true, info: true });
    created.on('error', (error) => {
      failure ??= error;
    });
    return created;
  };
  for await (const chunk of source) {
    const current = (parser ??= open());
    // The callback fires once the chunk is parsed (or failed): its rows are then waiting in `read()`.
    await new Promise<void>((resolve) => current.write(chunk, () => resolve()));
    yield* drain();
    if (failure) throw syntaxError(failure, lastEnd + 1);
  }
  if (!parser) return;
  const last = parser;
  await new Promise<void>((resolve) => {
    last.once('error', () => resolve());
    last.end(() => resolve());
  });
  yield* drain();
  if (failure) throw syntaxError(failure, lastEnd + 1);
};

/** Async iterable of `text` in pieces of `size` characters (text already in memory, e.g. a REST body). */
export function textChunks(text: string, size = 64 * 1024): AsyncIterable<string> {
  return {
    async *[Symbol.asyncIterator]() {
      for (let at = 0; at < text.length; at += size) yield await Promise.resolve(text.slice(at, at + size));
    },
  };
}
