/** CID-10 search (spec §4.4 Medical Record: the diagnosis of the record is coded in CID-10). */
import { z } from 'zod';
import { defineOperation } from '#core/operation.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { cid10Table } from './cid10.js';

const entryOutput = z
  .object({
    code: z.string().describe('`J45.0`'),
    description: z.string(),
    sex: z.enum(['F', 'M']).optional().describe('restrição de sexo da tabela DATASUS'),
  })
  .meta({ id: 'Cid10Entry' });

/** `cid10.search`: `GET /cid10/?q=asma`: by code start or by words, ignoring accents; offline on desks. */
export const searchCid10Operation = defineOperation({
  name: 'cid10.search',
  group: GROUP,
  summary: 'Busca códigos CID-10 (DATASUS 2008) por código ou palavras, sem diferenciar acentos',
  permission: 'medicalRecord:read',
  input: z.strictObject({
    q: z.string().trim().min(1, 'informe o código ou palavras').max(120),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  output: z.object({ items: z.array(entryOutput) }),
  http: { method: 'GET', path: '/cid10/' },
  example: { q: 'asma alérgica' },
  run: async (_ctx, { q, limit }) => ({ items: (await cid10Table()).search(q, limit) }),
});
