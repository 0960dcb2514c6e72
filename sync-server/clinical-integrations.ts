/**
 * The clinical and insurer parts of the server, built once at assembly (issues 23 and 25): the
 * attendance's documents over the file storage (`CLINIC_FILES`), the insurers' TISS web-service
 * connections with the protocol-status job, and audio transcription with its job. `server.ts` adds
 * their operations to the registry and their migrations to the server's.
 */
import type { Logger } from 'pino';
import type { InsurerTransport } from '#core/billing/insurer-transport.js';
import type { Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import type { Operation } from '#core/operation.js';
import type { AccessServices } from './auth/index.js';
import { InsurerConnections, insurerConnectionMigrations } from './billing/insurer-connections.js';
import { insurerOperations } from './billing/insurer-ops.js';
import { protocolStatusJob, type ProtocolStatusJob } from './billing/protocol-status-job.js';
import { procedureRequestOperations } from './billing/request-ops.js';
import { soapInsurerTransport } from './billing/soap-insurer.js';
import type { FileStorage } from './files/file-storage.js';
import { fileStorageFor } from './files/storage-config.js';
import type { MedicalDocuments } from './medical-record/document-service.js';
import { documentMigrations, medicalDocumentParts } from './medical-record/documents.js';
import { transcriptionJob, type TranscriptionJob } from './medical-record/transcription/transcription-job.js';
import { transcriptionOperations } from './medical-record/transcription/transcription-ops.js';
import { Transcriptions, transcriptionMigrations } from './medical-record/transcription/transcription-store.js';
import type { SqlDatabase } from './store/index.js';
import type { SecretBox } from './webhooks/secret-box.js';

/** The clinical parts' server tables. */
export const clinicalMigrations = { ...documentMigrations, ...insurerConnectionMigrations, ...transcriptionMigrations };

/** What the clinical parts need from the server being assembled. */
export interface ClinicalDeps {
  database: SqlDatabase;
  secrets: SecretBox;
  clock: Clock;
  access: AccessServices;
  logger: Logger;
  /** Whether an account lets its integrations reach private addresses (the webhook setting, SSRF). */
  allowPrivate: (tenantId: string) => Promise<boolean>;
  /** Where attendance files go; default `CLINIC_FILES` (sync-server/files/storage-config.ts). */
  files?: FileStorage;
  /** The insurers' TISS web services; default the SOAP adapter. */
  insurerTransport?: InsurerTransport;
  env?: Record<string, string | undefined>;
}

/** The built clinical parts. */
export interface ClinicalParts {
  /** The attendance's files, reports (laudos) and shares. */
  documents: MedicalDocuments;
  /** Insurers' TISS web-service connections and the protocol-status job (`start` it to time it). */
  tiss: { connections: InsurerConnections; protocolJob: ProtocolStatusJob };
  /** Accounts' transcription settings, submitted audios and the job transcribing them (`start` it). */
  transcription: { transcriptions: Transcriptions; job: TranscriptionJob };
  operations: Operation[];
}

/**
 * Builds the documents, TISS connections and transcription parts.
 *
 * @throws Error when `CLINIC_TRANSCRIPTION_INTERVAL_MS` or `CLINIC_AUDIO_MAX_BYTES` is not a positive integer.
 */
export async function buildClinicalParts(deps: ClinicalDeps): Promise<ClinicalParts> {
  const { database, secrets, clock, access, logger, allowPrivate } = deps;
  const env = deps.env ?? process.env;
  const documents = medicalDocumentParts({
    db: database.kysely,
    database,
    storage: deps.files ?? (await fileStorageFor(database, clock)),
    clock,
    ids: uuidV7Ids,
    audit: access.audit,
    limits: access.limits,
    allowPrivate,
    ...(env.CLINIC_PUBLIC_URL ? { publicBase: env.CLINIC_PUBLIC_URL } : {}),
  });
  const connections = new InsurerConnections(database, secrets, clock);
  const insurer = deps.insurerTransport ?? soapInsurerTransport();
  const protocolJob = protocolStatusJob({
    database,
    connections,
    transport: insurer,
    clock,
    audit: access.audit,
    logger,
  });
  const transcriptions = new Transcriptions(database, secrets, clock, uuidV7Ids);
  const intervalRaw = env.CLINIC_TRANSCRIPTION_INTERVAL_MS;
  if (intervalRaw && !(Number.isInteger(Number(intervalRaw)) && Number(intervalRaw) > 0))
    throw new Error(`CLINIC_TRANSCRIPTION_INTERVAL_MS inválido: "${intervalRaw}"`);
  const audioMax = env.CLINIC_AUDIO_MAX_BYTES;
  if (audioMax && !(Number.isInteger(Number(audioMax)) && Number(audioMax) > 0))
    throw new Error(`CLINIC_AUDIO_MAX_BYTES inválido: "${audioMax}"`);
  const job = transcriptionJob({
    transcriptions,
    clock,
    logger,
    allowPrivate,
    ...(intervalRaw ? { intervalMs: Number(intervalRaw) } : {}),
  });
  return {
    documents: documents.docs,
    tiss: { connections, protocolJob },
    transcription: { transcriptions, job },
    operations: [
      ...documents.operations,
      ...insurerOperations(connections, insurer, protocolJob),
      ...procedureRequestOperations(connections, insurer),
      ...transcriptionOperations({
        transcriptions,
        audit: access.audit,
        allowPrivate,
        ...(audioMax ? { maxBytes: Number(audioMax) } : {}),
      }),
    ],
  };
}
