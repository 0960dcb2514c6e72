import type { Kysely } from 'kysely';
import type { AuditEvent } from '#core/access/audit.js';
import type { Actor } from '#core/actor.js';
import type { Clock } from '#core/clock.js';
import type { IdGenerator } from '#core/ids.js';
import { storeOutbox } from '#core/messaging/index.js';
import type { CallOrigin } from '#core/operation.js';
import type { Outbox } from '#core/outbox.js';
import type { AuditTables } from '../audit/audit-table.js';
import { AuditLog } from '../audit/writer.js';
import { SERVER_TENANT } from '../http/mount.js';
import type { SqlDatabase } from '../store/index.js';
import type { AccessConfig } from './access-config.js';
import { AccountsAndKeys } from './api-keys.js';
import type { AuthTables } from './auth-tables.js';
import { OneTimeTokens } from './one-time-tokens.js';
import { People } from './people.js';
import { ApiKeyRateLimiter, SqlRateLimiter } from './rate-limit.js';
import { signingKey } from './secrets.js';
import { SessionStore } from './sessions.js';
import { AccessTokens } from './tokens.js';
import { transactor, type Transactor } from './transactor.js';

/** Everything the server's access operations and authenticator work with, built once at start-up. */
export interface AccessServices {
  database: SqlDatabase;
  db: Kysely<AuthTables>;
  /** Runs work in one transaction over the auth tables (and collections, through stores opened inside). */
  atomic: Transactor;
  keys: AccountsAndKeys;
  people: People;
  sessions: SessionStore;
  tokens: AccessTokens;
  oneTime: OneTimeTokens;
  limits: SqlRateLimiter;
  keyLimits: ApiKeyRateLimiter;
  audit: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  config: AccessConfig;
  /**
   * The server's own outbox (tenant `server`, which no installation replicates and no account lists):
   * every e-mail carrying a single-use token (invitation, reset, confirmation) waits there.
   */
  serverOutbox: Outbox;
}

/**
 * Builds the access services over an open database whose migrations include `authMigrations`.
 * @param serverOutbox where token e-mails wait; the server tenant's durable outbox by default.
 * @throws Error when `CLINIC_JWT_SECRET` is set but too short.
 */
export async function createAccessServices(
  database: SqlDatabase,
  config: AccessConfig,
  clock: Clock,
  ids: IdGenerator,
  serverOutbox: Outbox = storeOutbox(database.forTenant(SERVER_TENANT), clock, ids),
): Promise<AccessServices> {
  const db = database.kysely.withTables<AuthTables>();
  return {
    database,
    db,
    atomic: transactor(database),
    keys: new AccountsAndKeys(db, clock, ids),
    people: new People(db, clock, ids),
    sessions: new SessionStore(db, transactor(database), clock, ids),
    tokens: new AccessTokens(await signingKey(db, clock, config.jwtSecret), clock),
    oneTime: new OneTimeTokens(clock),
    limits: new SqlRateLimiter(db, clock),
    keyLimits: new ApiKeyRateLimiter(config.apiKeyRatePerMinute, clock),
    audit: new AuditLog(database.kysely.withTables<AuditTables>(), clock, ids),
    clock,
    ids,
    config,
    serverOutbox,
  };
}

/** An audit event by `actor` from `origin`, for the events auth records itself. */
export function auditBy(
  actor: Pick<Actor, 'kind' | 'id' | 'tenantId'>,
  origin: CallOrigin | undefined,
  event: Pick<AuditEvent, 'action'> & Partial<AuditEvent>,
): AuditEvent {
  return {
    tenantId: actor.tenantId,
    actorKind: actor.kind,
    actorId: actor.id,
    ...(origin ? { ip: origin.ip, userAgent: origin.userAgent } : {}),
    ...event,
  };
}
