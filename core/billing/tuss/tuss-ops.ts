/**
 * TUSS table 22 search (spec §4.4 Integration, beside "return exam details for an attendance": the
 * procedures and exams of guides and requests are coded in TUSS 22; TISS-045). Runs on the server and
 * on desks alike, offline: the table ships with the product.
 */
import { z } from 'zod';
import { defineOperation } from '#core/operation.js';
import { searchTuss22 } from './tuss22.js';

const entryOutput = z
  .object({
    code: z.string().describe('8 dígitos: `10101012`'),
    term: z.string().describe('termo da tabela 22'),
    validFrom: z.string().describe('início de vigência, AAAA-MM-DD'),
    validTo: z.string().optional().describe('fim de vigência, AAAA-MM-DD (termo encerrado)'),
    ended: z.boolean().describe('termo fora de vigência: renomeado ou retirado da tabela'),
  })
  .meta({ id: 'Tuss22Entry' });

/** `tuss.procedure.search`: `GET /tuss/procedure?q=consulta`: by code start or words, terms in force first. */
export const searchTussProcedureOperation = defineOperation({
  name: 'tuss.procedure.search',
  group: 'Integration',
  summary: 'Busca procedimentos e exames na tabela TUSS 22 (ANS, 2020) por código ou palavras, sem diferenciar acentos',
  description:
    'Códigos que começam pelos dígitos informados (pontos e traço ignorados) ou termos com palavras que começam ' +
    'por cada palavra da busca; termos em vigência primeiro, encerrados depois (marcados `ended`).',
  permission: 'authorization:read',
  input: z.strictObject({
    q: z.string().trim().min(1, 'informe o código ou palavras').max(120),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  output: z.object({ items: z.array(entryOutput) }),
  http: { method: 'GET', path: '/tuss/procedure' },
  example: { q: 'consulta consultório' },
  run: async (_ctx, { q, limit }) => ({ items: await searchTuss22(q, { limit }) }),
});
