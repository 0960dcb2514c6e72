/** Accounts, users and access (issue 3): the domain module (core/module.ts). */
import { domainModule } from '#core/module.js';
import { accountConfigurationOperations, accountConfigurations } from './account-configuration.js';
import { personalTemplateOperations, personalTemplates } from './personal-template.js';
import { accountConfigurationPush, personalTemplatePush, scheduleFilterPush, userPush } from './push-contracts.js';
import { scheduleFilterOperations, scheduleFilters } from './schedule-filter.js';
import { userOperations } from './user-ops.js';
import { userSyncRules } from './user-sync-rules.js';
import { users } from './user.js';

export const accessModule = domainModule({
  name: 'access',
  collections: [
    {
      def: users,
      push: userPush,
      sync: userSyncRules,
      // Users are not patient data, but a role change is a permission change: log every write.
      policy: { resource: 'user', check: false, audit: 'writes', permissionFields: ['role', 'active', 'status'] },
    },
    { def: accountConfigurations, push: accountConfigurationPush },
    { def: scheduleFilters, push: scheduleFilterPush },
    { def: personalTemplates, push: personalTemplatePush },
  ],
  operations: [
    ...userOperations,
    ...accountConfigurationOperations,
    ...scheduleFilterOperations,
    ...personalTemplateOperations,
  ],
});
