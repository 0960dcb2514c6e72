/**
 * Refusals (glosas) and appeals (spec §4.4 Billing: "request a refusal appeal for an attendance or
 * batch"). The operator's account analysis statement (demonstrativoAnaliseConta XML) is checked
 * against the ANS schemas and read into each attendance of the batch; an appeal (recurso de glosa)
 * of the refused lines is written as a TISS message, checked against the schemas and recorded on
 * the batch. Delivery is by the operator's portal, as for batches (docs/decisions/billing.md).
 */
import { z } from 'zod';
import { clinics } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation } from '#core/operation.js';
import { fromCentavos, toCentavos } from '#core/price/money.js';
import { billingAttendances, type AttendanceGlosa } from './attendance-record.js';
import { attendancesOf } from './batch-document.js';
import { answerBatch, batchAnswer, GROUP } from './batch-ops.js';
import { billingBatches } from './batch-record.js';
import { readAnalysisStatements } from './tiss/analysis-statement.js';
import { writeAppealMessage, type AppealGuide } from './tiss/appeal.js';
import { toLatin1 } from './tiss/latin1.js';
import { validateTissMessage } from './tiss/schema-validator.js';

/** The number series of appeal numbers (numeroGuiaRecGlosaPrestador). */
export const APPEAL_SERIES = 'tissAppeal';

function schemaProblems(problems: { path: string; message: string }[], message: string): DomainError {
  return new DomainError(
    'validation',
    message,
    problems.map((p) => ({ path: p.path, message: p.message })),
  );
}

/** `billing.batch.importGlosa`: `POST /billing/batch/{id}/glosa`. */
export const importGlosa = defineOperation({
  name: 'billing.batch.importGlosa',
  group: GROUP,
  summary: 'Importa o demonstrativo de análise de conta (XML TISS) da operadora: glosas e valores liberados por guia',
  description:
    'O XML é validado pelos esquemas da ANS; o protocolo do lote (pelo número do lote) é lido e cada guia vai ao ' +
    'atendimento de mesmo número de guia do prestador. Guias que não são deste lote são listadas em `unmatched`.',
  permission: 'billing:write',
  input: z.strictObject({ id: idInput, xml: z.string().min(1).max(10_000_000).describe('o XML do demonstrativo') }),
  output: z.object({ batch: batchAnswer, matched: z.number(), unmatched: z.array(z.string()) }),
  http: { method: 'POST', path: '/billing/batch/{id}/glosa' },
  example: { id: EXAMPLE_ID, xml: '<?xml version="1.0" encoding="ISO-8859-1"?><ans:mensagemTISS …/>' },
  async run(ctx, { id, xml }) {
    const batch = await requireRecord(ctx.store.collection(billingBatches), id, 'Lote');
    const problems = await validateTissMessage(toLatin1(xml), batch.tissVersion);
    if (problems.length) throw schemaProblems(problems, 'O demonstrativo não passa nos esquemas TISS da ANS');
    const protocol = readAnalysisStatements(xml).find((p) => p.batchNumber === String(batch.batchNumber));
    if (!protocol) {
      throw new DomainError('validation', 'O demonstrativo não traz este lote', [
        { path: 'xml', message: `sem o lote ${batch.batchNumber}` },
      ]);
    }
    const attendances = await attendancesOf(ctx.store, batch);
    const byGuide = new Map(attendances.map((a) => [a.guideNumber, a]));
    const at = nowIso(ctx);
    const unmatched: string[] = [];
    let matched = 0;
    const next = await ctx.store.transaction(async (store) => {
      for (const guide of protocol.guides) {
        const attendance = byGuide.get(guide.guideNumber);
        if (!attendance) {
          unmatched.push(guide.guideNumber);
          continue;
        }
        matched++;
        const glosas: AttendanceGlosa[] = [
          ...guide.glosas.map((g) => ({ code: g.code, ...(g.description ? { description: g.description } : {}) })),
          ...guide.items.flatMap((item) =>
            item.glosas.map((g) => ({
              sequence: item.sequence,
              code: g.code,
              ...(g.centavos !== undefined ? { value: fromCentavos(g.centavos) } : {}),
            })),
          ),
        ];
        await store.collection(billingAttendances).update(attendance.id, attendance._rev, {
          ...attendance,
          analysis: { status: guide.status, released: fromCentavos(guide.releasedCentavos), glosas, at },
          updatedAt: at,
        });
      }
      const current = (await store.collection(billingBatches).get(id))!;
      return current.protocol
        ? current
        : store
            .collection(billingBatches)
            .update(id, current._rev, { ...current, protocol: protocol.protocol, updatedAt: at });
    });
    return { batch: await answerBatch(ctx, next), matched, unmatched };
  },
});

