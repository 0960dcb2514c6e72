import { accessModule } from './access/module.js';
import { budgetModule } from './budget/module.js';
import { clinicModule } from './clinic/module.js';
import { insuranceModule } from './insurance/module.js';
import { messagingModule } from './messaging/module.js';
import type { DomainModule } from './module.js';
import { installModules } from './module-install.js';
import type { Operation } from './operation.js';
import { patientModule } from './patient/module.js';
import { priceModule } from './price/module.js';
import { scheduleModule } from './schedule/module.js';
import { specialtyModule } from './specialty/module.js';
import type { AnyCollectionDef } from './store/collection-def.js';
import { ticketModule } from './ticket/module.js';

/**
 * The domain modules (core/module.ts), one line per group: their declarations are installed here and
 * nowhere else (docs/adding-a-group.md).
 */
export const modules: readonly DomainModule[] = [
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
installModules(modules);

/**
 * Every collection an installation and the server hold, from the modules: the RxDB schema, the SQL
 * tables and replication all derive from this one list.
 */
export const allCollections: readonly AnyCollectionDef[] = modules.flatMap((m) => m.collections.map((c) => c.def));

/** Every operation of the catalogue (spec §4), registered once; the REST routes derive from it. */
export const allOperations: readonly Operation[] = modules.flatMap((m) => m.operations);
