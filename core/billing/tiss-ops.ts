/**
 * The TISS side of a batch (spec §4.4 Insurance: "get batch TISS XML", "send a TISS billing batch",
 * "cancel the sending of a batch"; Unregulated: "generate an XML file for a batch"). Sending here
 * means: the message is written and must pass the ANS schemas of the insurer's version; the batch is
 * then locked as `sent`, with the hash and the operator's protocol number. Delivery through the
 * operator's web service (SOAP, tissLoteGuias WSDL) is not in this slice: the file is uploaded on
 * the operator's portal and its protocol entered (docs/decisions/billing.md).
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { checkedMessage } from './batch-document.js';
import { answerBatch, batchAnswer, requireOpenBatch } from './batch-ops.js';
import { billingBatches } from './batch-record.js';

/** The operator's protocol number: numeroProtocolo is st_texto12 in the ANS schemas. */
const protocolInput = z.string().trim().min(1).max(12, 'protocolo TISS tem até 12 caracteres');

const problemOutput = z
  .object({
    path: z.string().describe('campo TISS (nome do elemento) ou `xml`'),
    message: z.string(),
    detail: z.string().describe('mensagem do validador (libxml2)'),
    line: z.number().optional(),
  })
  .meta({ id: 'TissProblem' });

const xmlAnswer = z
  .object({
    fileName: z.string(),
    encoding: z.literal('ISO-8859-1'),
    xml: z.string().describe('o documento sem indentação; gravar em ISO-8859-1'),
    hash: z.string().describe('hash MD5 do epílogo (Componente Organizacional, item 115)'),
    valid: z.boolean(),
    problems: z.array(problemOutput),
  })
  .meta({ id: 'TissBatchXml' });

/** File name the ANS suggests: the batch number and the hash. */
function fileName(batchNumber: number, hash: string): string {
  return `${String(batchNumber).padStart(20, '0')}_${hash}.xml`;
}

async function xmlOf(ctx: Parameters<typeof checkedMessage>[0], id: string) {
  const batch = await requireRecord(ctx.store.collection(billingBatches), id, 'Lote');
  const message = await checkedMessage(ctx, batch);
  return {
    fileName: fileName(batch.batchNumber, message.hash),
    encoding: 'ISO-8859-1' as const,
    xml: message.xml,
    hash: message.hash,
    valid: message.problems.length === 0,
    problems: message.problems,
  };
}

