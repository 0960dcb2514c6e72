/**
 * Test-only: the sync server's app over a real SQLite file or PostgreSQL schema, mounting the master-data operations, with
 * an API key per need (all permissions, read-only, another account).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pino from 'pino';
import { masterDataCollections } from '#core/common/testing.js';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import type { Operation } from '#core/operation.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import { createRegistry } from '#core/registry.js';
import { clinicModule } from '#core/clinic/module.js';
import { insuranceModule } from '#core/insurance/module.js';
import { patientModule } from '#core/patient/module.js';
import { priceModule } from '#core/price/module.js';
import { specialtyModule } from '#core/specialty/module.js';
import { createApp } from '../../sync-server/app.js';
import { AccountsAndKeys } from '../../sync-server/auth/api-keys.js';
import { authMigrations, type AuthTables } from '../../sync-server/auth/auth-tables.js';
import { apiKeyAuthenticator } from '../../sync-server/auth/authenticate.js';
import { openSqlDatabase, type SqlDatabase } from '../../sync-server/store/index.js';
import { memoryContexts } from '../../sync-server/testing/memory-contexts.js';
import { dropSchema, postgresUrl } from '../../sync-server/testing/postgres.js';

/** Every operation of issue 4. */
export const masterDataOperations: readonly Operation[] = [
  ...clinicModule.operations,
  ...patientModule.operations,
  ...specialtyModule.operations,
  ...insuranceModule.operations,
  ...priceModule.operations,
];

/** A JSON error body. */
export interface ErrorBody {
  code: string;
  message: string;
  details: { path: string; message: string }[];
}

/** The running fixture. */
export interface RestFixture {
  app: Hono;
  database: SqlDatabase;
  tenantId: string;
  keys: { all: string; readOnly: string; otherAccount: string };
  /** Sends a request with `auth-bearer` (the full key unless `key` says otherwise) and a JSON body. */
  call(method: string, path: string, body?: unknown, key?: string): Promise<Response>;
  /** The `error` of a failed response. */
  errorOf(res: Response): Promise<ErrorBody>;
  close(): Promise<void>;
}

/** The engines the REST suite runs on. */
export type Engine = 'sqlite' | 'postgresql';

/** Another group's collections and operations, mounted beside the master data's. */
export interface RestExtra {
  collections: readonly AnyCollectionDef[];
  operations: readonly Operation[];
}

/**
 * Opens a fresh database (a SQLite file, or a PostgreSQL schema of its own), registers the keys and
 * builds the app.
 */
export async function openRestFixture(
  engine: Engine = 'sqlite',
  extra: RestExtra = { collections: [], operations: [] },
): Promise<RestFixture> {
  const dir = engine === 'sqlite' ? mkdtempSync(join(tmpdir(), 'clinic-master-data-')) : undefined;
  const schema = engine === 'postgresql' ? `test_master_${randomBytes(4).toString('hex')}` : undefined;
  const database = await openSqlDatabase({
    ...(dir ? { url: join(dir, 'clinic.db') } : { url: postgresUrl, schema: schema! }),
    collections: [...masterDataCollections, ...extra.collections],
    migrations: authMigrations,
  });
  const accounts = new AccountsAndKeys(database.kysely.withTables<AuthTables>(), systemClock, uuidV7Ids);
  const all = 'chave-de-teste-cadastros-todas';
  const tenantId = await accounts.bootstrap(all);
  const readOnly = (await accounts.createKey(tenantId, { permissions: ['patient:read', 'clinic:read'] })).key;
  const otherAccount = (await accounts.createKey(await accounts.createAccount('Outra clínica'))).key;
  const app = createApp({
    registry: createRegistry([...masterDataOperations, ...extra.operations]),
    database,
    authenticate: apiKeyAuthenticator(accounts),
    logger: pino({ level: 'silent' }),
    bodyLimit: 1024 * 1024,
    ping: () => database.ping(),
    version: '0.0.0-test',
    contexts: memoryContexts(database),
  });
  return {
    app,
    database,
    tenantId,
    keys: { all, readOnly, otherAccount },
    call(method, path, body, key = all) {
      const headers = new Headers({ 'auth-bearer': key });
      if (body !== undefined) headers.set('content-type', 'application/json');
      return Promise.resolve(
        app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
      );
    },
    async errorOf(res) {
      return ((await res.json()) as { error: ErrorBody }).error;
    },
    async close() {
      await database.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    },
  };
}
