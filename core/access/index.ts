/**
 * Accounts, users and access (issue 3): roles and permissions, the users collection, the guarded
 * store, the audit record, offline login, and the account's own settings. The server adds login,
 * sessions, invitations and API keys in sync-server/auth.
 */
export { closedStore } from './closed-store.js';
export { guardStore, changedFields, type GuardContext } from './guarded-store.js';
export { accessModule } from './module.js';
export { collectionPolicy, healthData, type CollectionPolicy } from './policy.js';
export { permissionsOf, isPermission, isRole, ROLES, resourceNames, type Role, type Resource } from './roles.js';
export * from './audit.js';
export * from './user.js';
