/**
 * Exporting a price table (spec §4.4 Administration: "export data as JSON or CSV"). The CSV is the
 * import's format (`codigo;descricao;valor;tipo;tabela`, `;` and decimal comma, as Excel pt-BR opens
 * it), so an exported table imports back unchanged. One scope per file, as the import takes one.
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { requireInsuranceScope } from '#core/insurance/scope.js';
import { defineOperation } from '#core/operation.js';
import { eventsById } from './checks.js';
import { formatMoneyText, toCentavos } from './money.js';
import { pricesOfTable, scopeKey } from './price-store.js';
import { priceScopeInput } from './price-table-record.js';
import { requirePriceTable } from './price-table-ops.js';

const TYPE_WORDS: Record<string, string> = {
  consultation: 'consulta',
  procedure: 'procedimento',
  exam: 'exame',
  therapy: 'terapia',
  material: 'material',
  medication: 'medicamento',
  fee: 'taxa',
  package: 'pacote',
};

/** One exported line. */
export interface ExportedPrice {
  event: string;
  code?: string | undefined;
  name: string;
  type: string;
  tissTable?: string | undefined;
  value: number;
}

/** A CSV field, quoted when it holds the delimiter, a quote or a line break. */
function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV text of exported prices, with a UTF-8 BOM so spreadsheet programs read the accents. */
export function pricesToCsv(rows: readonly ExportedPrice[]): string {
  const lines = ['codigo;descricao;valor;tipo;tabela'];
  for (const row of rows) {
    lines.push(
      [
        row.code ?? '',
        row.name,
        formatMoneyText(toCentavos(row.value)),
        TYPE_WORDS[row.type] ?? row.type,
        row.tissTable ?? '',
      ]
        .map(csvField)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `priceTable.export`: `GET /priceTable/{id}/export`. */
export const exportPriceTable = defineOperation({
  name: 'priceTable.export',
  group: 'Administration',
  summary: 'Exporta os preços de uma tabela em CSV ou JSON',
  description:
    'Exporta os preços de um escopo (geral por padrão, ou de um convênio/plano). O CSV tem o formato da importação. ' +
    'Responde o nome sugerido do arquivo, o tipo de mídia e o conteúdo como texto.',
  permission: 'priceTable:read',
  input: z.strictObject({ id: idInput, format: z.enum(['csv', 'json']).default('csv'), ...priceScopeInput }),
  output: z.object({ fileName: z.string(), mediaType: z.string(), rows: z.number().int(), content: z.string() }),
  http: { method: 'GET', path: '/priceTable/{id}/export' },
  example: { id: EXAMPLE_ID, format: 'csv' },
  async run(ctx, { id, format, insurance, insurancePlan }) {
    const table = await requirePriceTable(ctx, id);
    await requireInsuranceScope(ctx, { insurance, insurancePlan });
    const key = scopeKey({ insurance, insurancePlan });
    const chosen = (await pricesOfTable(ctx.store, id)).filter((p) => scopeKey(p) === key);
    const details = await eventsById(
      ctx,
      chosen.map((p) => p.event),
    );
    const rows: ExportedPrice[] = chosen
      .flatMap((p) => {
        const event = details.get(p.event);
        return event
          ? [
              {
                event: p.event,
                code: event.code,
                name: event.name,
                type: event.type,
                tissTable: event.tissTable,
                value: p.value,
              },
            ]
          : [];
      })
      .sort((a, b) =>
        (a.code ?? '') < (b.code ?? '') ? -1 : (a.code ?? '') > (b.code ?? '') ? 1 : a.name < b.name ? -1 : 1,
      );
    const base = `tabela-${table.nameKey.replace(/ /g, '-') || table.id}`;
    if (format === 'json') {
      const content = JSON.stringify(
        { priceTable: { id: table.id, name: table.name, insurance, insurancePlan }, prices: rows },
        null,
        2,
      );
      return { fileName: `${base}.json`, mediaType: 'application/json', rows: rows.length, content };
    }
    return {
      fileName: `${base}.csv`,
      mediaType: 'text/csv; charset=utf-8',
      rows: rows.length,
      content: pricesToCsv(rows),
    };
  },
});
