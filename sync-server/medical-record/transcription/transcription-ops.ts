/**
 * Audio transcription operations (spec §4.4 Medical Record: "submit an audio file for transcription;
 * get an audio transcription"), MED-047 and MED-048. Server-only: the audio and the provider's key
 * never go to a station. An admin sets the account's provider (`/medicalRecord/audio/settings`); the
 * attending professional (or an admin) submits an audio of a record, kept on the server until the job
 * transcribes it (202 with the transcription id), then reads the text. Every submission and read is
 * audited (clinical content). A finished record accepts audio too: the text goes into an addendum,
 * written by the professional.
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { defineOperation, type Operation, type OperationContext } from '#core/operation.js';
import type { AuditLog } from '../../audit/writer.js';
import { auditBy } from '../../auth/services.js';
import { checkEndpointUrl } from '../../webhooks/webhook-service.js';
import { recordForWriting } from '../record-access.js';
import { AUDIO_MAX_BYTES, AUDIO_TYPES } from './transcription-port.js';
import type { TranscriptionRow, Transcriptions } from './transcription-store.js';

/** What the transcription operations need from the server. */
export interface TranscriptionDeps {
  transcriptions: Transcriptions;
  audit: AuditLog;
  /** Whether the account lets calls reach private networks (the webhooks' setting). */
  allowPrivate(tenantId: string): Promise<boolean>;
  /** Largest audio accepted, in bytes (`CLINIC_AUDIO_MAX_BYTES`); default {@link AUDIO_MAX_BYTES} (25 MiB). */
  maxBytes?: number;
}

const settingsOutput = z
  .object({
    configured: z.boolean(),
    baseUrl: z.string().optional(),
    model: z.string().optional(),
    keySet: z.boolean().describe('a chave nunca volta; só se está gravada'),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'TranscriptionSettings' });

