/**
 * A billing batch (spec §2.5 "Batch", §4.4 Billing/Insurance: lote de guias): attendances of one
 * clinic and one insurance, of one guide type, written as one TISS message. `open` while it is put
 * together; `sent` once the message was validated and handed to the operator (its protocol number,
 * when the operator gave one, is kept); a cancelled sending reopens it. Deleting a batch frees its
 * attendances.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { GUIDE_TYPES, type GuideType } from './tiss/tiss-data.js';

/** Batch statuses: `open` (editable) and `sent` (locked until the sending is cancelled). */
export const BATCH_STATUSES = ['open', 'sent'] as const;
/** One of {@link BATCH_STATUSES}. */
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** One sending of the batch, kept when it is cancelled too. */
export interface BatchSending {
  at: string;
  by: string;
  /** Epilogue hash of the message sent. */
  hash: string;
  protocol?: string;
  cancelled?: { at: string; by: string; reason: string };
}

/** A batch as stored. */
export interface BillingBatch extends RecordBase {
  clinic: string;
  insurance: string;
  guideType: GuideType;
  /** numeroLote: a sequence of the account. */
  batchNumber: number;
  /** TISS version of the insurer when the batch was created (dm_versao). */
  tissVersion: string;
  status: BatchStatus;
  /** Ids of its `billing_attendances`, in the order they were added. */
  attendances: string[];
  /** Protocol number the operator gave for the current sending. */
  protocol?: string;
  sendings: BatchSending[];
  /** Refusal appeals written for it (recurso de glosa). */
  appeals?: BatchAppeal[];
  /** The bill to receive from the insurer in finance (`billing.batch.receivable`, TISS-018). */
  receivable?: BatchReceivable;
  /** What the operator's web service last said of the protocol (the protocol-status job, TISS-024). */
  protocolStatus?: BatchProtocolStatus;
}

/** The protocol's situation at the operator (situacaoProtocoloWS), as last checked. */
export interface BatchProtocolStatus {
  /** dm_statusProtocolo: 1 recebido, 2 em análise, 3 liberado para pagamento, 4 encerrado sem pagamento, 5 analisado e aguardando liberação, 6 pagamento efetuado, 7 não localizado, 8 aguardando informação complementar, 9 cancelado. */
  status: string;
  /** Reais: valorProcessado, valorGlosa, valorLiberado. */
  processed: number;
  refused: number;
  released: number;
  checkedAt: string;
}

/** The receivable of a sent batch: the finance bill made for it. */
export interface BatchReceivable {
  /** The `finance_bills` record. */
  bill: string;
  /** Reais: the batch's total when the bill was made. */
  amount: number;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  at: string;
  by: string;
}

/** One refusal appeal of the batch. */
export interface BatchAppeal {
  /** numeroGuiaRecGlosaPrestador: a sequence of the account. */
  number: number;
  at: string;
  by: string;
  hash: string;
  /** Attendances appealed. */
  attendances: string[];
  /** Reais appealed. */
  total: number;
}

/** The `billing_batches` collection: listed by insurance and status. */
export const billingBatches = defineCollection<BillingBatch>({
  name: 'billing_batches',
  fields: { insurance: 'string', status: 'string', batchNumber: 'number' },
  indexes: [['insurance', 'status'], ['batchNumber']],
});

/** A batch as answered, with its total in reais. */
export const billingBatchOutput = z
  .object({
    ...recordOutputFields,
    clinic: z.string(),
    insurance: z.string(),
    guideType: z.enum(GUIDE_TYPES),
    batchNumber: z.number(),
    tissVersion: z.string(),
    status: z.enum(BATCH_STATUSES),
    attendances: z.array(z.string()),
    protocol: z.string().optional(),
    sendings: z.array(
      z.object({
        at: z.string(),
        by: z.string(),
        hash: z.string(),
        protocol: z.string().optional(),
        cancelled: z.object({ at: z.string(), by: z.string(), reason: z.string() }).optional(),
      }),
    ),
    appeals: z
      .array(
        z.object({
          number: z.number(),
          at: z.string(),
          by: z.string(),
          hash: z.string(),
          attendances: z.array(z.string()),
          total: z.number().describe('reais'),
        }),
      )
      .optional(),
    receivable: z
      .object({
        bill: z.string(),
        amount: z.number().describe('reais'),
        dueDate: z.string(),
        at: z.string(),
        by: z.string(),
      })
      .optional()
      .describe('conta a receber do convênio no financeiro'),
    protocolStatus: z
      .object({
        status: z.string().describe('dm_statusProtocolo (1 recebido … 6 pagamento efetuado, 9 cancelado)'),
        processed: z.number().describe('reais'),
        refused: z.number().describe('reais'),
        released: z.number().describe('reais'),
        checkedAt: z.string(),
      })
      .optional()
      .describe('situação do protocolo na operadora (consulta pelo web service TISS)'),
  })
  .meta({ id: 'Batch' });