/** `insurance.batch.tissXml`: `GET /billing/batch/{id}/tissXml`. */
export const getBatchTissXml = defineOperation({
  name: 'insurance.batch.tissXml',
  group: 'Insurance',
  summary: 'Gera o XML TISS do lote (mensagemTISS) e o valida pelos esquemas da ANS',
  permission: 'billing:read',
  input: z.strictObject({ id: idInput }),
  output: xmlAnswer,
  http: { method: 'GET', path: '/billing/batch/{id}/tissXml' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => xmlOf(ctx, id),
});

/** `unregulated.batch.xml`: `GET /unregulated/batch/{id}/xml`. */
export const generateBatchXmlFile = defineOperation({
  name: 'unregulated.batch.xml',
  group: 'Unregulated',
  summary: 'Gera o arquivo XML de um lote (para envio pelo portal da operadora)',
  permission: 'billing:read',
  input: z.strictObject({ id: idInput }),
  output: xmlAnswer,
  http: { method: 'GET', path: '/unregulated/batch/{id}/xml' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => xmlOf(ctx, id),
});

/** `insurance.batch.send`: `POST /billing/batch/{id}/send`. */
export const sendBatch = defineOperation({
  name: 'insurance.batch.send',
  group: 'Insurance',
  summary: 'Envia o lote TISS: valida pelos esquemas da ANS e marca como enviado (com o protocolo da operadora)',
  description:
    'Um lote que não passa nos esquemas não é enviado: a resposta é 400 com cada problema no campo TISS. ' +
    'O número de protocolo pode ser informado no envio ou depois, pelo mesmo caminho com PUT.',
  permission: 'billing:write',
  input: z.strictObject({ id: idInput, protocol: protocolInput.optional() }),
  output: batchAnswer,
  http: { method: 'POST', path: '/billing/batch/{id}/send' },
  example: { id: EXAMPLE_ID, protocol: '202611230001' },
  async run(ctx, { id, protocol }) {
    const batch = await requireOpenBatch(ctx, id);
    const message = await checkedMessage(ctx, batch);
    if (message.problems.length) {
      throw new DomainError(
        'validation',
        'O XML do lote não passa nos esquemas TISS da ANS',
        message.problems.map((p) => ({ path: p.path, message: p.message })),
      );
    }
    const at = nowIso(ctx);
    const next = await ctx.store.collection(billingBatches).update(id, batch._rev, {
      ...batch,
      status: 'sent',
      ...(protocol ? { protocol } : {}),
      sendings: [...batch.sendings, { at, by: ctx.actor.id, hash: message.hash, ...(protocol ? { protocol } : {}) }],
      updatedAt: at,
    });
    return answerBatch(ctx, next);
  },
});

/** `insurance.batch.protocol`: `PUT /billing/batch/{id}/send`. */
export const setBatchProtocol = defineOperation({
  name: 'insurance.batch.protocol',
  group: 'Insurance',
  summary: 'Registra o número de protocolo que a operadora deu ao lote enviado',
  permission: 'billing:write',
  input: z.strictObject({ id: idInput, protocol: protocolInput }),
  output: batchAnswer,
  http: { method: 'PUT', path: '/billing/batch/{id}/send' },
  example: { id: EXAMPLE_ID, protocol: '202611230001' },
  async run(ctx, { id, protocol }) {
    const batch = await requireRecord(ctx.store.collection(billingBatches), id, 'Lote');
    if (batch.status !== 'sent') throw invalidTransition('Lote ainda não enviado', 'id', 'envie o lote antes');
    const sendings = batch.sendings.map((s, i) => (i === batch.sendings.length - 1 ? { ...s, protocol } : s));
    const next = await ctx.store
      .collection(billingBatches)
      .update(id, batch._rev, { ...batch, protocol, sendings, updatedAt: nowIso(ctx) });
    return answerBatch(ctx, next);
  },
});

/** `insurance.batch.cancelSending`: `DELETE /billing/batch/{id}/send`. */
export const cancelBatchSending = defineOperation({
  name: 'insurance.batch.cancelSending',
  group: 'Insurance',
  summary: 'Cancela o envio do lote: ele volta a aberto, com o envio cancelado no histórico',
  permission: 'billing:write',
  input: z.strictObject({ id: idInput, reason: z.string().trim().min(1, 'informe o motivo').max(500) }),
  output: batchAnswer,
  http: { method: 'DELETE', path: '/billing/batch/{id}/send' },
  example: { id: EXAMPLE_ID, reason: 'Operadora recusou o arquivo no portal' },
  async run(ctx, { id, reason }) {
    const batch = await requireRecord(ctx.store.collection(billingBatches), id, 'Lote');
    if (batch.status !== 'sent') throw invalidTransition('Lote não foi enviado', 'id', 'nada a cancelar');
    const at = nowIso(ctx);
    const cancelled = { at, by: ctx.actor.id, reason };
    const sendings = batch.sendings.map((s, i) => (i === batch.sendings.length - 1 ? { ...s, cancelled } : s));
    const { protocol: _dropped, ...rest } = batch;
    const next = await ctx.store
      .collection(billingBatches)
      .update(id, batch._rev, { ...rest, status: 'open', sendings, updatedAt: at });
    return answerBatch(ctx, next);
  },
});

/** The operations of this file. */
export const tissOperations = [getBatchTissXml, generateBatchXmlFile, sendBatch, setBatchProtocol, cancelBatchSending];