const transcriptionOutput = z
  .object({
    id: z.string(),
    medicalRecord: z.string(),
    status: z.enum(['pending', 'done', 'failed']),
    fileName: z.string(),
    mediaType: z.string(),
    size: z.number().int().describe('bytes'),
    text: z.string().optional().describe('a transcrição, quando pronta'),
    error: z.string().optional().describe('o motivo da última falha (pt-BR)'),
    attempts: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AudioTranscription' });

const baseType = (t: string) => t.split(';')[0]!.trim().toLowerCase();

const outputOf = (row: TranscriptionRow) => ({
  id: row.id,
  medicalRecord: row.record_id,
  status: row.status as 'pending' | 'done' | 'failed',
  fileName: row.file_name,
  mediaType: row.media_type,
  size: Number(row.size),
  ...(row.text !== null ? { text: row.text } : {}),
  ...(row.error !== null ? { error: row.error } : {}),
  attempts: Number(row.attempts),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The transcription operations over `deps`. */
export function transcriptionOperations(deps: TranscriptionDeps): Operation[] {
  const { transcriptions, audit } = deps;
  const maxBytes = deps.maxBytes ?? AUDIO_MAX_BYTES;
  const maxLabel = `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MiB`;
  const record = (ctx: OperationContext, action: 'read' | 'create', id: string, detail: string) =>
    audit.record(auditBy(ctx.actor, ctx.origin, { action, collection: 'audio_transcriptions', recordId: id, detail }));

  const configure = defineOperation({
    name: 'medicalRecord.audio.settings.configure',
    group: GROUP,
    summary: 'Configura o serviço de transcrição de áudio da conta (endereço, modelo e chave)',
    description:
      'Um serviço que fala `POST /v1/audio/transcriptions` (API de áudio da OpenAI ou um servidor Whisper próprio). ' +
      'A chave fica cifrada no servidor e nunca volta nas respostas nem vai às estações; omitida, a gravada é mantida; ' +
      '`null` a apaga. Endereços de rede privada ou local só com redes privadas permitidas na conta.',
    permission: 'access:write',
    input: z.strictObject({
      baseUrl: z.url({ protocol: /^https?$/ }).describe('sem o /v1, ex.: https://api.openai.com'),
      model: z.string().trim().min(1).max(200).default('whisper-1'),
      apiKey: z.string().min(1).max(500).nullable().optional(),
    }),
    output: settingsOutput,
    http: { method: 'PUT', path: '/medicalRecord/audio/settings' },
    example: { baseUrl: 'https://api.openai.com', model: 'whisper-1', apiKey: 'sk-exemplo' },
    async run(ctx, input) {
      try {
        checkEndpointUrl(input.baseUrl, await deps.allowPrivate(ctx.actor.tenantId));
      } catch (error) {
        const detail = error instanceof DomainError ? error.details?.[0]?.message : undefined;
        throw new DomainError('validation', 'Endereço do serviço de transcrição inválido', [
          { path: 'baseUrl', message: detail ?? 'endereço inválido' },
        ]);
      }
      return { configured: true, ...(await transcriptions.configure(ctx.actor.tenantId, input)) };
    },
  });

  const settings = defineOperation({
    name: 'medicalRecord.audio.settings.get',
    group: GROUP,
    summary: 'Mostra o serviço de transcrição de áudio da conta (sem a chave)',
    permission: 'access:write',
    input: z.strictObject({}),
    output: settingsOutput,
    http: { method: 'GET', path: '/medicalRecord/audio/settings' },
    example: {},
    async run(ctx) {
      const info = await transcriptions.info(ctx.actor.tenantId);
      return info ? { configured: true, ...info } : { configured: false, keySet: false };
    },
  });

  const submit = defineOperation({
    name: 'medicalRecord.audio.submit',
    group: GROUP,
    summary: 'Envia um áudio do atendimento para transcrição',
    description:
      `Só o profissional do atendimento ou um administrador. O áudio vai como \`multipart/form-data\` (parte \`file\`, ` +
      `tipo audio/*) ou em base64 num JSON (\`content\`), até ${maxLabel} (CLINIC_AUDIO_MAX_BYTES; esta rota não segue ` +
      'o limite de corpo CLINIC_BODY_LIMIT); tipos: webm, ogg, mpeg (mp3), mp4/m4a, wav, flac. ' +
      'Fica no servidor só até ser transcrito. Responde 202 com o id; o texto sai em GET /medicalRecord/audio/{id}. ' +
      'Atendimento concluído também aceita: o texto entra num adendo.',
    permission: 'medicalRecord:write',
    input: z.strictObject({
      id: idInput,
      fileName: z.string().trim().min(1).max(200).optional(),
      mediaType: z
        .string()
        .refine(
          (t) => AUDIO_TYPES[baseType(t)] !== undefined,
          'tipo de áudio não aceito (webm, ogg, mpeg, mp4, wav, m4a)',
        ),
      content: z
        .base64('áudio em base64')
        .max(Math.ceil(maxBytes / 3) * 4, `áudio acima de ${maxLabel}`)
        .describe('o áudio, base64'),
    }),
    output: transcriptionOutput,
    http: {
      method: 'POST',
      path: '/medicalRecord/{id}/audio',
      status: 202,
      fileBody: {
        field: 'content',
        file: 'file',
        nameField: 'fileName',
        typeField: 'mediaType',
        accept: 'audio/',
        maxBytes,
      },
    },
    example: { id: EXAMPLE_ID, fileName: 'consulta.webm', mediaType: 'audio/webm', content: 'GkXfow==' },
    async run(ctx, { id, fileName, mediaType, content }) {
      await recordForWriting(ctx, id);
      const bytes = Buffer.from(content, 'base64');
      if (bytes.byteLength === 0 || bytes.byteLength > maxBytes)
        throw new DomainError('validation', 'Tamanho do áudio inválido', [
          { path: 'content', message: bytes.byteLength === 0 ? 'áudio vazio' : `áudio acima de ${maxLabel}` },
        ]);
      const type = baseType(mediaType);
      const by = ctx.actor.id;
      const row = await transcriptions.submit(ctx.actor.tenantId, id, by, {
        bytes,
        fileName: fileName ?? `audio.${AUDIO_TYPES[type]}`,
        mediaType: type,
      });
      record(ctx, 'create', row.id, `áudio do atendimento ${id} enviado para transcrição`);
      return outputOf(row);
    },
  });

  const get = defineOperation({
    name: 'medicalRecord.audio.get',
    group: GROUP,
    summary: 'Mostra uma transcrição de áudio: situação (pending, done, failed), texto e erro',
    permission: 'medicalRecord:read',
    input: z.strictObject({ id: idInput }),
    output: transcriptionOutput,
    http: { method: 'GET', path: '/medicalRecord/audio/{id}' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const row = await transcriptions.get(ctx.actor.tenantId, id);
      if (!row) throw new DomainError('not_found', 'Transcrição não encontrada');
      await recordForWriting(ctx, row.record_id);
      record(ctx, 'read', id, `transcrição do atendimento ${row.record_id}`);
      return outputOf(row);
    },
  });

  return [configure, settings, submit, get];
}
