/**
 * The registry-wide push suite (suite.ts), on SQLite and PostgreSQL: one server per engine (fixture.ts),
 * started and seeded once, then every spec group's checks and cases in a `describe` of its own. The groups
 * run one after another on that server; each pushes samples with fresh ids, so none depends on another.
 *
 * A new module goes into one group of `PUSH_CONTRACT_GROUPS` (groups.ts; coverage.test.ts fails until it
 * does) and its operation writes into that group's module below; a new group also needs its module here
 * (the type of `GROUP_SUITES` requires one per group).
 */
import { describe } from 'vitest';
import { accessMessaging } from './access-messaging.js';
import { billingTiss } from './billing-tiss.js';
import { backends, useServer } from './fixture.js';
import { finance } from './finance.js';
import type { PushContractGroup } from './groups.js';
import { inventory } from './inventory.js';
import { medicalRecord } from './medical-record.js';
import { schedulePatient } from './schedule-patient.js';
import { definePushCases, type GroupSuite } from './suite.js';

/** Every group's module, in the order the groups run. */
const GROUP_SUITES: Record<PushContractGroup, GroupSuite> = {
  'schedule-patient': schedulePatient,
  'medical-record': medicalRecord,
  'billing-tiss': billingTiss,
  inventory,
  finance,
  // Last: its case adds professionals without a council, and the other groups' writes take the first one.
  'access-messaging': accessMessaging,
};

for (const backend of await backends()) {
  describe.skipIf(backend.skip)(`push contracts (${backend.name})`, () => {
    const server = useServer(backend);
    for (const suite of Object.values(GROUP_SUITES)) describe(suite.group, () => definePushCases(suite, server));
  });
}
