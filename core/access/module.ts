/** Accounts, users and access (issue 3): the domain module (core/module.ts). */
import { domainModule } from '#core/module.js';
import { accountConfigurationOperations, accountConfigurations } from './account-configuration-ops.js';
import { personalTemplateOperations, personalTemplates } from './personal-template-ops.js';
import { accountConfigurationPush, personalTemplatePush, scheduleFilterPush, userPush } from './push-contracts.js';
import { accessReview } from './review.js';
import { r, rw } from './role-grants.js';
import { scheduleFilterOperations, scheduleFilters } from './schedule-filter-ops.js';
import { userOperations } from './user-ops.js';
import { userSyncRules } from './user-sync-rules.js';
import { users } from './user.js';

export const accessModule = domainModule({
  name: 'access',
  // `access` (roles, invitations, API keys) is held by admins only (`*`), so no other role raises itself;
  // `profile` is the caller's own things (schedule filter, personal templates), `session` their sessions;
  // `user:write` edits professionals' profiles.
  access: {
    resources: ['access', 'account', 'apiKey', 'audit', 'document', 'profile', 'report', 'session', 'user'],
    roles: {
      staff: [...rw('session', 'profile'), ...r('account', 'user')],
      reception: rw('user', 'document'),
      professional: [...rw('document'), ...r('report')],
      finance: r('report'),
      totem: [...rw('session'), ...r('account')],
    },
  },
  collections: [
    {
      def: users,
      storageGroup: 'people',
      review: accessReview.users,
      push: userPush,
      sync: userSyncRules,
      // Users are not patient data, but a role change is a permission change: log every write.
      policy: { resource: 'user', check: false, audit: 'writes', permissionFields: ['role', 'active', 'status'] },
    },
    {
      def: accountConfigurations,
      storageGroup: 'account',
      review: accessReview.account_configurations,
      push: accountConfigurationPush,
    },
    { def: scheduleFilters, storageGroup: 'account', review: accessReview.schedule_filters, push: scheduleFilterPush },
    {
      def: personalTemplates,
      storageGroup: 'account',
      review: accessReview.personal_templates,
      push: personalTemplatePush,
    },
  ],
  operations: [
    ...userOperations,
    ...accountConfigurationOperations,
    ...scheduleFilterOperations,
    ...personalTemplateOperations,
  ],
});