/** `billing.appeal.create`: `POST /billing/batch/{id}/appeal`. */
export const createAppeal = defineOperation({
  name: 'billing.appeal.create',
  group: GROUP,
  summary: 'Gera o recurso de glosa (XML TISS) dos atendimentos glosados de um lote',
  description:
    'Recorre de cada linha glosada (ou da guia inteira, quando a glosa é da guia) dos atendimentos informados, ou de ' +
    'todos os glosados do lote, com a justificativa dada. O XML é validado pelos esquemas da ANS e o recurso fica no lote.',
  permission: 'billing:write',
  input: z.strictObject({
    id: idInput,
    attendances: z.array(idInput).max(100).optional().describe('sem eles: todos os atendimentos glosados do lote'),
    justification: z.string().trim().min(1, 'informe a justificativa').max(500),
  }),
  output: z.object({
    batch: batchAnswer,
    appeal: z.object({
      number: z.number(),
      fileName: z.string(),
      xml: z.string(),
      hash: z.string(),
      total: z.number(),
    }),
  }),
  http: { method: 'POST', path: '/billing/batch/{id}/appeal', status: 201 },
  example: { id: EXAMPLE_ID, justification: 'Procedimento coberto pelo contrato; laudo anexo' },
  async run(ctx, { id, attendances: chosen, justification }) {
    const batch = await requireRecord(ctx.store.collection(billingBatches), id, 'Lote');
    if (batch.status !== 'sent' || !batch.protocol) {
      throw invalidTransition('Só se recorre de lote enviado, com protocolo', 'id', 'lote sem protocolo da operadora');
    }
    const all = await attendancesOf(ctx.store, batch);
    const refused = all.filter((a) => (a.analysis?.glosas.length ?? 0) > 0 && (!chosen || chosen.includes(a.id)));
    if (refused.length === 0) {
      throw new DomainError('validation', 'Nenhum atendimento glosado a recorrer', [
        { path: 'attendances', message: 'importe o demonstrativo da operadora antes' },
      ]);
    }
    let total = 0;
    const guides: AppealGuide[] = refused.map((a) => {
      const glosas = a.analysis!.glosas;
      const lines = glosas.filter((g) => g.sequence !== undefined);
      if (lines.length === 0) {
        return {
          guideNumber: a.guideNumber,
          whole: glosas.map((g) => ({ glosaCode: g.code, justification })),
        };
      }
      // The order the guide was written in: procedures, then other expenses (tiss/guides.ts).
      const written = [...a.items.filter((i) => !i.expenseCode), ...a.items.filter((i) => i.expenseCode)];
      return {
        guideNumber: a.guideNumber,
        items: lines.map((g) => {
          const item = written[g.sequence! - 1];
          const centavos = toCentavos(g.value ?? 0);
          total += centavos;
          return {
            sequence: g.sequence!,
            date: item?.date ?? a.date,
            table: item?.table ?? '22',
            code: item?.code ?? '',
            description: item?.description ?? '',
            glosaCode: g.code,
            centavos,
            justification,
          };
        }),
      };
    });
    const insurance = await requireRecord(ctx.store.collection(insurances), batch.insurance, 'Convênio');
    const clinic = await requireRecord(ctx.store.collection(clinics), batch.clinic, 'Clínica');
    const number = await ctx.numbers.next(APPEAL_SERIES);
    const local = ctx.clock.now().toLocaleString('sv-SE', { timeZone: clinic.timeZone, hour12: false });
    const message = writeAppealMessage({
      version: batch.tissVersion,
      appealNumber: String(number),
      transactionNumber: String(number),
      day: local.slice(0, 10),
      time: local.slice(11, 19),
      ansRegistry: insurance.ansRegistry ?? '',
      operatorName: insurance.legalName ?? insurance.name,
      provider: {
        providerCode: insurance.providerCode,
        cnpj: clinic.cnpj,
        cnes: clinic.cnes ?? '9999999',
        name: clinic.name,
      },
      batchNumber: String(batch.batchNumber),
      protocol: batch.protocol,
      guides,
      totalCentavos: total,
    });
    const problems = await validateTissMessage(message.bytes, batch.tissVersion);
    if (problems.length) throw schemaProblems(problems, 'O recurso não passa nos esquemas TISS da ANS');
    const at = nowIso(ctx);
    const appeal = {
      number,
      at,
      by: ctx.actor.id,
      hash: message.hash,
      attendances: refused.map((a) => a.id),
      total: fromCentavos(total),
    };
    const next = await ctx.store
      .collection(billingBatches)
      .update(id, batch._rev, { ...batch, appeals: [...(batch.appeals ?? []), appeal], updatedAt: at });
    return {
      batch: await answerBatch(ctx, next),
      appeal: {
        number,
        fileName: `recurso_${String(number).padStart(12, '0')}_${message.hash}.xml`,
        xml: message.xml,
        hash: message.hash,
        total: appeal.total,
      },
    };
  },
});

/** The operations of this file. */
export const glosaOperations = [importGlosa, createAppeal];
