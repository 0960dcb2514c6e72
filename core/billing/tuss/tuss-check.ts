/**
 * Warnings, never refusals, about TUSS table-22 codes the shipped 2020 snapshot does not know (TISS-045):
 * the table grows every year and an insurer may accept a newer code, so the clerk is told to check it,
 * and the guide or request is kept as typed.
 */
import { z } from 'zod';
import { tuss22Table } from './tuss22.js';

/** A warning on one field: the answer still succeeded. */
export const tussWarningOutput = z
  .object({ path: z.string(), message: z.string() })
  .meta({ id: 'TussWarning', description: 'aviso (não impede a operação)' });

/** The answer's `warnings` field: present only when there is one. */
export const tussWarningsField = {
  warnings: z.array(tussWarningOutput).optional().describe('códigos TUSS fora da tabela 22 de 2020: confira'),
};

/**
 * One warning per item of TUSS table 22 whose code the snapshot lacks, its path `<path>.<index>.code`;
 * an ended term (renamed or withdrawn) warns too, naming its end of validity. Items of other tables
 * (18, 19, 20, 98, 00) are not checked.
 */
export async function tuss22Warnings(
  items: readonly { table: string; code: string }[],
  path: string,
): Promise<z.output<typeof tussWarningOutput>[]> {
  const table = await tuss22Table();
  const warnings: z.output<typeof tussWarningOutput>[] = [];
  for (const [index, item] of items.entries()) {
    if (item.table !== '22') continue;
    const entry = table.find(item.code);
    const message = !entry
      ? `código ${item.code} não está na tabela TUSS 22 (2020): confira com a operadora`
      : entry.ended
        ? `código ${item.code} saiu da tabela TUSS 22 em ${entry.validTo!.split('-').reverse().join('/')}: confira com a operadora`
        : undefined;
    if (message) warnings.push({ path: `${path}.${index}.code`, message });
  }
  return warnings;
}

/** `{ warnings }` for the answer, or nothing when there are none. */
export async function withTuss22Warnings(
  items: readonly { table: string; code: string }[],
  path: string,
): Promise<{ warnings?: z.output<typeof tussWarningOutput>[] }> {
  const warnings = await tuss22Warnings(items, path);
  return warnings.length ? { warnings } : {};
}
