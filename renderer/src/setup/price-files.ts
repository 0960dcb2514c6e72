/**
 * Price table files at the desk: the export's text as a file to save (the core writes it as pt-BR
 * Excel opens it: `;`, decimal comma, CRLF, UTF-8 BOM; core/price/csv-export-ops.ts) and an import's
 * refusal as rows a person can read (line, column, why; core/price/csv-import-ops.ts). Pure but for
 * {@link saveFile}.
 */
import type { ErrorDetail } from '#core/errors.js';

/**
 * The bytes of an exported file, exactly as the core wrote the text: the BOM it starts with stays
 * (Excel reads the accents only with it).
 */
export function fileBytes(content: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(content);
}

/** One rejected row of an import, as the report lists it. */
export interface RejectedRow {
  /** The file's line (1 is the header), or null for a problem of the whole file. */
  line: number | null;
  /** The column as the file named it, or '' when the problem is the row's or the file's. */
  column: string;
  message: string;
}

/**
 * The rows of an import's refusal, from its details (`csv.<line>.<column>`, message `linha N: …`),
 * by line; details that name no line (the table, the scope) come first with line null. The message
 * loses its `linha N:` prefix, which the report shows in its own column.
 */
export function rejectedRows(details: readonly ErrorDetail[]): RejectedRow[] {
  return details
    .map((detail): RejectedRow => {
      const m = /^csv\.(\d+)(?:\.(.*))?$/.exec(detail.path);
      if (!m) return { line: null, column: '', message: detail.message };
      return { line: Number(m[1]), column: m[2] ?? '', message: detail.message.replace(/^linha \d+:\s*/, '') };
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** Offers `content` as a download named `fileName` (the browser's save, or Electron's). */
export function saveFile(fileName: string, content: string, mediaType: string): void {
  const url = URL.createObjectURL(new Blob([fileBytes(content)], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
