/**
 * Test-only: installs the module declarations of just the collections a test database opens. A fixture
 * holding a subset of the groups cannot install the whole catalogue: unification would look for every
 * collection that references a patient, and at most 13 RxDB collections open in one process (COL23).
 * The app installs every module through `core/catalogue.ts`.
 */
import { accessModule } from './access/module.js';
import { budgetModule } from './budget/module.js';
import { clinicModule } from './clinic/module.js';
import { insuranceModule } from './insurance/module.js';
import { messagingModule } from './messaging/module.js';
import type { DomainModule } from './module.js';
import { installModules } from './module-install.js';
import { patientModule } from './patient/module.js';
import { priceModule } from './price/module.js';
import { scheduleModule } from './schedule/module.js';
import { specialtyModule } from './specialty/module.js';
import type { AnyCollectionDef } from './store/collection-def.js';
import { ticketModule } from './ticket/module.js';

/** The catalogue's modules, without installing them (`core/module.test.ts` checks both lists agree). */
export const testModules: readonly DomainModule[] = [
  accessModule,
  messagingModule,
  clinicModule,
  patientModule,
  specialtyModule,
  insuranceModule,
  priceModule,
  budgetModule,
  scheduleModule,
  ticketModule,
];

/**
 * Installs what the modules declare about each of `opened` (found by the definition itself, so a
 * test's stand-in with a real collection's name installs nothing); declaring again changes nothing.
 */
export function installOpened(opened: readonly AnyCollectionDef[]): void {
  const defs = new Set(opened);
  installModules(testModules.map((m) => ({ ...m, collections: m.collections.filter((c) => defs.has(c.def)) })));
}
