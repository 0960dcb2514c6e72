/**
 * `inventory.export` (spec §4.4 Inventory: "export inventory data as CSV or PDF"): a clinic's stock
 * position as a file. Answers JSON `{ fileName, mediaType, rows, content }` as the other exports do
 * (core/price/csv-export-ops.ts); the CSV's content is the text itself.
 */
import { z } from 'zod';
import { clinics } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { positionToCsv } from './export-csv.js';
import { clinicToday } from './movement-write.js';
import { positionOf } from './position.js';

/** `inventory.export`: `GET /inventory/clinic/{clinicId}/export`. */
export const exportStock = defineOperation({
  name: 'inventory.export',
  group: 'Inventory',
  summary: 'Exporta a posição do estoque de uma clínica em CSV (Excel pt-BR: ponto e vírgula, vírgula decimal)',
  permission: 'inventory:read',
  input: z.strictObject({ clinicId: refInput(() => clinics), format: z.enum(['csv']).default('csv') }),
  output: z.object({ fileName: z.string(), mediaType: z.string(), rows: z.number().int(), content: z.string() }),
  http: { method: 'GET', path: '/inventory/clinic/{clinicId}/export' },
  example: { clinicId: EXAMPLE_ID, format: 'csv' },
  async run(ctx, { clinicId }) {
    const today = await clinicToday(ctx, ctx.store, clinicId, 'clinicId');
    const { lines, totals } = await positionOf(ctx.store, clinicId, today);
    return {
      fileName: `estoque-${today}.csv`,
      mediaType: 'text/csv; charset=utf-8',
      rows: lines.length,
      content: positionToCsv(lines, totals),
    };
  },
});
