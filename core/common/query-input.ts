/**
 * Schemas of list parameters. On REST they arrive as query-string text; in the renderer as typed
 * values; both parse to the same output.
 */
import { z } from 'zod';
import { idInput } from './records.js';

/** Page size: 1 to 100, 20 by default. */
export const limitInput = z.coerce
  .number({ message: 'limite inválido' })
  .int('limite inválido')
  .min(1)
  .max(100)
  .default(20)
  .describe('itens por página (1 a 100)');

/** The `next` of the previous page. */
export const cursorInput = z.string().min(1).max(512).optional().describe('o `next` da página anterior');

/**
 * Which records a list shows by their logical state: `true` (default) only active ones, `false`
 * only inactive ones, `all` both. Outputs a boolean, or undefined for both.
 */
export const activeFilterInput = z
  .union([z.boolean(), z.enum(['true', 'false', 'all'])])
  .default(true)
  .transform((value) => (value === 'all' ? undefined : value === true || value === 'true'))
  .describe('true (padrão): só ativos; false: só inativos; all: todos');

/** An optional yes/no filter: boolean or `true`/`false` text. */
export const booleanFilterInput = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .optional();

/**
 * A list of record ids: an array, or comma-separated text (`?event=a,b`), or the parameter repeated
 * (`?event=a&event=b`). Duplicates are dropped; 1 to `max` ids.
 */
export function idListInput(max = 500) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : value,
    z
      .array(idInput)
      .min(1, 'informe ao menos um id')
      .max(max, `no máximo ${max} ids`)
      .transform((ids) => [...new Set(ids)]),
  );
}
