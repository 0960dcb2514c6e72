/**
 * The operator's analysis of one guide entered by hand (issue 25: many insurers send the return as a
 * PDF or a spreadsheet, not a demonstrativoAnaliseConta XML): the guide's status, what was released
 * and each glosa, of the guide or of one of its lines. It is the same `analysis` the XML import
 * writes, so an appeal can follow (docs/decisions/billing.md TISS-014).
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { formatMoneyText, reaisInput, toCentavos } from '#core/price/money.js';
import { billingAttendances } from './attendance-record.js';
import { GROUP } from './batch-ops.js';
import { billingBatches } from './batch-record.js';
import { attendanceCentavos } from './totals.js';

/** dm_statusProtocolo (TISS 4.01.00): 1 recebido, 3 liberado para pagamento, 6 pagamento efetuado … 9 cancelado. */
export const PROTOCOL_STATUSES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

const glosaInput = z.strictObject({
  sequence: z.number().int().min(1).max(999).optional().describe('linha da guia (sequencial); ausente: glosa da guia'),
  code: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'código de glosa TISS tem 4 dígitos (tabela 38)')
    .describe('dm_tipoGlosa'),
  value: reaisInput.optional(),
  description: z.string().trim().max(500).optional(),
});

/** `billing.attendance.analysis`: `PUT /billing/attendance/{id}/analysis`. */
export const enterAnalysis = defineOperation({
  name: 'billing.attendance.analysis',
  group: GROUP,
  summary: 'Registra à mão a análise da operadora de uma guia: situação, valor liberado e glosas',
  description:
    'Para operadoras que devolvem o demonstrativo em PDF ou planilha. Só para atendimentos de lote enviado; ' +
    'as glosas de linha citam o número sequencial da linha, e a soma liberada mais glosada não passa do total da guia.',
  permission: 'billing:write',
  input: z.strictObject({
    id: idInput,
    status: z.enum(PROTOCOL_STATUSES).describe('dm_statusProtocolo'),
    released: reaisInput,
    glosas: z.array(glosaInput).max(100).default([]),
  }),
  output: z.object({ message: z.string(), id: z.string() }),
  http: { method: 'PUT', path: '/billing/attendance/{id}/analysis' },
  example: { id: EXAMPLE_ID, status: '3', released: 150, glosas: [{ sequence: 2, code: '1801', value: 45.9 }] },
  async run(ctx, { id, status, released, glosas }) {
    const attendance = await requireRecord(ctx.store.collection(billingAttendances), id, 'Atendimento');
    const batch = attendance.batch ? await ctx.store.collection(billingBatches).get(attendance.batch) : undefined;
    if (batch?.status !== 'sent')
      throw invalidTransition('A análise da operadora vem depois do envio do lote', 'id', 'lote não enviado');
    const problems = glosas.flatMap((g, i) =>
      g.sequence !== undefined && g.sequence > attendance.items.length
        ? [{ path: `glosas.${i}.sequence`, message: `a guia tem ${attendance.items.length} linhas` }]
        : [],
    );
    const refused = glosas.reduce((sum, g) => sum + toCentavos(g.value ?? 0), 0);
    if (toCentavos(released) + refused > attendanceCentavos(attendance))
      problems.push({
        path: 'released',
        message: `liberado mais glosado passa do total da guia (R$ ${formatMoneyText(attendanceCentavos(attendance))})`,
      });
    if (problems.length) throw new DomainError('validation', 'Análise da guia com valores incoerentes', problems);
    const at = nowIso(ctx);
    await ctx.store.collection(billingAttendances).update(id, attendance._rev, {
      ...attendance,
      analysis: { status, released, glosas, at },
      updatedAt: at,
    });
    return { message: 'Análise da guia registrada', id };
  },
});
