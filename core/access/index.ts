/**
 * Accounts, users and access (issue 3): roles and permissions, the users collection, the guarded
 * store, the audit record, offline login, and the account's own settings. The server adds login,
 * sessions, invitations and API keys in sync-server/auth.
 */
import type { Operation } from '../operation.js';
import './push-contracts.js';
import './user-sync-rules.js';
import type { AnyCollectionDef } from '../store/collection-def.js';
import { accountConfigurationOperations, accountConfigurations } from './account-configuration.js';
import { personalTemplateOperations, personalTemplates } from './personal-template.js';
import { scheduleFilterOperations, scheduleFilters } from './schedule-filter.js';
import { userOperations } from './user-ops.js';
import { users } from './user.js';

export { closedStore } from './closed-store.js';
export { guardStore, changedFields, type GuardContext } from './guarded-store.js';
export { collectionPolicy, declareCollectionPolicy, declareSensitive, type CollectionPolicy } from './policy.js';
export { permissionsOf, isPermission, isRole, ROLES, RESOURCES, type Role, type Resource } from './roles.js';
export * from './audit.js';
export * from './user.js';

/** Collections of this group, for `allCollections`. */
export const accessCollections: readonly AnyCollectionDef[] = [
  users,
  accountConfigurations,
  scheduleFilters,
  personalTemplates,
];

/** Operations of this group that run on any store (desk or server), for `allOperations`. */
export const accessOperations: readonly Operation[] = [
  ...userOperations,
  ...accountConfigurationOperations,
  ...scheduleFilterOperations,
  ...personalTemplateOperations,
];
