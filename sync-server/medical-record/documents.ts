/**
 * The attendance's documents, reports, files and shares as one server part (MED-030..MED-035): the
 * tables' migrations and the operations over a {@link MedicalDocuments} service the server builds
 * with its file storage.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '#core/clock.js';
import type { IdGenerator } from '#core/ids.js';
import type { Operation } from '#core/operation.js';
import { medicalRecords } from '#core/medical-record/record.js';
import type { Database } from '#core/store/port.js';
import type { AuditLog } from '../audit/writer.js';
import type { SqlRateLimiter } from '../auth/rate-limit.js';
import { storedFileMigrations } from '../files/db-storage.js';
import type { FileStorage } from '../files/file-storage.js';
import { documentOperations } from './document-ops.js';
import { MedicalDocuments } from './document-service.js';
import { medicalDocumentMigrations, type MedicalDocumentTables } from './document-tables.js';
import { reportOperations } from './report-ops.js';
import { shareOperations } from './share-ops.js';
import { sharedAccessOperations } from './shared-access-ops.js';

/** The tables of documents and of the database file storage, part of the server migrations. */
export const documentMigrations = { ...storedFileMigrations, ...medicalDocumentMigrations };

/** What the server hands over. */
export interface DocumentParts {
  db: Kysely<unknown>;
  database: Database;
  storage: FileStorage;
  clock: Clock;
  ids: IdGenerator;
  audit: AuditLog;
  limits: SqlRateLimiter;
  allowPrivate(tenantId: string): Promise<boolean>;
  /** `CLINIC_PUBLIC_URL`: the origin patients reach the API at; links are paths without it. */
  publicBase?: string;
}

/**
 * Rewrites record `id` as it is, through the tenant's unguarded store (no one read or changed its content:
 * no audit entry), so it takes the tenant's next replication sequence.
 */
async function touchRecord(database: Database, tenantId: string, id: string): Promise<void> {
  const records = database.forTenant(tenantId).collection(medicalRecords);
  const record = await records.get(id);
  if (record) await records.update(id, record._rev, record);
}

/** Builds the service and every document operation. */
export function medicalDocumentParts(parts: DocumentParts): { docs: MedicalDocuments; operations: Operation[] } {
  const docs = new MedicalDocuments(
    parts.db.withTables<MedicalDocumentTables>(),
    parts.storage,
    parts.clock,
    parts.ids,
  );
  return {
    docs,
    operations: [
      ...documentOperations({ docs, audit: parts.audit, allowPrivate: (tenantId) => parts.allowPrivate(tenantId) }),
      ...reportOperations(docs, parts.audit),
      ...shareOperations(docs, parts.audit, (parts.publicBase ?? '').replace(/\/$/, ''), (tenantId, id) =>
        touchRecord(parts.database, tenantId, id),
      ),
      ...sharedAccessOperations({ docs, database: parts.database, audit: parts.audit, limits: parts.limits }),
    ],
  };
}
