/**
 * The server's side of accounts, users and access (issue 3): login, sessions, passwords,
 * invitations, accounts, API keys and the audit log's query, as operations for the registry.
 */
import type { Operation } from '#core/operation.js';
import { auditListOperation } from '../audit/audit-ops.js';
import type { AuditTables } from '../audit/audit-table.js';
import { accountOperations } from './account-ops.js';
import { apiKeyOperations } from './api-key-ops.js';
import { loginOperation, refreshOperation } from './login-ops.js';
import { passwordOperations } from './password-ops.js';
import type { AccessServices } from './services.js';
import { sessionOperations } from './session-ops.js';
import { userAdminOperations } from './user-admin-ops.js';

export { readAccessConfig, type AccessConfig } from './access-config.js';
export { accessAuthenticator, type RequestMeta } from './authenticate.js';
export { authMigrations, type AuthTables } from './auth-tables.js';
export { describeAccess } from './openapi-security.js';
export { requestOrigin } from './origin.js';
export { RateLimitedError } from './rate-limit.js';
export { createAccessServices, type AccessServices } from './services.js';

/**
 * Operations only the server runs (they need credentials and server-only tables), registered
 * beside `allOperations`. Order matters where paths overlap: `/session/current` before `/session/{id}`.
 */
export function serverAccessOperations(services: AccessServices): Operation[] {
  return [
    loginOperation(services),
    refreshOperation(services),
    ...sessionOperations(services),
    ...passwordOperations(services),
    ...accountOperations(services),
    ...userAdminOperations(services),
    ...apiKeyOperations(services),
    auditListOperation(services.database.kysely.withTables<AuditTables>(), services.audit),
  ] as Operation[];
}
